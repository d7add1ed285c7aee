// Free-list pool for display objects. Creating Pixi objects (and, for text, their canvases)
// is what makes panning stutter; released views are parked invisible and re-dressed later.

export class Pool<T> {
  private free: T[] = [];
  created = 0;

  constructor(
    private readonly create: () => T,
    private readonly park: (item: T) => void = () => {},
  ) {}

  acquire(): T {
    const item = this.free.pop();
    if (item !== undefined) return item;
    this.created++;
    return this.create();
  }

  release(item: T): void {
    this.park(item);
    this.free.push(item);
  }

  get idle(): number {
    return this.free.length;
  }

  /** Drops parked items beyond `keep` (after a zoom-out the pool can be huge). */
  trim(keep: number, destroy: (item: T) => void): void {
    while (this.free.length > keep) destroy(this.free.pop() as T);
  }
}

/**
 * Pooled views keyed by what they show, for one frame at a time: a key drawn again keeps the
 * view it had, and only keys not drawn since `begin()` go back to the pool at `end()`. Handing
 * every view back each frame would re-dress them in another order, and a text view that
 * changes its string re-rasterises its texture.
 */
export class FrameViews<K, T> {
  private live = new Map<K, T>();
  private seen = new Set<K>();

  constructor(private readonly pool: Pool<T>) {}

  begin(): void {
    this.seen.clear();
  }

  /** The view of `key`: last frame's if it had one, else one from the pool. */
  take(key: K): T {
    let v = this.live.get(key);
    if (v === undefined) {
      v = this.pool.acquire();
      this.live.set(key, v);
    }
    this.seen.add(key);
    return v;
  }

  end(): void {
    for (const [key, v] of this.live) {
      if (this.seen.has(key)) continue;
      this.pool.release(v);
      this.live.delete(key);
    }
  }

  get size(): number {
    return this.live.size;
  }
}
