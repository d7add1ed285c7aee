import { render, waitFor } from '@testing-library/react';
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
    const soon = new Date(Date.now() + 100).toISOString();
    api.mapReview.mockResolvedValueOnce({ due: [], scheduled: ['a'], excluded: [], nextDueAt: soon });
    http.apiGet.mockResolvedValue({ resultCode: 200, data: { dueCount: 3 } });
    render(<Panel tick={0} />);
    await waitFor(() => expect(api.mapReview).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(reviewDue.count).toBe(3));
    expect(seen.due).toBe(0);

    api.mapReview.mockResolvedValueOnce({ due: ['a'], scheduled: [], excluded: [], nextDueAt: '' });
    http.apiGet.mockResolvedValue({ resultCode: 200, data: { dueCount: 4 } });
    await waitFor(() => expect(seen.due).toBe(1), { timeout: 3000 });
    await waitFor(() => expect(reviewDue.count).toBe(4));
    expect(api.mapReview).toHaveBeenCalledTimes(2);
  });

  it('a grade or a 回忆练习 (the tick) refreshes both at once', async () => {
    session.token = 'token';
    api.mapReview.mockResolvedValue({ due: ['a', 'b'], scheduled: [], excluded: [] });
    http.apiGet.mockResolvedValue({ resultCode: 200, data: { dueCount: 2 } });
    const view = render(<Panel tick={0} />);
    await waitFor(() => expect(seen.due).toBe(2));
    http.apiGet.mockResolvedValue({ resultCode: 200, data: { dueCount: 5 } });
    view.rerender(<Panel tick={1} />);
    await waitFor(() => expect(reviewDue.count).toBe(5));
    expect(api.mapReview).toHaveBeenCalledTimes(2);
  });
});
