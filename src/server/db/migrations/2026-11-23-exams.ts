import { sql, type Kysely } from 'kysely';

// Exams grow from node-only quizzes into one exam model: a node exam belongs to a case node, a
// course exam to an official course. Exams gain an optional time limit and an attempt limit;
// attempts gain a start, a server-side deadline and a submit time, so the clock is the server's.
// study_daily keeps verified study seconds per student and Shanghai day (MyStudy chart).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('node_exams').renameTo('exams').execute();
  await sql`alter index node_exams_node_idx rename to exams_node_idx`.execute(db);
  await db.schema
    .alterTable('exams')
    .alterColumn('case_id', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('exams')
    .alterColumn('node_id', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('exams')
    .addColumn('exam_type', 'integer', (c) => c.notNull().defaultTo(1)) // 1 node exam, 2 course exam
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('cascade'))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time_limit', 'integer', (c) => c.notNull().defaultTo(0)) // minutes; 0 = untimed
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(1)) // graded attempts allowed
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`alter table exams add constraint exams_owner_chk check ((exam_type = 1 and case_id is not null and node_id is not null) or (exam_type = 2 and course_id is not null))`.execute(
    db,
  );
  await sql`alter table exams add constraint exams_limits_chk check (time_limit >= 0 and max_attempts >= 1)`.execute(db);
  await db.schema.createIndex('exams_course_idx').on('exams').column('course_id').execute();

  // An attempt is open (submitted_at null) or graded; score/total/passed are set on submission.
  await db.schema
    .alterTable('exam_attempts')
    .alterColumn('score', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('exam_attempts')
    .alterColumn('total', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('exam_attempts')
    .alterColumn('passed', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('exam_attempts')
    .addColumn('attempt_no', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deadline_at', 'timestamptz')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('overtime', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Attempts made before this migration were graded at creation.
  await sql`update exam_attempts set started_at = created_at, submitted_at = created_at`.execute(db);
  // Numbering makes a second concurrent start or a double submit fail in the database, not in a race.
  await db.schema.createIndex('exam_attempts_no_uq').on('exam_attempts').columns(['student_id', 'exam_id', 'attempt_no']).unique().execute();
  await db.schema
    .createIndex('exam_attempts_open_uq')
    .on('exam_attempts')
    .columns(['student_id', 'exam_id'])
    .unique()
    .where(sql.ref('submitted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('study_daily')
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull()) // yyyy-MM-dd, Asia/Shanghai
    .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('study_daily_pk', ['student_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('study_daily').execute();
  await db.schema.dropIndex('exam_attempts_open_uq').execute();
  await db.schema.dropIndex('exam_attempts_no_uq').execute();
  await sql`delete from exam_attempts where submitted_at is null`.execute(db);
  for (const col of ['overtime', 'submitted_at', 'deadline_at', 'started_at', 'attempt_no'])
    await db.schema.alterTable('exam_attempts').dropColumn(col).execute();
  for (const col of ['score', 'total', 'passed'])
    await db.schema
      .alterTable('exam_attempts')
      .alterColumn(col, (c) => c.setNotNull())
      .execute();
  await sql`delete from exams where exam_type = 2`.execute(db);
  await db.schema.dropIndex('exams_course_idx').execute();
  await sql`alter table exams drop constraint exams_limits_chk, drop constraint exams_owner_chk`.execute(db);
  for (const col of ['sort', 'max_attempts', 'time_limit', 'intro', 'course_id', 'exam_type']) await db.schema.alterTable('exams').dropColumn(col).execute();
  await db.schema
    .alterTable('exams')
    .alterColumn('node_id', (c) => c.setNotNull())
    .execute();
  await db.schema
    .alterTable('exams')
    .alterColumn('case_id', (c) => c.setNotNull())
    .execute();
  await sql`alter index exams_node_idx rename to node_exams_node_idx`.execute(db);
  await db.schema.alterTable('exams').renameTo('node_exams').execute();
}
