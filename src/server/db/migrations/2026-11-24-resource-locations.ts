import { sql, type Kysely } from 'kysely';

// Where a student stopped in a case's video resource, so reopening it resumes there as course
// videos do (learn_locations is keyed by course and cannot hold case resources). watched is the
// real-time-capped seconds watched, as for courses.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resource_locations')
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('resource_id', 'text', (c) => c.notNull().references('study_resources.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('watched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('resource_locations_pk', ['student_id', 'resource_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resource_locations').execute();
}
