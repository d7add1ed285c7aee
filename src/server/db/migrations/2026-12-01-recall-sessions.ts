import { sql, type Kysely } from 'kysely';

// 回忆练习: one row a session in which a student rebuilt a branch of a case map from memory.
// Its grades are ordinary review grades (ids `<session id>-<n>`); this row keeps what the chart
// of 我的学习 counts (sessions by day) and makes a session sent twice (a retry) apply once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recall_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('branch_id', 'text', (c) => c.notNull())
    .addColumn('topics', 'integer', (c) => c.notNull())
    .addColumn('recalled', 'integer', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('recall_sessions_student_case').on('recall_sessions').columns(['student_id', 'case_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recall_sessions').execute();
}
