import { useEffect, useRef } from 'react';
import { saveAnswers, type Question } from './api';
import { toSubmission, validAnswers, type Answers } from './answer-state';

/** Quiet time after the last change before the answers go to the server. */
export const SYNC_DELAY_MS = 1500;

/**
 * Keeps the server's copy of an open attempt's answers close behind the sheet: SYNC_DELAY_MS after
 * the last change, and at once when the sheet closes. The server grades that copy if the time runs
 * out with the tab closed, and resumes it on another device. Best effort and silent: the local
 * draft already protects the answers, a failed save is retried with the next change, and a 409
 * (attempt closed) just means there is nothing left to save. `stop()` ends syncing (hand-in).
 */
export function useAnswerSync(examId: string, questions: Question[], answers: Answers, saved: Answers | undefined): { stop(): void } {
  // What the server holds, as this paper reads it: resuming it is not a change to send back.
  const sent = useRef(serialise(questions, validAnswers(saved, questions)));
  const pending = useRef<Answers | null>(null);
  const stopped = useRef(false);

  const flush = () => {
    const a = pending.current;
    pending.current = null;
    if (!a || stopped.current) return;
    const body = serialise(questions, a);
    if (body === sent.current) return;
    sent.current = body;
    saveAnswers(examId, toSubmission(questions, a)).catch(() => {
      sent.current = ''; // unknown whether it arrived: the next change sends again
    });
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
    stop: () => {
      stopped.current = true;
      pending.current = null;
    },
  };
}

const serialise = (questions: Question[], answers: Answers) => JSON.stringify(toSubmission(questions, answers));
