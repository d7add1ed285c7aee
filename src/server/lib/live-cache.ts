/**
 * The one per-process cache behind sessions, platform content and students' enrolments
 * (session-cache.ts, content-cache.ts, student-cache.ts say what each holds and which NOTIFY
 * keeps it fresh). What they share lives here, once:
 *
 * - **Liveness.** Freshness comes from the database's notifications, so while the LISTEN
 *   connection is down (`setLive(false)`) nothing is held and nothing is cached; a TTL of 0
 *   turns caching off.
 * - **TTL.** An entry is served until `now + ttlMs` (or an earlier `until` of its own, e.g. the
 *   session's expiry); the TTL only bounds what a lost notification could cost.
 * - **Tags.** Every entry names what it was read from (content tables, a student id); forgetting
 *   a tag drops exactly those entries, through an index, not a scan.
 * - **Races.** A promise is cached while it loads, so concurrent callers share one load and a
 *   forget during the load removes it (its waiters get what was read; later callers load again);
 *   a failed load is not kept. A synchronous lookup (`remember`) passes the `generation` it read
 *   at and is not kept if anything was forgotten since.
 * - **Bounded.** At most `maxEntries`; the longest-held is dropped first.
 */
export interface LiveCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  tags: readonly string[];
  until: number;
}

export class LiveCache<Tag extends string = string> {
  readonly #entries = new Map<string, Entry>();
  readonly #byTag = new Map<string, Set<string>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #live = false;
  #generation = 0;

  constructor({ ttlMs, maxEntries, now = Date.now }: LiveCacheOptions) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Bumped by every forget and liveness change: a lookup that spans one must not be kept. */
  get generation(): number {
    return this.#generation;
  }

  /** Tags with at least one entry. */
  get tagCount(): number {
    return this.#byTag.size;
  }

  get #caching(): boolean {
    return this.#live && this.#ttlMs > 0;
  }

  /** The cached value of `key`, or `load()`'s, shared by concurrent callers. `tags` name everything the loader reads. */
  get<T>(key: string, tags: readonly Tag[], load: () => Promise<T>): Promise<T> {
    if (!this.#caching) return load();
    const hit = this.peek<Promise<T>>(key);
    if (hit !== undefined) return hit;
    const value = load();
    const entry = this.#put(key, value, tags, this.#now() + this.#ttlMs);
    value.catch(() => this.#drop(key, entry));
    return value;
  }

  /** The value cached under `key`, if it has not expired. */
  peek<T>(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#drop(key, entry);
      return undefined;
    }
    return entry.value as T;
  }

  /** Caches a value read at `generation` (until the earlier of `until` and the TTL), unless something was forgotten since. */
  remember(key: string, value: unknown, tags: readonly Tag[], read: { generation: number; until?: number }): void {
    if (!this.#caching || read.generation !== this.#generation) return;
    this.#put(key, value, tags, Math.min(read.until ?? Infinity, this.#now() + this.#ttlMs));
  }

  forget(key: string): void {
    this.#generation++;
    const entry = this.#entries.get(key);
    if (entry) this.#drop(key, entry);
  }

  /** Drops every entry tagged `tag`. */
  forgetTag(tag: string): void {
    this.#generation++;
    const keys = this.#byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.#drop(key, this.#entries.get(key)!);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#byTag.clear();
  }

  /** Not live: notifications may be missed, so hold nothing and cache nothing until live again. */
  setLive(live: boolean): void {
    this.#live = live;
    this.clear();
  }

  #put(key: string, value: unknown, tags: readonly string[], until: number): Entry {
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    else if (this.#entries.size >= this.#maxEntries) {
      // Oldest first: a Map iterates in insertion order.
      const [oldestKey, oldest] = this.#entries.entries().next().value!;
      this.#drop(oldestKey, oldest);
    }
    const entry: Entry = { value, tags, until };
    this.#entries.set(key, entry);
    for (const tag of tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return entry;
  }

  /** Removes `entry` if it is still the one under `key` (a newer load may have replaced it). */
  #drop(key: string, entry: Entry): void {
    if (this.#entries.get(key) !== entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}
