import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ShareDialog } from './ShareDialog';

const api = vi.hoisted(() => ({
  mapMembers: vi.fn(),
  inviteMember: vi.fn(),
  setMemberRole: vi.fn(),
  removeMember: vi.fn(),
  ROLE_LABEL: { edit: '可编辑', view: '只读' },
}));
vi.mock('./share-api', () => api);

describe('ShareDialog', () => {
  // Found by the two-student e2e: on a live map the page re-renders with every presence change,
  // each time with an equal but new map ref; the dialog asked for its members again and wiped
  // what it had just said (合作员的权限已改为只读).
  it('asks for the members when it opens, not again when the page re-renders with an equal ref', async () => {
    api.mapMembers.mockResolvedValue({ owner: { studentId: 'stu-1', name: '合作主' }, max: 30, members: [] });
    const view = render(<ShareDialog open onClose={() => {}} map={{ kind: 'case', mapId: 'case-01' }} />);
    await screen.findByRole('dialog', { name: '共享导图' });
    await waitFor(() => expect(api.mapMembers).toHaveBeenCalledTimes(1));
    view.rerender(<ShareDialog open onClose={() => {}} map={{ kind: 'case', mapId: 'case-01' }} />);
    view.rerender(<ShareDialog open onClose={() => {}} map={{ kind: 'case', mapId: 'case-01' }} />);
    expect(api.mapMembers).toHaveBeenCalledTimes(1);
    view.rerender(<ShareDialog open onClose={() => {}} map={{ kind: 'case', mapId: 'case-02' }} />);
    await waitFor(() => expect(api.mapMembers).toHaveBeenCalledTimes(2));
  });
});
