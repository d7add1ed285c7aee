import type { Trx } from '../db/database';
import { grade } from '../modules/exams/grading';
import { courseExamRows } from './course-exams-data';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * Course exams, time limits and retakes on some node exams, and exam attempts so the normal
 * student's exam list shows every status: 未开始, 已完成 (passed, failed with a retake left, and
 * with the review visible), 已超时 (started long ago, never submitted), timed and untimed.
 */
export async function seedExams(trx: Trx, normal: string, graduated: string): Promise<void> {
  const { exams, questions } = courseExamRows();
  await trx.insertInto('exams').values(exams).execute();
  await trx.insertInto('exam_questions').values(questions).execute();
  const limits: [string, number, number][] = [
    ['exam-case-04-1', 20, 1],
    ['exam-case-04-2', 0, 2],
    ['exam-prac-01-1', 30, 1],
    ['exam-prac-01-2', 15, 1],
  ];
  for (const [id, timeLimit, maxAttempts] of limits)
    await trx.updateTable('exams').set({ time_limit: timeLimit, max_attempts: maxAttempts }).where('id', '=', id).execute();

  const graded = async (
    id: string,
    student: string,
    examId: string,
    answers: Record<string, string>,
    startedMinutesAgo: number,
    took: number,
    timeLimit = 0,
  ) => {
    const qs = await trx.selectFrom('exam_questions').select(['id', 'q_type', 'answer', 'score']).where('exam_id', '=', examId).execute();
    const { score, total } = grade(qs, answers);
    const started = ago(startedMinutesAgo);
    await trx
      .insertInto('exam_attempts')
      .values({
        id,
        student_id: student,
        exam_id: examId,
        attempt_no: 1,
        answers: JSON.stringify(answers),
        score,
        total,
        passed: score >= 60 ? 1 : 0,
        overtime: 0,
        started_at: started,
        created_at: started,
        submitted_at: ago(startedMinutesAgo - took),
        deadline_at: timeLimit ? ago(startedMinutesAgo - timeLimit) : null,
      })
      .execute();
  };
  const day = 24 * 60;
  await graded(
    'att-1',
    normal,
    'exam-case-01-1',
    { 'exam-case-01-1-q1': 'B', 'exam-case-01-1-q2': 'AC', 'exam-case-01-1-q3': 'A', 'exam-case-01-1-q4': 'B' },
    16 * day,
    9,
  );
  await graded(
    'att-2',
    normal,
    'exam-case-04-2',
    { 'exam-case-04-2-q1': 'A', 'exam-case-04-2-q2': 'ACD', 'exam-case-04-2-q3': 'B', 'exam-case-04-2-q4': 'B' },
    6 * day,
    7,
  );
  await graded(
    'att-3',
    normal,
    'exam-course-07-final',
    { 'exam-course-07-final-q1': 'B', 'exam-course-07-final-q2': 'A', 'exam-course-07-final-q3': 'ABD', 'exam-course-07-final-q4': 'A' },
    3 * day,
    31,
    45,
  );
  await graded(
    'att-4',
    graduated,
    'exam-case-01-1',
    { 'exam-case-01-1-q1': 'B', 'exam-case-01-1-q2': 'ACD', 'exam-case-01-1-q3': 'A', 'exam-case-01-1-q4': 'B' },
    95 * day,
    6,
  );
  // Started two hours ago with a 30-minute limit, nothing saved, never submitted: the first read
  // closes it as 已超时 with 0 分 (modules/exams/timeout.ts).
  await trx
    .insertInto('exam_attempts')
    .values({
      id: 'att-5',
      student_id: normal,
      exam_id: 'exam-prac-01-1',
      attempt_no: 1,
      answers: '{}',
      started_at: ago(120),
      created_at: ago(120),
      deadline_at: ago(90),
    })
    .execute();
}
