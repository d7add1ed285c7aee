import { sql, type Kysely } from 'kysely';

// Issue 30: a map save costs what the edit costs. A student's map is its snapshot in
// student_maps.document (the state at `snapshot_version`) plus the change sets applied after it,
// one row each in map_changes (the applied changes as JSON text, with the version each made).
// `log_from`: every set with a version above it is in map_changes, so a tab whose base is at
// least log_from can be sent what it missed; a whole save (saveStuMind) sets both to its version.
// Maps saved before this migration: their document is their version, and no log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('student_maps')
    .addColumn('snapshot_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log_from', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update student_maps set snapshot_version = version, log_from = version`.execute(db);

  await db.schema
    .createTable('map_changes')
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('set_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('map_changes_pk', ['student_id', 'case_id', 'version'])
    .addUniqueConstraint('map_changes_set', ['student_id', 'case_id', 'set_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('map_changes').execute();
  await db.schema.alterTable('student_maps').dropColumn('log_from').dropColumn('snapshot_version').execute();
}
