import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

// The learning model: courses, cases (project cases and practice share it via case_type), mind
// maps, study progress, exams, tasks, tutors, help and files. Documents are JSON text so PGlite
// and PostgreSQL store them identically; ids are text.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column names are checked by the database, not here
type Table = CreateTableBuilder<string, any>;
const id = (t: Table) => t.addColumn('id', 'text', (c) => c.primaryKey());
const created = (t: Table) => t.addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
const student = (t: Table) => t.addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'));

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await created(id(s.createTable('files')))
    .addColumn('owner_id', 'text') // null: platform content (seeded or teacher-provided)
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .execute();

  await id(s.createTable('case_classifications'))
    .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await created(id(s.createTable('cases')))
    .addColumn('case_type', 'integer', (c) => c.notNull()) // 1 project case, 2 practice
    .addColumn('classify_id', 'text', (c) => c.references('case_classifications.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('teacher_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('difficulty', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('study_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('cases_type_idx').on('cases').columns(['case_type', 'sort']).execute();

  await s
    .createTable('official_maps')
    .addColumn('case_id', 'text', (c) => c.primaryKey().references('cases.id').onDelete('cascade'))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('node_count', 'integer', (c) => c.notNull())
    .execute();

  await created(id(s.createTable('study_resources')))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_suffix_code', 'integer', (c) => c.notNull()) // 0 text, 1 image, 2 link, 3 video, 4 pdf
    .addColumn('file_id', 'text', (c) => c.references('files.id'))
    .addColumn('file_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('study_resources_node_idx').on('study_resources').columns(['case_id', 'node_id']).execute();

  await created(student(id(s.createTable('case_applications'))))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull()) // 1 active, 2 graduated
    .addColumn('apply_type', 'integer', (c) => c.notNull().defaultTo(1)) // 1 apply, 2 direct
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('case_applications_unique', ['student_id', 'case_id'])
    .execute();

  await student(s.createTable('student_maps'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('outline', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('student_maps_pk', ['student_id', 'case_id'])
    .execute();

  await created(student(id(s.createTable('case_records'))))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_study', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('case_records_unique', ['student_id', 'case_id', 'node_id', 'resource_id'])
    .execute();

  await created(id(s.createTable('courses')))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('teacher_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_home', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('study_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await id(s.createTable('course_nodes'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('node_type', 'integer', (c) => c.notNull()) // 1 chapter, 2 section
    .addColumn('video_id', 'text', (c) => c.references('files.id'))
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recommend_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('course_nodes_course_idx').on('course_nodes').columns(['course_id', 'sort']).execute();

  await created(student(id(s.createTable('course_signups'))))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addUniqueConstraint('course_signups_unique', ['student_id', 'course_id'])
    .execute();

  await student(s.createTable('learn_locations'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('watched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_study', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('learn_locations_pk', ['student_id', 'course_id', 'node_id'])
    .execute();

  await student(id(s.createTable('study_records')))
    .addColumn('is_type', 'integer', (c) => c.notNull()) // 0 project case, 1 course
    .addColumn('target_id', 'text', (c) => c.notNull()) // case or course id
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_study', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('study_records_last_idx').on('study_records').columns(['student_id', 'updated_at']).execute();

  await id(s.createTable('recommendations'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await created(id(s.createTable('tasks')))
    .addColumn('case_id', 'text', (c) => c.references('cases.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('teacher_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await student(id(s.createTable('task_students')))
    .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)) // 0 not started … 4 overdue
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_id', 'text', (c) => c.references('files.id'))
    .addColumn('score', 'integer')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'timestamptz')
    .addUniqueConstraint('task_students_unique', ['task_id', 'student_id'])
    .execute();

  await id(s.createTable('node_exams'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('pass_score', 'integer', (c) => c.notNull().defaultTo(60))
    .execute();
  await s.createIndex('node_exams_node_idx').on('node_exams').columns(['case_id', 'node_id']).execute();

  await id(s.createTable('exam_questions'))
    .addColumn('exam_id', 'text', (c) => c.notNull().references('node_exams.id').onDelete('cascade'))
    .addColumn('q_type', 'integer', (c) => c.notNull()) // 1 single, 2 multiple, 3 true/false
    .addColumn('stem', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull()) // JSON [{key,text}]
    .addColumn('answer', 'text', (c) => c.notNull()) // sorted option keys, e.g. "AC"
    .addColumn('analysis', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await created(student(id(s.createTable('exam_attempts'))))
    .addColumn('exam_id', 'text', (c) => c.notNull().references('node_exams.id').onDelete('cascade'))
    .addColumn('answers', 'text', (c) => c.notNull()) // JSON {questionId: "AC"}
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .execute();

  await created(id(s.createTable('help_entries')))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  let tutors = id(s.createTable('tutors'));
  for (const col of [
    'name',
    'sex',
    'avatar',
    'technical_position',
    'birthday',
    'education',
    'degree',
    'first_discipline',
    'secondary_discipline',
    'video_intro',
    'intro',
    'work_experience',
    'field',
    'project_info',
    'patent_works',
    'award_info',
    'phone',
    'email',
  ]) {
    tutors = tutors.addColumn(col, 'text', (c) => c.notNull().defaultTo(''));
  }
  await tutors
    .addColumn('sign_status', 'integer', (c) => c.notNull().defaultTo(0)) // 1 full
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  let signups = created(student(id(s.createTable('tutor_signups'))));
  signups = signups.addColumn('tutor_id', 'text', (c) => c.notNull().references('tutors.id').onDelete('cascade'));
  for (const col of ['name', 'sex', 'identity_number', 'phone', 'student_no', 'specialty', 'classmate', 'introduction', 'specialty_hobby', 'goals_ideas']) {
    signups = signups.addColumn(col, 'text', (c) => c.notNull());
  }
  await signups
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)) // 0 applying, 1 ok, 2 failed, 3 cancelled
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('tutor_signups_student_idx').on('tutor_signups').columns(['student_id', 'tutor_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'tutor_signups',
    'tutors',
    'help_entries',
    'exam_attempts',
    'exam_questions',
    'node_exams',
    'task_students',
    'tasks',
    'recommendations',
    'study_records',
    'learn_locations',
    'course_signups',
    'course_nodes',
    'courses',
    'case_records',
    'student_maps',
    'case_applications',
    'study_resources',
    'official_maps',
    'cases',
    'case_classifications',
    'files',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
