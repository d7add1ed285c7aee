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
