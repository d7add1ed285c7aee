import { LiveCache } from '../../lib/live-cache';

/**
 * The signed-in student behind a token hash, remembered per process so that a protected request
 * does not spend a database round trip on its session (a third of the browse mix's queries).
 *
 * Correctness rests on invalidation, not on the TTL: a trigger on `sessions` NOTIFYs every
 * updated or deleted token hash (migration 2026-11-23-s1-session-notify), each process LISTENs and
 * forgets it, and routes that revoke sessions forget them locally before answering. An entry
 * never outlives the session's own expiry. TTL, liveness and races: lib/live-cache.ts.
 */
export interface SessionCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

export interface SessionOwner {
  studentId: string;
  experience: boolean;
}

export class SessionCache {
  readonly #cache: LiveCache;

  constructor({ ttlMs, maxEntries = 50_000, now }: SessionCacheOptions) {
    this.#cache = new LiveCache({ ttlMs, maxEntries, now });
  }

  get size(): number {
    return this.#cache.size;
  }

  /** Read before a lookup and passed to `remember`: a forget in between keeps the lookup out. */
  get generation(): number {
    return this.#cache.generation;
  }

  get(tokenHash: string): string | undefined {
    return this.owner(tokenHash)?.studentId;
  }

  /** The student behind a cached token, with what the write policy needs of them. */
  owner(tokenHash: string): SessionOwner | undefined {
    return this.#cache.peek<SessionOwner>(tokenHash);
  }

  /**
   * Caches a lookup read at `generation`, unless something was forgotten since. `experience`:
   * the experience account (customer type 1), fixed when the account is made, so it is as
   * fresh as the session itself.
   */
  remember(tokenHash: string, studentId: string, expiresAt: Date, generation: number, experience = false): void {
    this.#cache.remember(tokenHash, { studentId, experience }, [studentId], { generation, until: expiresAt.getTime() });
  }

  forget(tokenHash: string): void {
    this.#cache.forget(tokenHash);
  }

  /** Every token of one student (password change ends the other devices' sessions). */
  forgetStudent(studentId: string): void {
    this.#cache.forgetTag(studentId);
  }

  setLive(live: boolean): void {
    this.#cache.setLive(live);
  }
}
