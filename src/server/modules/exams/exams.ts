import { sql } from 'kysely';
import type { AnswersBody, ExamSummary, Option, Paper, QuestionType, Review, SubmitResult } from '../../../contract/exams';
import type { DbOrTrx } from '../../db/database';
import type { ContentCache } from '../../lib/content-cache';
import { ApiError, forbidden, notFound, ResultCode } from '../../http/envelope';
import { newId } from '../../lib/ids';
import { formatDateTime } from '../../lib/time';
import { assertNotGraduated } from '../cases/access';
import { addStudySeconds } from '../study/study-time';
import { grade } from './grading';
import { deadlineOf, isOvertime, overdueBefore, remainingSeconds, summarise, type AttemptLike } from './policy';
import { closeOverdueAttempts, savedAnswers } from './timeout';

/** A 0/1 flag column as the contract's 0 | 1 (anything but 1 is 0). */
const bit = (v: number | null | undefined): 0 | 1 => (v === 1 ? 1 : 0);

export const NOT_SIGNED_UP = '请先报名该课程，再参加课程考试';
export const NO_ATTEMPTS_LEFT = '您已完成该考试，不能再次作答';
export const ATTEMPT_CLOSED = '该次作答已结束';

/** Exams with their source (case or course) name and question totals. */
export function examSelect(db: DbOrTrx) {
  return db
    .selectFrom('exams as e')
    .leftJoin('cases as c', 'c.id', 'e.case_id')
    .leftJoin('courses as co', 'co.id', 'e.course_id')
    .selectAll('e')
    .select([
      sql<string>`coalesce(c.name, co.name, '')`.as('source_name'),
      sql<number | null>`c.case_type`.as('source_case_type'),
      sql<string>`(select count(*) from exam_questions q where q.exam_id = e.id)`.as('question_count'),
      sql<string>`(select coalesce(sum(q.score), 0) from exam_questions q where q.exam_id = e.id)`.as('total_score'),
    ]);
}
export type ExamRow = Awaited<ReturnType<ReturnType<typeof examSelect>['execute']>>[number];

export const findExam = (db: DbOrTrx, examId: string) => examSelect(db).where('e.id', '=', examId).executeTakeFirst();
export const findNodeExam = (db: DbOrTrx, caseId: string, nodeId: string) =>
  examSelect(db).where('e.exam_type', '=', 1).where('e.case_id', '=', caseId).where('e.node_id', '=', nodeId).executeTakeFirst();

export const questionsOf = (db: DbOrTrx, examId: string) =>
  db.selectFrom('exam_questions').selectAll().where('exam_id', '=', examId).orderBy('sort').orderBy('id').execute();

/**
 * A node exam and its questions as platform content, read once per process (every student of an
 * exam start asks for the same ones): dropped when exams, exam_questions or the source's name change.
 */
export const cachedNodeExam = (db: DbOrTrx, content: ContentCache, caseId: string, nodeId: string) =>
  content.get(`node-exam:${caseId}:${nodeId}`, ['exams', 'exam_questions', 'cases', 'courses'], () => findNodeExam(db, caseId, nodeId));
export const cachedQuestions = (db: DbOrTrx, content: ContentCache, examId: string) =>
  content.get(`exam-questions:${examId}`, ['exam_questions'], () => questionsOf(db, examId));

export const attemptsOf = (db: DbOrTrx, studentId: string, examIds: string[]) =>
  examIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('exam_attempts').selectAll().where('student_id', '=', studentId).where('exam_id', 'in', examIds).orderBy('attempt_no').execute();

/** The answers of a request body by question id. */
export const answersOf = (answers: AnswersBody['answers']): Record<string, string> => Object.fromEntries(answers.map((a) => [a.questionId, a.answer]));

/** Node exams: not for a graduated case (SPEC §6). Course exams: only for signed-up students. */
export async function assertMayTake(db: DbOrTrx, studentId: string, exam: ExamRow): Promise<void> {
  if (exam.exam_type === 1) return assertNotGraduated(db, studentId, exam.case_id!);
  const signed = await db
    .selectFrom('course_signups')
    .select('id')
    .where('student_id', '=', studentId)
    .where('course_id', '=', exam.course_id!)
    .executeTakeFirst();
  if (!signed) throw forbidden(NOT_SIGNED_UP);
}

