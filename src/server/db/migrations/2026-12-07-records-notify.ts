import type { Kysely } from 'kysely';
import { createStudentTriggers, dropStudentTriggers } from './2026-11-25-student-notify';

/**
 * A student's case records join the per-student cache (src/server/lib/student-cache.ts): the map
 * screens read the student's access, learnt nodes and the node being studied on every open (the
 * 9:00 spike opens a case and its map twice per student). Whoever writes them (this app, an
 * operator's SQL) reaches every process through the same NOTIFY as the enrolments (migration
 * 2026-11-25-student-notify's function: the row's student id, '*' after a TRUNCATE).
 */
export const RECORD_TABLES = ['case_records'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of RECORD_TABLES) await createStudentTriggers(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of RECORD_TABLES) await dropStudentTriggers(db, table);
}
