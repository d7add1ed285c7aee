import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LeaveButton } from './LeaveButton';

const api = vi.hoisted(() => ({ leaveMap: vi.fn() }));
vi.mock('./share-api', () => api);
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../app/ui/toast-store', () => ({ toast: toasts }));
vi.mock('../../app/router/hash-location', () => ({ navigate: vi.fn() }));

describe('LeaveButton', () => {
  // Outside walk (issue 32): 已退出共享 came with 你已不是这张导图的成员 — the live socket the server
  // closes for the leave was said as a removal. The leave runs inside the autosaver's `leave`.
  it('leaves through the page’s leave, so its live socket’s closing is not said as a removal', async () => {
    const order: string[] = [];
    api.leaveMap.mockImplementation(async () => void order.push('leaveMap'));
    const leave = vi.fn(async (run: () => Promise<void>) => {
      order.push('leave');
      await run();
      order.push('left');
    });
    const flush = vi.fn(async () => void order.push('flush'));
    render(<LeaveButton map={{ kind: 'own', mapId: 'm1' }} ownerId="stu-1" flush={flush} leave={leave} then="/personal/myMaps" />);
    fireEvent.click(screen.getByRole('button', { name: '退出共享' }));
    fireEvent.click(screen.getByRole('button', { name: '确定退出' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('已退出共享'));
    expect(order).toEqual(['flush', 'leave', 'leaveMap', 'left']);
    expect(api.leaveMap).toHaveBeenCalledWith({ kind: 'own', mapId: 'm1' }, 'stu-1');
  });
});