/** One exam as a list row or paper header, with the student's standing on it. */
export function examSummary(exam: ExamRow, attempts: AttemptLike[], now: Date): ExamSummary {
  const s = summarise(attempts, exam.max_attempts, now);
  return {
    examId: exam.id,
    examType: exam.exam_type === 2 ? 2 : 1,
    title: exam.title,
    intro: exam.intro,
    sourceName: exam.source_name,
    sourceKind: exam.exam_type === 2 ? 'course' : exam.source_case_type === 2 ? 'practice' : 'case',
    caseId: exam.case_id ?? '',
    nodeId: exam.node_id ?? '',
    courseId: exam.course_id ?? '',
    questionCount: Number(exam.question_count),
    totalScore: Number(exam.total_score),
    passScore: exam.pass_score,
    timeLimit: exam.time_limit,
    maxAttempts: exam.max_attempts,
    attemptCount: s.attemptCount,
    status: s.status,
    canStart: s.canStart ? 1 : 0,
    isSubmit: s.last ? 1 : 0,
    score: s.last?.score ?? null,
    isPass: s.last ? bit(s.last.passed) : null,
    isOvertime: bit(s.last?.overtime),
    isTimeout: bit(s.last?.timed_out),
    submitTime: s.last ? formatDateTime(s.last.submitted_at) : '',
    attempt: s.open
      ? {
          attemptNo: s.open.attempt_no,
          startTime: formatDateTime(s.open.started_at),
          deadline: formatDateTime(s.open.deadline_at),
          remainingSeconds: remainingSeconds(s.open.deadline_at, now),
        }
      : null,
  };
}

/**
 * The paper a student answers: header plus questions without answers. A timed exam shows its
 * questions only once the student has started it (the clock runs from the first sight of them).
 */
export async function paperOf(db: DbOrTrx, studentId: string, exam: ExamRow, content?: ContentCache): Promise<Paper> {
  await closeOverdueAttempts(db, studentId);
  const attempts = await attemptsOf(db, studentId, [exam.id]);
  const summary = examSummary(exam, attempts, new Date());
  const hidden = exam.time_limit > 0 && !summary.attempt;
  const questions = hidden ? [] : await (content ? cachedQuestions(db, content, exam.id) : questionsOf(db, exam.id));
  const open = attempts.find((a) => a.submitted_at === null);
  return {
    ...summary,
    // The open attempt's saved answers, so another device (or a cleared browser) resumes them.
    attempt: summary.attempt && { ...summary.attempt, answers: savedAnswers(open!.answers) },
    questions: questions.map((q) => ({
      questionId: q.id,
      qType: q.q_type as QuestionType,
      stem: q.stem,
      options: JSON.parse(q.options) as Option[],
      score: q.score,
    })),
  };
}

