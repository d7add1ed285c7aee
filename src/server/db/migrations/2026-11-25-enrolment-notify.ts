import { sql, type Kysely } from 'kysely';

/** Per-student tables cached per process (src/server/lib/student-cache.ts). */
export const ENROLMENT_TABLES = ['case_applications', 'course_signups', 'tutor_signups'] as const;

// Whoever changes a student's enrolments (this app, the teacher site approving a tutor sign-up or
// graduating a student, an operator's SQL) must reach every process's cache: one NOTIFY per
// affected student on channel xuetu_enrolments, sent at commit (identical ones folded), and '*'
// after a TRUNCATE, which has no rows to name.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function xuetu_enrolment_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('xuetu_enrolments', '*');
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        perform pg_notify('xuetu_enrolments', old.student_id);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        perform pg_notify('xuetu_enrolments', new.student_id);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ENROLMENT_TABLES) {
    await sql`create trigger ${sql.id(`${table}_enrolment_changed`)} after insert or update or delete on ${sql.id(table)} for each row execute function xuetu_enrolment_changed()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_enrolment_truncated`)} after truncate on ${sql.id(table)} for each statement execute function xuetu_enrolment_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ENROLMENT_TABLES) {
    await sql`drop trigger ${sql.id(`${table}_enrolment_changed`)} on ${sql.id(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_enrolment_truncated`)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop function xuetu_enrolment_changed()`.execute(db);
}
