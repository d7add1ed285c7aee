import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../db/database';

/** Only the sha256 of a token is stored: a leaked sessions table does not let anyone in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session and returns the opaque token (shown to the client once, never stored). */
export async function createSession(db: DbOrTrx, studentId: string, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), student_id: studentId, expires_at: new Date(Date.now() + ttlMs) })
    .execute();
  return token;
}

/** The student behind a live token, or undefined for unknown and expired tokens. */
export async function findSessionStudent(db: DbOrTrx, token: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('student_id')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.student_id;
}

export async function revokeSession(db: DbOrTrx, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** After a password change every other device must log in again. */
export async function revokeOtherSessions(db: DbOrTrx, studentId: string, keepToken: string): Promise<void> {
  await db.deleteFrom('sessions').where('student_id', '=', studentId).where('token_hash', '!=', hashToken(keepToken)).execute();
}

/** Expired rows are useless; dropped opportunistically at login so the table stays small. */
export async function purgeExpiredSessions(db: DbOrTrx): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
}
