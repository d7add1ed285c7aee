import { hash, randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../db/database';
import type { SessionCache } from './session-cache';

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

/** The student behind a live token, or undefined for unknown and expired tokens. */
export async function findSessionStudent(db: DbOrTrx, cache: SessionCache, token: string): Promise<string | undefined> {
  const hash = hashToken(token);
  const cached = cache.get(hash);
  if (cached) return cached;
  const generation = cache.generation;
  const row = await db
    .selectFrom('sessions')
    .select(['student_id', 'expires_at'])
    .where('token_hash', '=', hash)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return undefined;
  cache.remember(hash, row.student_id, row.expires_at, generation);
  return row.student_id;
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
