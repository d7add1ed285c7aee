import { useEffect, useRef, useState } from 'react';
import { RESULT_OK } from '../../app/http/client';
import { saveAnswers, type Question } from './api';
import { toSubmission, validAnswers, type Answers } from './answer-state';

/** Quiet time after the last change before the answers go to the server. */
export const SYNC_DELAY_MS = 1500;

/**
 * Keeps the server's copy of an open attempt's answers close behind the sheet: SYNC_DELAY_MS after
 * the last change, and at once when the sheet closes. The server grades that copy if the time runs
 * out with the tab closed, and resumes it on another device. The local draft already protects the
 * answers and a failed save is retried with the next change; `state` says which it is, so the bar
 * never claims a save the server refused: 'failed' (kept on this device only) or 'closed' (409: the
 * attempt was handed in on another device or page, or timed out — nothing more can be saved, and
 * syncing stops). `stop()` ends syncing (hand-in).
 */
export type SyncState = 'saved' | 'failed' | 'closed';

export function useAnswerSync(
  examId: string,
  questions: Question[],
  answers: Answers,
  saved: Answers | undefined,
  attemptNo?: number,
): { state: SyncState; stop(): void; held(answers: Answers): boolean } {
  // What the server holds, as this paper reads it: resuming it is not a change to send back.
  const sent = useRef(serialise(questions, validAnswers(saved, questions)));
  // What the server acknowledged last (sent may still be on its way).
  const acked = useRef(sent.current);
  const pending = useRef<Answers | null>(null);
  const stopped = useRef(false);
  const [state, setState] = useState<SyncState>('saved');

  const flush = () => {
    const a = pending.current;
    pending.current = null;
    if (!a || stopped.current) return;
    const body = serialise(questions, a);
    if (body === sent.current) return;
    sent.current = body;
    saveAnswers(examId, toSubmission(questions, a), attemptNo).then(
      (res) => {
        if (res.resultCode === 409) {
          stopped.current = true;
          setState('closed');
        } else if (res.resultCode === RESULT_OK) {
          acked.current = body;
          setState((s) => (s === 'closed' ? s : 'saved'));
        } else {
          sent.current = ''; // refused for another reason: the next change tries again
          setState((s) => (s === 'closed' ? s : 'failed'));
        }
      },
      () => {
        sent.current = ''; // unknown whether it arrived: the next change sends again
        setState((s) => (s === 'closed' ? s : 'failed'));
      },
    );
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useEffect(() => {
    if (stopped.current || serialise(questions, answers) === sent.current) return;
    pending.current = answers;
    const id = setTimeout(() => flushRef.current(), SYNC_DELAY_MS);
    return () => clearTimeout(id);
  }, [answers, questions]);

  useEffect(() => () => flushRef.current(), []);

  return {
    state,
    /** Whether the server's copy is exactly `answers` (acknowledged), so a closed attempt graded them. */
    held: (a) => serialise(questions, a) === acked.current,
    stop: () => {
      stopped.current = true;
      pending.current = null;
    },
  };
}

const serialise = (questions: Question[], answers: Answers) => JSON.stringify(toSubmission(questions, answers));
