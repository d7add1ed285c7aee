// Subtrees stored as runs of consecutive slots. A full patch lists nodes in preorder, so after
// a load every subtree is slots [s, end[s]) and a subtree shift is one tight loop over the box
// arrays instead of a walk over child lists. An insert shifts the subtrees after it, up to the
// whole map at 50k nodes: walking them cold cost the first edit 5-12 ms.
// Edits break the runs on their path to the root; those subtrees fall back to the walk (whose
// children may still be runs) until the next load.

export class SubtreeRuns {
  /** end[s] > s: slot s's subtree is exactly slots [s, end[s]); 0: not a run (or unknown). */
  private end = new Int32Array(1024);

  reset(): void {
    this.end.fill(0);
  }

  ensure(n: number): void {
    if (n <= this.end.length) return;
    const next = new Int32Array(Math.max(n, this.end.length * 2));
    next.set(this.end);
    this.end = next;
  }

  /** Exclusive end of slot s's run, or 0 when its subtree is not one run. */
  endOf(s: number): number {
    return this.end[s];
  }

  /**
   * Finds every run: a subtree is one when its children are in slot order, each a run, the
   * first right after it. Children have higher slots in preorder, so one pass from the last
   * slot down sees every child before its parent; any other order just finds no runs.
   */
  compute(count: number, alive: (s: number) => boolean, kids: readonly (readonly number[] | undefined)[]): void {
    const end = this.end;
    for (let s = count - 1; s >= 0; s--) {
      end[s] = 0;
      if (!alive(s)) continue;
      const ch = kids[s];
      let next = s + 1;
      if (ch) for (let k = 0; k < ch.length && next > 0; k++) next = ch[k] === next && end[next] > next ? end[next] : 0;
      end[s] = next;
    }
  }

  /** Slot s gained or lost a descendant (or died): neither it nor any ancestor is a run any more. */
  breakFrom(s: number, parentSlot: Int32Array): void {
    // A run needs every child to be a run, so above a broken slot all are broken: stop there.
    while (s >= 0 && this.end[s] !== 0) {
      this.end[s] = 0;
      s = parentSlot[s];
    }
  }

  /** New slot (or a recycled one): no run until the next compute. */
  clear(s: number): void {
    this.end[s] = 0;
  }
}

/** Adds (dx, dy) to slots [from, to) of the box arrays. */
export function translate(x: Float64Array, y: Float64Array, from: number, to: number, dx: number, dy: number): void {
  for (let k = from; k < to; k++) {
    x[k] += dx;
    y[k] += dy;
  }
}
