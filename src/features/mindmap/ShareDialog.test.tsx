import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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

  it('names the student invited (the answer lists them by name), with their 学号 and role', async () => {
    const owner = { studentId: 'stu-1', name: '合作主' };
    api.mapMembers.mockResolvedValue({ owner, max: 30, members: [] });
    api.inviteMember.mockResolvedValue({
      owner,
      max: 30,
      members: [{ studentId: 'stu-2', name: '林悦', studentNo: '20210001', role: 'edit', since: '2026-11-30 09:00:00' }],
    });
    render(<ShareDialog open onClose={() => {}} map={{ kind: 'own', mapId: 'm1' }} />);
    const field = await screen.findByLabelText('同学的学号');
    fireEvent.change(field, { target: { value: ' 20210001 ' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByText('已邀请 林悦（学号 20210001，可编辑）')).toBeTruthy();
    expect(api.inviteMember).toHaveBeenCalledWith({ kind: 'own', mapId: 'm1' }, '20210001', 'edit');
  });

  // Outside walk (issue 32): the confirmation was in screen-reader text only; sighted users saw nothing.
  it('shows the invite confirmation as a visible polite status line, and where a 学号 is found', async () => {
    const owner = { studentId: 'stu-1', name: '合作主' };
    api.mapMembers.mockResolvedValue({ owner, max: 30, members: [] });
    api.inviteMember.mockResolvedValue({
      owner,
      max: 30,
      members: [{ studentId: 'stu-2', name: '林悦', studentNo: '20210001', role: 'view', since: '2026-11-30 09:00:00' }],
    });
    render(<ShareDialog open onClose={() => {}} map={{ kind: 'own', mapId: 'm1' }} />);
    const field = await screen.findByLabelText('同学的学号');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('同学可在「个人中心 › 个人设置」里查看自己的学号');
    fireEvent.change(field, { target: { value: '20210001' } });
    fireEvent.submit(field.closest('form')!);
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toBe('已邀请 林悦（学号 20210001，只读）'));
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.className).not.toContain('visually-hidden');
    expect(status.className).toContain('share-dialog__said');
  });
});
