import type { Kysely } from 'kysely';

// Indexes for lookups the load benchmark showed growing with the data rather than staying flat:
// a student's latest attempt at an exam (every exam open and every result; the table grows by
// one row per submission), an exam's questions, a student's tasks, and a case's learner ranking.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('exam_attempts_student_exam_idx').on('exam_attempts').columns(['student_id', 'exam_id', 'created_at']).execute();
  await db.schema.createIndex('exam_questions_exam_idx').on('exam_questions').columns(['exam_id', 'sort']).execute();
  await db.schema.createIndex('task_students_student_idx').on('task_students').column('student_id').execute();
  await db.schema.createIndex('case_records_case_idx').on('case_records').columns(['case_id', 'is_study']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['case_records_case_idx', 'task_students_student_idx', 'exam_questions_exam_idx', 'exam_attempts_student_exam_idx'])
    await db.schema.dropIndex(name).execute();
}
