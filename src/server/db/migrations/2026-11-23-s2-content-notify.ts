import { sql, type Kysely } from 'kysely';

/** Tables whose rows are platform content, cached per process (src/server/lib/content-cache.ts). */
export const CONTENT_TABLES = [
  'cases',
  'case_classifications',
  'official_maps',
  'study_resources',
  'courses',
  'course_nodes',
  'exams',
  'tutors',
  'help_entries',
] as const;

// Whoever changes content (the teacher site, an operator's SQL, another instance) must reach every
// process's cache: one NOTIFY per statement on channel xuetu_content, its payload the table name.
// NOTIFY is sent at commit, and identical ones within a transaction are sent once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function xuetu_content_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('xuetu_content', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of CONTENT_TABLES) {
    await sql`create trigger ${sql.id(`${table}_content_changed`)} after insert or update or delete or truncate on ${sql.id(table)} for each statement execute function xuetu_content_changed()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of CONTENT_TABLES) await sql`drop trigger ${sql.id(`${table}_content_changed`)} on ${sql.id(table)}`.execute(db);
  await sql`drop function xuetu_content_changed()`.execute(db);
}
