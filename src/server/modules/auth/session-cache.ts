/**
 * The signed-in student behind a token hash, remembered per process so that a protected request
 * does not spend a database round trip on its session (a third of the browse mix's queries).
 *
 * Correctness rests on invalidation, not on the TTL: a trigger on `sessions` NOTIFYs every
 * updated or deleted token hash (migration 2026-11-23-s1-session-notify), each process LISTENs and
 * forgets it, and routes that revoke sessions forget them locally before answering. The cache is
 * off whenever the listener is not live (it could be missing notifications), and an entry never
 * outlives the session's own expiry. The TTL only bounds what a lost notification could cost.
 */
interface Entry {
  studentId: string;
  /** ms epoch: the earlier of the session's expiry and the time the entry was cached + TTL. */
  until: number;
}

export interface SessionCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #live = false;
  /** Bumped by every forget: a lookup that raced with one must not cache what it read. */
  #generation = 0;

  constructor({ ttlMs, maxEntries = 50_000, now = Date.now }: SessionCacheOptions) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  get generation(): number {
    return this.#generation;
  }

  get(tokenHash: string): string | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.studentId;
  }

  /** Caches a lookup read at `generation`, unless something was forgotten since. */
  remember(tokenHash: string, studentId: string, expiresAt: Date, generation: number): void {
    if (!this.#live || this.#ttlMs <= 0 || generation !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) {
      // Oldest first: Map iterates in insertion order.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(tokenHash, { studentId, until: Math.min(expiresAt.getTime(), this.#now() + this.#ttlMs) });
  }

  forget(tokenHash: string): void {
    this.#generation++;
    this.#entries.delete(tokenHash);
  }

  /** Every token of one student (password change ends the other devices' sessions). */
  forgetStudent(studentId: string): void {
    this.#generation++;
    for (const [hash, entry] of this.#entries) if (entry.studentId === studentId) this.#entries.delete(hash);
  }

  /** Not live: notifications may be missed, so hold nothing and cache nothing until live again. */
  setLive(live: boolean): void {
    this.#live = live;
    this.#generation++;
    this.#entries.clear();
  }
}
