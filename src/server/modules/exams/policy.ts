/**
 * Exam rules, pure so they are tested without a database.
 *
 * Time limit: the deadline is fixed by the server when the student starts (start + limit). A
 * submission up to GRACE_SECONDS after it counts as on time (network latency, the client's
 * auto-submit racing the clock). A later one is still graded — the student's work is not thrown
 * away — but marked overtime (超时提交) and never counts as passed.
 *
 * Attempts: each exam allows `max_attempts` graded attempts (1 unless the teacher allows retakes).
 * The review always shows the latest graded attempt.
 */
export const GRACE_SECONDS = 30;

/** 0 未开始, 1 进行中, 2 已完成, 3 已超时 (the time ran out: closed by the server at the deadline). */
export type ExamStatus = 0 | 1 | 2 | 3;

export interface AttemptLike {
  attempt_no: number;
  started_at: Date;
  deadline_at: Date | null;
  submitted_at: Date | null;
  score: number | null;
  passed: number | null;
  overtime: number;
  timed_out: number;
}

export function deadlineOf(startedAt: Date, timeLimitMinutes: number): Date | null {
  return timeLimitMinutes > 0 ? new Date(startedAt.getTime() + timeLimitMinutes * 60_000) : null;
}

export function isOvertime(deadline: Date | null, now: Date): boolean {
  return deadline !== null && now.getTime() > deadline.getTime() + GRACE_SECONDS * 1000;
}

/** Open attempts with a deadline before this instant are overdue: closed on the next touch. */
export const overdueBefore = (now: Date) => new Date(now.getTime() - GRACE_SECONDS * 1000);

/** Whole seconds left before the deadline (0 when passed); null for an untimed attempt. */
export function remainingSeconds(deadline: Date | null, now: Date): number | null {
  return deadline === null ? null : Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 1000));
}

/** The student's standing on one exam, from their attempts (any order). */
export function summarise<A extends AttemptLike>(attempts: A[], maxAttempts: number, now: Date) {
  const sorted = [...attempts].sort((a, b) => a.attempt_no - b.attempt_no);
  const graded = sorted.filter((a) => a.submitted_at !== null);
  const open = sorted.find((a) => a.submitted_at === null) ?? null;
  const last = graded.at(-1) ?? null;
  let status: ExamStatus = 0;
  // An open attempt past its deadline reads as 已超时 until it is closed (./timeout.ts).
  if (open) status = isOvertime(open.deadline_at, now) ? 3 : 1;
  else if (last) status = last.timed_out ? 3 : 2;
  return {
    status,
    open,
    last,
    attemptCount: graded.length,
    canStart: open !== null || graded.length < maxAttempts,
  };
}
