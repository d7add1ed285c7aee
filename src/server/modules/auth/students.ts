import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { StudentsTable } from '../../db/schema';
import type { Selectable } from 'kysely';

export type StudentRow = Selectable<StudentsTable>;

/** 5 failures within 15 minutes lock the account for 15 minutes (issue 3). */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MINUTES = 15;
export const LOCK_MINUTES = 15;

/** The signed-in user as login and selectUser return it (SPEC §3 field names). */
export function userView(s: StudentRow) {
  return {
    customerType: s.customer_type,
    username: s.username,
    studentNo: s.student_no,
    userId: s.id,
    userPicUrl: s.avatar,
    sex: s.sex,
    identityNumber: s.identity_number,
    specialty: s.specialty,
    classmate: s.classmate,
    phone: s.phone,
    email: s.email,
  };
}

export async function findStudentByLogin(db: DbOrTrx, loginName: string): Promise<StudentRow | undefined> {
  return db.selectFrom('students').selectAll().where('login_name', '=', loginName).executeTakeFirst();
}

export async function findStudent(db: DbOrTrx, id: string): Promise<StudentRow | undefined> {
  return db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Counts a failed login in one atomic statement (concurrent failures on several instances cannot
 * lose a count) and locks the account when the count reaches MAX_FAILURES inside the window.
 * Returns true when this failure locked the account.
 */
export async function recordLoginFailure(db: DbOrTrx, id: string): Promise<boolean> {
  const window = sql`now() - ${`${FAILURE_WINDOW_MINUTES} minutes`}::interval`;
  const row = await db
    .updateTable('students')
    .set({
      failed_logins: sql`case when first_failed_at is null or first_failed_at < ${window} then 1 else failed_logins + 1 end`,
      first_failed_at: sql`case when first_failed_at is null or first_failed_at < ${window} then now() else first_failed_at end`,
    })
    .where('id', '=', id)
    .returning('failed_logins')
    .executeTakeFirst();
  if (!row || row.failed_logins < MAX_FAILURES) return false;
  await db
    .updateTable('students')
    .set({ locked_until: sql`now() + ${`${LOCK_MINUTES} minutes`}::interval`, failed_logins: 0, first_failed_at: null })
    .where('id', '=', id)
    .execute();
  return true;
}

export async function clearLoginFailures(db: DbOrTrx, id: string): Promise<void> {
  await db.updateTable('students').set({ failed_logins: 0, first_failed_at: null, locked_until: null }).where('id', '=', id).execute();
}

export function isLocked(s: StudentRow, now = new Date()): boolean {
  return s.locked_until !== null && new Date(s.locked_until).getTime() > now.getTime();
}
