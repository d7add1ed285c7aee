import { sql, type Kysely } from 'kysely';

// app_secrets: keys the server generates on its first start and every instance then reads from
// here, so all agree (the media URL signing key); none is ever in the repository or the logs.
// upload_slots: uploads in progress per student, so the concurrent-upload limit holds across
// instances; a slot a crashed process left behind lapses at expires_at.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('upload_slots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_slots_student_idx').on('upload_slots').column('student_id').execute();
  // The storage quota sums a student's files.
  await db.schema.createIndex('files_owner_idx').on('files').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_owner_idx').execute();
  await db.schema.dropTable('upload_slots').execute();
  await db.schema.dropTable('app_secrets').execute();
}
