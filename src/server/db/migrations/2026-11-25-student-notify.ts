import { sql, type Kysely } from 'kysely';

/** Per-student tables cached per process (src/server/lib/student-cache.ts). */
export const STUDENT_TABLES = ['case_applications', 'course_signups', 'tutor_signups', 'user_messages'] as const;

// Whoever changes these rows (this app, the teacher site approving a tutor sign-up, graduating a
// student or sending a message, an operator's SQL) must reach every process's cache: one NOTIFY
// per affected student on channel xuetu_students, sent at commit (identical ones folded), and '*'
// after a TRUNCATE, which has no rows to name.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function xuetu_student_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('xuetu_students', '*');
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        perform pg_notify('xuetu_students', old.student_id);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        perform pg_notify('xuetu_students', new.student_id);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of STUDENT_TABLES) await createStudentTriggers(db, table);
}

/** The two triggers that make `table`'s rows NOTIFY their student (also used by 2026-12-07-records-notify). */
export async function createStudentTriggers(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`create trigger ${sql.id(`${table}_student_changed`)} after insert or update or delete on ${sql.id(table)} for each row execute function xuetu_student_changed()`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${table}_student_truncated`)} after truncate on ${sql.id(table)} for each statement execute function xuetu_student_changed()`.execute(
    db,
  );
}

export async function dropStudentTriggers(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`drop trigger ${sql.id(`${table}_student_changed`)} on ${sql.id(table)}`.execute(db);
  await sql`drop trigger ${sql.id(`${table}_student_truncated`)} on ${sql.id(table)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of STUDENT_TABLES) await dropStudentTriggers(db, table);
  await sql`drop function xuetu_student_changed()`.execute(db);
}
