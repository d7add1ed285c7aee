/**
 * A student's enrolments (case applications, course sign-ups, tutor sign-ups) and the header's
 * unread-message poll, read once per process and reused, the way Moodle caches a user's
 * enrolments: nearly every screen asks for them and they change rarely. On the browse load they
 * were over half of the database round trips.
 *
 * Freshness comes from the database, as for platform content (content-cache.ts): a row trigger
 * on each of these tables NOTIFYs the student's id on channel xuetu_students (migration
 * 2026-11-25-student-notify; '*' after a TRUNCATE) and every process forgets that student.
 * Our own writes also forget locally before answering. While the listener is not live nothing
 * is cached; the TTL only bounds what a lost notification could cost.
 */
export type StudentKind = 'cases' | 'courses' | 'tutors' | `unread:${number}`;

interface Entry {
  value: Promise<unknown>;
  until: number;
}

export interface StudentCacheOptions {
  ttlMs: number;
  /** Students held at most; the longest-held is dropped first. */
  maxStudents?: number;
  now?: () => number;
}

export class StudentCache {
  readonly #students = new Map<string, Map<StudentKind, Entry>>();
  readonly #ttlMs: number;
  readonly #maxStudents: number;
  readonly #now: () => number;
  #live = false;

  constructor({ ttlMs, maxStudents = 20_000, now = Date.now }: StudentCacheOptions) {
    this.#ttlMs = ttlMs;
    this.#maxStudents = maxStudents;
    this.#now = now;
  }

  /** Students with something cached. */
  get size(): number {
    return this.#students.size;
  }

  /** The cached `kind` of `studentId`, or `load()`'s (shared by concurrent callers). */
  get<T>(studentId: string, kind: StudentKind, load: () => Promise<T>): Promise<T> {
    if (!this.#live || this.#ttlMs <= 0) return load();
    let kinds = this.#students.get(studentId);
    const hit = kinds?.get(kind);
    if (hit && hit.until > this.#now()) return hit.value as Promise<T>;
    if (!kinds) {
      if (this.#students.size >= this.#maxStudents) this.#students.delete(this.#students.keys().next().value!);
      kinds = new Map();
      this.#students.set(studentId, kinds);
    }
    const entry: Entry = { value: load(), until: this.#now() + this.#ttlMs };
    kinds.set(kind, entry);
    // A forget() while loading removed the entry already, so a value read before the change is
    // only seen by the callers that were waiting for it; a failed load is not kept.
    entry.value.catch(() => {
      if (this.#students.get(studentId)?.get(kind) === entry) this.#students.get(studentId)!.delete(kind);
    });
    return entry.value as Promise<T>;
  }

  /** The student's cached rows changed (payload of a notification; '*' means everyone's). */
  forget(studentId: string): void {
    if (studentId === '*') this.#students.clear();
    else this.#students.delete(studentId);
  }

  /** Not live: notifications may be missed, so hold nothing and cache nothing until live again. */
  setLive(live: boolean): void {
    this.#live = live;
    this.#students.clear();
  }
}
