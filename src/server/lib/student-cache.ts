import { LiveCache } from './live-cache';

/**
 * A student's enrolments (case applications with the case records behind their progress, course
 * sign-ups, tutor sign-ups) and the header's unread-message poll, read once per process and
 * reused, the way Moodle caches a user's enrolments: nearly every screen asks for them and they
 * change rarely. On the browse load they were over half of the database round trips.
 *
 * Freshness comes from the database, as for platform content (content-cache.ts): a row trigger
 * on each of these tables NOTIFYs the student's id on channel xuetu_students (migrations
 * 2026-11-25-student-notify and 2026-12-07-records-notify; '*' after a TRUNCATE) and every
 * process forgets that student.
 * Our own writes also forget locally before answering. TTL, liveness and races: live-cache.ts.
 */
export type StudentKind = 'cases' | 'courses' | 'tutors' | `unread:${number}`;

export interface StudentCacheOptions {
  ttlMs: number;
  /** Values (student × kind) held at most; the longest-held is dropped first. */
  maxEntries?: number;
  now?: () => number;
}

export class StudentCache {
  readonly #cache: LiveCache;

  constructor({ ttlMs, maxEntries = 80_000, now }: StudentCacheOptions) {
    this.#cache = new LiveCache({ ttlMs, maxEntries, now });
  }

  /** Values held (student × kind). */
  get size(): number {
    return this.#cache.size;
  }

  /** Students with something cached. */
  get students(): number {
    return this.#cache.tagCount;
  }

  /** The cached `kind` of `studentId`, or `load()`'s (shared by concurrent callers). */
  get<T>(studentId: string, kind: StudentKind, load: () => Promise<T>): Promise<T> {
    return this.#cache.get(`${studentId}\u0000${kind}`, [studentId], load);
  }

  /** The student's cached rows changed (payload of a notification; '*' means everyone's). */
  forget(studentId: string): void {
    if (studentId === '*') this.#cache.clear();
    else this.#cache.forgetTag(studentId);
  }

  setLive(live: boolean): void {
    this.#cache.setLive(live);
  }
}
