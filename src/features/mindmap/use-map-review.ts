import { useEffect, useState } from 'react';
import { refreshReviewDue } from '../../app/session/review-due';
import { mapReview } from './api';
import type { MapReviewState } from './ReviewPanel';

const NO_REVIEW: MapReviewState = { due: new Set(), scheduled: new Set(), excluded: new Set() };
/** A wait longer than this is cut short and the map asks again (a laptop asleep keeps no timer true). */
const LONGEST_WAIT_MS = 60 * 60_000;

/**
 * The open case map's review cards (待复习, scheduled, 不再复习), asked again after each completed
 * save (a topic marked 已学 gets a card), whenever `tick` changes (a grade, a 回忆练习) and when the
 * next scheduled topic comes due — a topic missed a minute ago appears without a reload. Each
 * answer also refreshes the header's due badge, so the two never disagree for longer than a
 * request (the badge counts every map's, the panel this map's).
 */
export function useMapReview(caseId: string, saved: boolean, tick: number): MapReviewState {
  const [review, setReview] = useState<MapReviewState>(NO_REVIEW);
  const [dueTick, setDueTick] = useState(0);
  const [nextDueAt, setNextDueAt] = useState('');
  useEffect(() => {
    if (!saved) return;
    let live = true;
    mapReview(caseId)
      .then((r) => {
        if (!live) return;
        setReview({ due: new Set(r.due), scheduled: new Set(r.scheduled), excluded: new Set(r.excluded) });
        setNextDueAt(r.nextDueAt ?? '');
      })
      .catch(() => {}); // the marks are extra: the map works without them
    void refreshReviewDue();
    return () => {
      live = false;
    };
  }, [caseId, saved, tick, dueTick]);
  // Back to the tab: another tab may have graded (复习) or practised.
  useEffect(() => {
    const back = () => document.visibilityState === 'visible' && setDueTick((t) => t + 1);
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, []);
  useEffect(() => {
    if (!nextDueAt) return;
    const wait = Math.min(Math.max(new Date(nextDueAt).getTime() - Date.now(), 0) + 500, LONGEST_WAIT_MS);
    const timer = setTimeout(() => setDueTick((t) => t + 1), wait);
    return () => clearTimeout(timer);
  }, [nextDueAt]);
  return review;
}
