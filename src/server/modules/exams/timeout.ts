import type { DbOrTrx, Trx } from '../../db/database';
import { grade } from './grading';
import { overdueBefore } from './policy';

/**
 * Closes the student's attempts whose time ran out without a submission (rule: ./policy.ts). Called
 * before anything reads or starts the student's exams, so an abandoned attempt is never left open
 * or 已超时-but-answerable forever. Returns how many attempts this call closed.
 *
 * Race-safe: the rows are locked (FOR UPDATE) and updated only while still open, so of two
 * concurrent closers, or a closer and a submission, exactly one grades the attempt; the other finds
 * it closed and skips it. Inside a caller's transaction it runs there; otherwise in its own.
 */
export async function closeOverdueAttempts(db: DbOrTrx, studentId: string, now = new Date()): Promise<number> {
  const before = overdueBefore(now);
  // Nearly every read finds nothing: check cheaply (partial index on open attempts) before locking.
  const any = await db
    .selectFrom('exam_attempts')
    .select('id')
    .where('student_id', '=', studentId)
    .where('submitted_at', 'is', null)
    .where('deadline_at', '<', before)
    .executeTakeFirst();
  if (!any) return 0;
  return db.isTransaction ? closeIn(db as Trx, studentId, before) : db.transaction().execute((trx) => closeIn(trx, studentId, before));
}

async function closeIn(trx: Trx, studentId: string, before: Date): Promise<number> {
  const overdue = await trx
    .selectFrom('exam_attempts as a')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .select(['a.id', 'a.exam_id', 'a.answers', 'a.deadline_at', 'e.pass_score'])
    .where('a.student_id', '=', studentId)
    .where('a.submitted_at', 'is', null)
    .where('a.deadline_at', '<', before)
    .forUpdate('a')
    .execute();
  let closed = 0;
  for (const a of overdue) {
    const questions = await trx.selectFrom('exam_questions').select(['id', 'q_type', 'answer', 'score']).where('exam_id', '=', a.exam_id).execute();
    const { score, total } = grade(questions, savedAnswers(a.answers));
    const done = await trx
      .updateTable('exam_attempts')
      // Stamped at the deadline: that is when the attempt ended, however late it is noticed. Not
      // counted as study time: nothing says the student was there until the end.
      .set({ score, total, passed: score >= a.pass_score ? 1 : 0, overtime: 0, timed_out: 1, submitted_at: a.deadline_at })
      .where('id', '=', a.id)
      .where('submitted_at', 'is', null)
      .executeTakeFirst();
    closed += Number(done.numUpdatedRows);
  }
  return closed;
}

/** The answers saved during the attempt ({questionId: keys}); anything unreadable counts as none. */
export function savedAnswers(json: string): Record<string, string> {
  try {
    const raw: unknown = JSON.parse(json);
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}