/** Starts an attempt, or resumes the open one. The deadline is set here, by the server's clock. */
export async function startAttempt(db: DbOrTrx, studentId: string, exam: ExamRow) {
  // An attempt whose time ran out is closed (and counted) first, never resumed.
  await closeOverdueAttempts(db, studentId);
  const attempts = await attemptsOf(db, studentId, [exam.id]);
  const s = summarise(attempts, exam.max_attempts, new Date());
  if (s.open) return s.open;
  if (!s.canStart) throw forbidden(NO_ATTEMPTS_LEFT);
  const started = new Date();
  // The unique indexes turn a concurrent second start into a no-op; re-read whichever row won.
  await db
    .insertInto('exam_attempts')
    .values({
      id: newId(),
      student_id: studentId,
      exam_id: exam.id,
      attempt_no: attempts.length + 1,
      answers: '{}',
      started_at: started,
      deadline_at: deadlineOf(started, exam.time_limit),
      created_at: started,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const open = await db
    .selectFrom('exam_attempts')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('exam_id', '=', exam.id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  if (!open) throw new ApiError(ResultCode.conflict, '考试状态已变化，请刷新后重试');
  return open;
}

/**
 * Grades the open attempt. An untimed exam may be submitted without an explicit start (the attempt
 * starts and ends now); a timed one must have been started, so its deadline exists. A submission
 * after the deadline plus grace grades what it brings, as overtime (policy.ts); if the server closed
 * the attempt first, it finds nothing open and answers 409.
 */
export async function submitAttempt(db: DbOrTrx, studentId: string, exam: ExamRow, given: Record<string, string>, attemptNo?: number): Promise<SubmitResult> {
  const attempts = await attemptsOf(db, studentId, [exam.id]);
  const s = summarise(attempts, exam.max_attempts, new Date());
  // The page answered an attempt that is closed now (handed in elsewhere): never a new attempt in its name.
  if (attemptNo !== undefined && s.open?.attempt_no !== attemptNo) throw new ApiError(ResultCode.conflict, ATTEMPT_CLOSED);
  // A timed attempt closed meanwhile (time-out) is 409 like a double submit: the client shows its result.
  if (!s.open && exam.time_limit > 0) throw s.last ? new ApiError(ResultCode.conflict, ATTEMPT_CLOSED) : new ApiError(ResultCode.badRequest, '请先开始考试');
  const attempt = s.open ?? (await startAttempt(db, studentId, exam));
  const now = new Date();
  const overtime = isOvertime(attempt.deadline_at, now) ? 1 : 0;
  const { score, total } = grade(await questionsOf(db, exam.id), given);
  const passed = !overtime && score >= exam.pass_score ? 1 : 0;
  // Only an attempt still open is graded: a double submit finds nothing to update.
  const done = await db
    .updateTable('exam_attempts')
    .set({ answers: JSON.stringify(given), score, total, passed, overtime, submitted_at: now })
    .where('id', '=', attempt.id)
    .where('student_id', '=', studentId)
    .where('submitted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!done) throw new ApiError(ResultCode.conflict, '该次作答已提交');
  // Answering counts as study time, bounded by the limit (or two hours) so an abandoned tab does not.
  const spent = Math.min((now.getTime() - new Date(attempt.started_at).getTime()) / 1000, exam.time_limit > 0 ? exam.time_limit * 60 + 30 : 7200);
  await addStudySeconds(db, studentId, spent, now);
  return {
    examId: exam.id,
    score,
    totalScore: total,
    isPass: bit(passed),
    isOvertime: bit(overtime),
    attemptNo: attempt.attempt_no,
    submitTime: formatDateTime(now),
  };
}

/**
 * Keeps the answers given so far on the open attempt (the answer sheet saves as the student works),
 * so a time-out grades them and another device resumes them. Only while the attempt is open and
 * its time (plus grace) is not up: a save can never add an answer after the deadline.
 */
export async function saveAnswers(db: DbOrTrx, studentId: string, exam: ExamRow, given: Record<string, string>, attemptNo?: number) {
  const now = new Date();
  const saved = await db
    .updateTable('exam_attempts')
    .set({ answers: JSON.stringify(given) })
    .where('student_id', '=', studentId)
    .where('exam_id', '=', exam.id)
    .where('submitted_at', 'is', null)
    .$if(attemptNo !== undefined, (q) => q.where('attempt_no', '=', attemptNo!))
    .where((eb) => eb.or([eb('deadline_at', 'is', null), eb('deadline_at', '>=', overdueBefore(now))]))
    .returning('attempt_no')
    .executeTakeFirst();
  if (saved) return { examId: exam.id, attemptNo: saved.attempt_no, savedAt: formatDateTime(now) };
  // Too late or nothing open: close what ran out, so the student's next look shows the result.
  await closeOverdueAttempts(db, studentId, now);
  throw new ApiError(ResultCode.conflict, ATTEMPT_CLOSED);
}

/** The latest graded attempt with correct answers and analysis (the review), or 404. */
export async function reviewOf(db: DbOrTrx, studentId: string, examId: string): Promise<Review> {
  await closeOverdueAttempts(db, studentId);
  const exam = await findExam(db, examId);
  const attempts = await attemptsOf(db, studentId, [examId]);
  const last = attempts.filter((a) => a.submitted_at !== null).at(-1);
  if (!exam || !last) throw notFound('尚未提交该测验');
  const questions = await questionsOf(db, examId);
  const { results } = grade(questions, JSON.parse(last.answers) as Record<string, string>);
  return {
    ...examSummary(exam, attempts, new Date()),
    score: last.score ?? 0,
    totalScore: last.total ?? 0,
    isPass: bit(last.passed),
    isOvertime: bit(last.overtime),
    attemptNo: last.attempt_no,
    startTime: formatDateTime(last.started_at),
    submitTime: formatDateTime(last.submitted_at),
    questions: questions.map((q, i) => ({
      questionId: q.id,
      qType: q.q_type as QuestionType,
      stem: q.stem,
      options: JSON.parse(q.options) as Option[],
      score: q.score,
      rightAnswer: q.answer,
      analysis: q.analysis,
      userAnswer: results[i]!.userAnswer,
      isRight: bit(results[i]!.isRight),
    })),
  };
}
