import { sql, type Kysely } from 'kysely';

/**
 * Exam questions become cached platform content too (src/server/lib/content-cache.ts): every exam
 * start read its exam (with its question count and total score) and its questions from the
 * database, though only the teacher site changes them. Same NOTIFY as the other content tables
 * (migration 2026-11-23-s2-content-notify's function), one per statement.
 */
export const EXAM_CONTENT_TABLES = ['exam_questions'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of EXAM_CONTENT_TABLES)
    await sql`create trigger ${sql.id(`${table}_content_changed`)} after insert or update or delete or truncate on ${sql.id(table)} for each statement execute function xuetu_content_changed()`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of EXAM_CONTENT_TABLES) await sql`drop trigger ${sql.id(`${table}_content_changed`)} on ${sql.id(table)}`.execute(db);
}
