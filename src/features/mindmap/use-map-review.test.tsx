import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reviewDue } from '../../app/session/review-due';
import { session } from '../../app/session/session-store';
import { useMapReview } from './use-map-review';

const api = vi.hoisted(() => ({ mapReview: vi.fn() }));
vi.mock('./api', () => api);
const http = vi.hoisted(() => ({ apiGet: vi.fn(), RESULT_OK: 200 }));
vi.mock('../../app/http/client', () => http);

let seen: { due: number } = { due: -1 };
function Panel({ tick }: { tick: number }) {
  const review = useMapReview('case-01', true, tick);
  seen = { due: review.due.size };
  return null;
}

afterEach(() => {
  api.mapReview.mockReset();
  http.apiGet.mockReset();
});

describe('useMapReview', () => {
  // Outside walk: after a 回忆练习 the map's 待复习 and the header badge disagreed, and a topic
  // missed a minute before never showed as due until the page was left.
  it('asks again when the next topic comes due, and the header badge follows every answer', async () => {
    session.token = 'token';
    const soon = new Date(Date.now() + 300).toISOString();
    api.mapReview.mockResolvedValue({ due: [], scheduled: ['a'], excluded: [], nextDueAt: soon });
    http.apiGet.mockResolvedValue({ resultCode: 200, data: { dueCount: 3 } });
    render(<Panel tick={0} />);
    await waitFor(() => expect(reviewDue.count).toBe(3));
    expect(seen.due).toBe(0);
    api.mapReview.mockResolvedValue({ due: ['a'], scheduled: [], excluded: [], nextDueAt: '' });
    http.apiGet.mockResolvedValue({ resultCode: 200, data: { dueCount: 4 } });
    await waitFor(() => expect(seen.due).toBe(1), { timeout: 3000 });
    await waitFor(() => expect(reviewDue.count).toBe(4));
  });

  it('a grade or a 回忆练习 (the tick) refreshes both at once', async () => {
    session.token = 'token';
    api.mapReview.mockResolvedValue({ due: ['a', 'b'], scheduled: [], excluded: [] });
    http.apiGet.mockResolvedValue({ resultCode: 200, data: { dueCount: 2 } });
    const view = render(<Panel tick={0} />);
    await waitFor(() => expect(seen.due).toBe(2));
    await waitFor(() => expect(reviewDue.count).toBe(2));
    const maps = api.mapReview.mock.calls.length;
    http.apiGet.mockResolvedValue({ resultCode: 200, data: { dueCount: 5 } });
    view.rerender(<Panel tick={1} />);
    await waitFor(() => expect(reviewDue.count).toBe(5));
    expect(api.mapReview.mock.calls.length).toBeGreaterThan(maps);
  });

  // Re-walk: graded in another tab while both stay visible, the map's 待复习 stayed stale for
  // minutes though the badge (asked every minute) had moved.
  it('a badge that moved on its own asks the map again, without asking the badge again', async () => {
    session.token = 'token';
    api.mapReview.mockResolvedValue({ due: ['a', 'b', 'c'], scheduled: [], excluded: [] });
    http.apiGet.mockResolvedValue({ resultCode: 200, data: { dueCount: 3 } });
    render(<Panel tick={0} />);
    await waitFor(() => expect(seen.due).toBe(3));
    await waitFor(() => expect(reviewDue.count).toBe(3));
    await new Promise((r) => setTimeout(r, 50));
    const badgeAsks = http.apiGet.mock.calls.length;
    api.mapReview.mockResolvedValue({ due: ['a', 'b'], scheduled: [], excluded: [] });
    act(() => void (reviewDue.count = 2));
    await waitFor(() => expect(seen.due).toBe(2));
    expect(http.apiGet.mock.calls.length).toBe(badgeAsks);
  });
});
