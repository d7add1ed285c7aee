/**
 * Platform content (courses and their node trees, cases and their official maps, resources,
 * tutors, help entries) read once per process and reused, the way Moodle caches a course's
 * module info and Open edX its block structure: students only read it, teachers change it
 * through the teacher site, rarely.
 *
 * Freshness comes from the database, not from guessing: a statement trigger on every content
 * table NOTIFYs the table's name (migration 2026-11-23-s2-content-notify), each process LISTENs and
 * drops every entry that read that table. Our own few writes to content (a case's study count)
 * also invalidate locally before answering. While the listener is not live nothing is cached,
 * and the TTL only bounds what a lost notification could cost.
 */
export type ContentTable =
  | 'cases'
  | 'case_classifications'
  | 'official_maps'
  | 'study_resources'
  | 'courses'
  | 'course_nodes'
  | 'exams'
  | 'tutors'
  | 'help_entries';

interface Entry {
  value: Promise<unknown>;
  tables: readonly ContentTable[];
  until: number;
}

export interface ContentCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

export class ContentCache {
  readonly #entries = new Map<string, Entry>();
  readonly #generations = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #live = false;
  /** Bumped whenever liveness changes: a load that spans it must not be kept. */
  #epoch = 0;

  constructor({ ttlMs, maxEntries = 5000, now = Date.now }: ContentCacheOptions) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The cached value of `key`, or `load()`'s (shared by concurrent callers). `tables` must name
   * every content table the loader reads: a change to any of them drops the entry.
   */
  get<T>(key: string, tables: readonly ContentTable[], load: () => Promise<T>): Promise<T> {
    if (!this.#live || this.#ttlMs <= 0) return load();
    const hit = this.#entries.get(key);
    if (hit && hit.until > this.#now()) return hit.value as Promise<T>;
    const before = this.#stamp(tables);
    const value = load();
    const entry: Entry = { value, tables, until: this.#now() + this.#ttlMs };
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, entry);
    value.then(
      // A change that landed while loading may not be in what was read: keep it out of the cache.
      () => this.#stamp(tables) !== before && this.#drop(key, entry),
      () => this.#drop(key, entry),
    );
    return value;
  }

  invalidate(table: string): void {
    this.#generations.set(table, (this.#generations.get(table) ?? 0) + 1);
    for (const [key, entry] of this.#entries) if (entry.tables.includes(table as ContentTable)) this.#entries.delete(key);
  }

  /** Not live: notifications may be missed, so hold nothing and cache nothing until live again. */
  setLive(live: boolean): void {
    this.#live = live;
    this.#epoch++;
    this.#entries.clear();
  }

  #stamp(tables: readonly ContentTable[]): string {
    return `${this.#epoch}:${tables.map((t) => this.#generations.get(t) ?? 0).join(',')}`;
  }

  #drop(key: string, entry: Entry): void {
    if (this.#entries.get(key) === entry) this.#entries.delete(key);
  }
}
