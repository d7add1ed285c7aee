// The document changes sent to the worker and not yet applied here: closing the editor (and a
// test's `settled`) waits for them, so the last edit before leaving is saved.

export class Work {
  private inflight = new Set<Promise<unknown>>();

  track<T>(work: () => Promise<T>): Promise<T> {
    const p = work();
    this.inflight.add(p);
    const done = () => void this.inflight.delete(p);
    p.then(done, done);
    return p;
  }

  /** Resolves once every change sent so far is applied. */
  async settled(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }
}
