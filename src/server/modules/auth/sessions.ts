import { hash, randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../db/database';
import type { SessionCache, SessionOwner } from './session-cache';

/** Only the sha256 of a token is stored: a leaked sessions table does not let anyone in. */
export function hashToken(token: string): string {
  // One-shot hash: no Hash object per request (this runs on every authenticated request).
  return hash('sha256', token, 'hex');
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

/**
 * The student behind a live token and whether it is the experience account (one statement, then
 * cached with the session: the write policy asks it of every write), or undefined for unknown and
 * expired tokens.
 */
export async function findSession(db: DbOrTrx, cache: SessionCache, token: string): Promise<SessionOwner | undefined> {
  const hash = hashToken(token);
  const cached = cache.owner(hash);
  if (cached) return cached;
  const generation = cache.generation;
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('students as st', 'st.id', 's.student_id')
    .select(['s.student_id', 's.expires_at', 'st.customer_type'])
    .where('s.token_hash', '=', hash)
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return undefined;
  const experience = row.customer_type === 1;
  cache.remember(hash, row.student_id, row.expires_at, generation, experience);
  return { studentId: row.student_id, experience };
}

/** The student behind a live token, or undefined for unknown and expired tokens. */
export async function findSessionStudent(db: DbOrTrx, cache: SessionCache, token: string): Promise<string | undefined> {
  return (await findSession(db, cache, token))?.studentId;
}

// Revocations forget locally at once; other processes hear of it through the sessions trigger.
export async function revokeSession(db: DbOrTrx, cache: SessionCache, token: string): Promise<void> {
  const hash = hashToken(token);
  cache.forget(hash);
  await db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
  cache.forget(hash);
}

/** After a password change every other device must log in again. */
export async function revokeOtherSessions(db: DbOrTrx, cache: SessionCache, studentId: string, keepToken: string): Promise<void> {
  cache.forgetStudent(studentId);
  await db.deleteFrom('sessions').where('student_id', '=', studentId).where('token_hash', '!=', hashToken(keepToken)).execute();
  cache.forgetStudent(studentId);
}

/** Expired rows are useless; dropped opportunistically at login so the table stays small. */
export async function purgeExpiredSessions(db: DbOrTrx): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
}
