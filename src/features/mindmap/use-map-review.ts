import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { refreshReviewDue, reviewDue } from '../../app/session/review-due';
import { mapReview } from './api';
import type { MapReviewState } from './ReviewPanel';

const NO_REVIEW: MapReviewState = { due: new Set(), scheduled: new Set(), excluded: new Set() };
/** A wait longer than this is cut short and the map asks again (a laptop asleep keeps no timer true). */
const LONGEST_WAIT_MS = 60 * 60_000;

/**
 * The open case map's review cards (待复习, scheduled, 不再复习), asked again after each completed
 * save (a topic marked 已学 gets a card), whenever `tick` changes (a grade, a 回忆练习) and when the
 * next scheduled topic comes due — a topic missed a minute ago appears without a reload. Each
 * answer also refreshes the header's due badge, and a badge that moved (it asks every minute, so
 * a grade in another tab shows there) asks the map again: the two never disagree for long (the
 * badge counts every map's, the panel this map's).
 */
export function useMapReview(caseId: string, saved: boolean, tick: number): MapReviewState {
  const [review, setReview] = useState<MapReviewState>(NO_REVIEW);
  const [dueTick, setDueTick] = useState(0);
  const [nextDueAt, setNextDueAt] = useState('');
  const { count: badge } = useSnapshot(reviewDue);
  const asked = useRef(0);
  const ask = useCallback(
    (withBadge: boolean) => {
      const mine = ++asked.current;
      mapReview(caseId)
        .then((r) => {
          if (mine !== asked.current) return;
          setReview({ due: new Set(r.due), scheduled: new Set(r.scheduled), excluded: new Set(r.excluded) });
          setNextDueAt(r.nextDueAt ?? '');
        })
        .catch(() => {}); // the marks are extra: the map works without them
      if (withBadge) void refreshReviewDue();
    },
    [caseId],
  );
  useEffect(() => {
    if (saved) ask(true);
  }, [ask, saved, tick, dueTick]);
  // The header badge moved (it asks every minute; another tab graded in 复习): this map's cards may
  // have too — asked without asking the badge again.
  const badgeSeen = useRef(badge);
  useEffect(() => {
    if (badge === badgeSeen.current) return;
    badgeSeen.current = badge;
    if (saved) ask(false);
  }, [ask, badge, saved]);
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
