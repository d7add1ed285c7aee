import { sql } from 'kysely';
import type { CourseExams, ExamPageQuery, ExamSummary } from '../../../contract/exams';
import type { PageOf } from '../../../contract/common';
import type { DbOrTrx } from '../../db/database';
import { notFound } from '../../http/envelope';
import { limitOf, offsetOf, pageOf } from '../../lib/paging';
import { attemptsOf, examSelect, examSummary } from './exams';
import { closeOverdueAttempts } from './timeout';

// The exam lists: 在线考试 (the student's exams, paged) and a course's exams (CourseExam intro),
// each row with the student's standing on it (exams.ts#examSummary).

/** The student's exams: node exams of the cases they study (not graduated) and exams of their courses. */
export async function pageExams(db: DbOrTrx, studentId: string, q: ExamPageQuery): Promise<PageOf<ExamSummary>> {
  let base = examSelect(db).where((eb) =>
    eb.or([
      eb.and([
        eb('e.exam_type', '=', 1),
        eb('e.case_id', 'in', eb.selectFrom('case_applications').select('case_id').where('student_id', '=', studentId).where('status', '<>', 2)),
      ]),
      eb.and([eb('e.exam_type', '=', 2), eb('e.course_id', 'in', eb.selectFrom('course_signups').select('course_id').where('student_id', '=', studentId))]),
    ]),
  );
  if (q.examType) base = base.where('e.exam_type', '=', q.examType);
  if (q.courseId) base = base.where('e.course_id', '=', q.courseId);
  await closeOverdueAttempts(db, studentId);
  const [rows, count] = await Promise.all([
    base
      .orderBy('e.exam_type')
      .orderBy(sql`coalesce(c.sort, co.sort)`)
      .orderBy('e.sort')
      .orderBy('e.id')
      .limit(limitOf(q))
      .offset(offsetOf(q))
      .execute(),
    base
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const attempts = await attemptsOf(
    db,
    studentId,
    rows.map((r) => r.id),
  );
  const now = new Date();
  const records = rows.map((r) =>
    examSummary(
      r,
      attempts.filter((a) => a.exam_id === r.id),
      now,
    ),
  );
  return pageOf(records, Number(count.n), q.currentNum, q.currentSize);
}

/** A course's exams with the student's standing (the CourseExam intro), whether signed up or not. */
export async function courseExams(db: DbOrTrx, studentId: string, courseId: string): Promise<CourseExams> {
  const course = await db.selectFrom('courses').select(['id', 'name', 'intro', 'teacher_name']).where('id', '=', courseId).executeTakeFirst();
  if (!course) throw notFound('课程不存在');
  await closeOverdueAttempts(db, studentId);
  const signed = await db.selectFrom('course_signups').select('id').where('student_id', '=', studentId).where('course_id', '=', courseId).executeTakeFirst();
  const rows = await examSelect(db).where('e.exam_type', '=', 2).where('e.course_id', '=', courseId).orderBy('e.sort').orderBy('e.id').execute();
  const attempts = await attemptsOf(
    db,
    studentId,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return {
    courseId: course.id,
    courseName: course.name,
    teacherName: course.teacher_name,
    isSignUp: signed ? 1 : 0,
    exams: rows.map((r) =>
      examSummary(
        r,
        attempts.filter((a) => a.exam_id === r.id),
        now,
      ),
    ),
  };
}
