import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUser, type User } from '../../app/session/session-store';
import { reviewDue } from '../../app/session/review-due';
import { useReviewSession } from './use-review-session';

const api = vi.hoisted(() => ({ reviewQueue: vi.fn(), sendGrade: vi.fn(), undoGrade: vi.fn() }));
vi.mock('./review-api', () => api);

const queue = (cards: object[], nextDueAt: string, dueCount = cards.length) => ({
  resultCode: 200,
  errMsg: '',
  data: { cards, dueCount, doneToday: 2, nextDue: '', nextDueAt, trial: 0 },
});

function Screen() {
  useReviewSession();
  return null;
}

afterEach(() => api.reviewQueue.mockReset());

describe('the 复习 screen while it stays open', () => {
  // Outside walk: a topic missed a minute before never came back on an open 复习 screen, and its
  // badge stayed behind, until the page was reloaded.
  it('asks again when the next card comes due once the list is done, and the badge follows', async () => {
    setUser({ userId: 'stu-1', username: '林悦' } as User);
    api.reviewQueue.mockResolvedValueOnce(queue([], new Date(Date.now() + 100).toISOString()));
    const card = { kind: 'case', sourceId: 'case-03', nodeId: 'n1', text: '定时任务', preview: {} };
    api.reviewQueue.mockResolvedValue(queue([card], '', 1));
    render(<Screen />);
    await waitFor(() => expect(api.reviewQueue).toHaveBeenCalledTimes(2), { timeout: 3000 });
    await waitFor(() => expect(reviewDue.count).toBe(1));
  });
});
