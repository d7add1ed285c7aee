import { proxy } from 'valtio';
import type { ReviewSummary } from '../../contract/review';
import { apiGet, RESULT_OK } from '../http/client';
import { session } from './session-store';

/** Cards due for review, behind the badge on the study-centre links. The 复习 screen sets it as it grades. */
export const reviewDue = proxy({ count: 0 });

export async function refreshReviewDue(): Promise<void> {
  if (!session.token) {
    reviewDue.count = 0;
    return;
  }
  try {
    const res = await apiGet<ReviewSummary>('/api/course/review/summary', undefined, { silent: true });
    if (res.resultCode === RESULT_OK) reviewDue.count = res.data.dueCount;
  } catch {
    // a newer check replaced this one, or the network failed: the badge stays as it was
  }
}

/** The badge's text: the count, 99+ above 99. */
export const dueBadgeText = (count: number) => (count > 99 ? '99+' : String(count));
