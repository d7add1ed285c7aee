import type { Updateable } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import type { StudentsTable } from '../../db/schema';
import type { SessionCache } from '../auth/session-cache';
import { revokeOtherSessions } from '../auth/sessions';
import { findStudent, type StudentRow } from '../auth/students';

/** Writes the fields present in the patch; an empty patch is a no-op (not an invalid UPDATE). */
export async function updateProfile(db: DbOrTrx, id: string, patch: Updateable<StudentsTable>): Promise<StudentRow | undefined> {
  const fields = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(fields).length === 0) return findStudent(db, id);
  return db.updateTable('students').set(fields).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Stores the new password hash and ends every other session of the student: whoever else holds
 * one (a lost phone, a shared computer) must log in with the new password.
 */
export async function changePassword(db: Db, sessions: SessionCache, id: string, hash: string, keepToken: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('students').set({ password_hash: hash }).where('id', '=', id).execute();
    await revokeOtherSessions(trx, sessions, id, keepToken);
  });
  // Again after commit: a lookup between the delete and the commit still read the old rows.
  sessions.forgetStudent(id);
}
