import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { RESULT_OK } from '../../app/http/client';
import { reviewDue } from '../../app/session/review-due';
import { session } from '../../app/session/session-store';
import { toast } from '../../app/ui/toast-store';
import { errorText, unwrap } from '../../app/ui/use-remote';
import { flushGrades, idbOutbox, memoryOutbox, serialised, type GradeOutbox } from './grade-outbox';
import { reviewQueue, sendGrade, undoGrade, type ReviewCard, type ReviewQueue } from './review-api';

export type RatingNo = 1 | 2 | 3 | 4;
export const RATING_KEYS = ['again', 'hard', 'good', 'easy'] as const;

const outbox: GradeOutbox = typeof indexedDB === 'undefined' ? memoryOutbox() : idbOutbox();
const flush = serialised((studentId: string) => flushGrades(outbox, studentId, sendGrade));

const newGradeId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/** What the screen says after a grade: when the card comes back, and whether it reached the server. */
export interface GradeNote {
  gradeId: string;
  text: string;
  dueAt: number;
  /** true while the grade waits in the offline queue */
  queued: boolean;
}

interface LastGrade {
  gradeId: string;
  card: ReviewCard;
}

/**
 * One review session: the due cards one at a time, reveal, grade (queued first, then sent), undo
 * of the last grade, today's progress. Grades are optimistic: the next card shows at once and the
 * server's due date replaces the predicted one when it answers; offline they wait in IndexedDB
 * and go out when the browser is back online.
 */
export function useReviewSession() {
  const { user } = useSnapshot(session);
  const studentId = user?.userId ?? '';
  const [queue, setQueue] = useState<ReviewQueue | null>(null);
  const [error, setError] = useState('');
  const [cards, setCards] = useState<ReviewCard[]>([]);
  const [revealed, setRevealed] = useState(false);
  const [doneToday, setDoneToday] = useState(0);
  const [note, setNote] = useState<GradeNote | null>(null);
  const [pending, setPending] = useState(0);
  const [last, setLast] = useState<LastGrade | null>(null);
  const [sending, setSending] = useState(false);
  const loading = useRef(0);

  const load = useCallback(async () => {
    const mine = ++loading.current;
    try {
      const q = unwrap(await reviewQueue());
      if (mine !== loading.current) return;
      setQueue(q);
      setCards(q.cards);
      setDoneToday(q.doneToday);
      setRevealed(false);
      setError('');
      if (!q.trial) reviewDue.count = q.dueCount;
    } catch (e) {
      if (mine === loading.current) setError(errorText(e));
    }
  }, []);

  /** Sends what waits in the outbox; says so when a grade the screen showed reaches the server. */
  const sync = useCallback(async () => {
    if (!studentId) return;
    const r = await flush(studentId);
    setPending(r.left);
    for (const refused of r.refused) toast.warning(`有一条复习评分未能同步：${refused.errMsg}`);
    setNote((n) => {
      const answer = n?.queued ? r.sent.find((a) => a.gradeId === n.gradeId) : undefined;
      return n && answer ? { ...n, dueAt: answer.dueAt, queued: false } : n;
    });
    return r;
  }, [studentId]);

  useEffect(() => {
    void load();
    void sync();
    const online = () => void sync().then((r) => r && r.sent.length > 0 && toast.success(`已同步${r.sent.length}条离线评分`));
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [load, sync]);

  // Cards that come due while the screen is open (a card missed a minute ago) appear without a
  // reload: asked again when the next one is due once the list is done, and on coming back to the
  // tab while no answer is shown (another tab may have graded).
  const idle = cards.length === 0;
  const nextDueAt = queue?.nextDueAt ?? '';
  useEffect(() => {
    if (!idle || !nextDueAt) return;
    const wait = Math.min(Math.max(new Date(nextDueAt).getTime() - Date.now(), 0) + 500, 60 * 60_000);
    const timer = setTimeout(() => void load(), wait);
    return () => clearTimeout(timer);
  }, [idle, nextDueAt, load]);
  const revealedRef = useRef(revealed);
  revealedRef.current = revealed;
  useEffect(() => {
    const back = () => document.visibilityState === 'visible' && !revealedRef.current && void load();
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, [load]);

  const current = cards[0];
  const trial = queue?.trial === 1;

  const grade = useCallback(
    async (rating: RatingNo) => {
      if (!current || !revealed) return;
      const gradeId = newGradeId();
      const body = { gradeId, kind: current.kind, sourceId: current.sourceId, nodeId: current.nodeId, rating };
      const predicted = current.preview[RATING_KEYS[rating - 1]];
      setCards((cs) => cs.slice(1));
      setRevealed(false);
      setLast({ gradeId, card: current });
      setDoneToday((d) => d + 1);
      if (!trial) reviewDue.count = Math.max(0, reviewDue.count - 1);
      setNote({ gradeId, text: current.text, dueAt: predicted, queued: !trial });
      if (trial) {
        // The experience account tries without saving: the server refuses with the SPEC §6 message.
        const res = await sendGrade(body).catch(() => null);
        if (res && res.resultCode !== RESULT_OK) toast.warning(res.errMsg);
        return;
      }
      setSending(true);
      try {
        await outbox.put({ studentId, body, givenAt: Date.now() });
        await sync();
      } finally {
        setSending(false);
      }
    },
    [current, revealed, trial, studentId, sync],
  );

  const undo = useCallback(async () => {
    if (!last) return;
    const { gradeId, card } = last;
    if (!trial && !(await outbox.delete(gradeId))) {
      try {
        const res = await undoGrade(gradeId);
        if (res.resultCode !== RESULT_OK) {
          toast.warning(res.errMsg);
          return;
        }
      } catch (e) {
        toast.error(errorText(e));
        return;
      }
    }
    setLast(null);
    setCards((cs) => [card, ...cs]);
    setRevealed(false);
    setDoneToday((d) => Math.max(0, d - 1));
    if (!trial) reviewDue.count += 1;
    setNote(null);
    void sync();
  }, [last, trial, sync]);

  // The session's cards are done: ask again (cards graded 重来 come back within minutes).
  useEffect(() => {
    if (queue && cards.length === 0 && queue.cards.length > 0 && pending === 0 && !sending && !trial) void load();
  }, [cards.length, queue, pending, sending, trial, load]);

  const progress = useMemo(() => ({ done: doneToday, left: cards.length }), [doneToday, cards.length]);
  return {
    queue,
    error,
    current,
    revealed,
    reveal: () => setRevealed(true),
    grade,
    undo,
    canUndo: last !== null,
    note,
    pending,
    progress,
    trial,
    reload: load,
  };
}
