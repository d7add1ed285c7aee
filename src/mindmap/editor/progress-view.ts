import type { ProgressPatch } from '../engine/progress/progress-index';
import { percentOf, progressLabel, type Progress } from '../engine/progress/rollup';

/**
 * The main thread's copy of the engine's study roll-up (learnt/total over the study nodes in each
 * branch), fed by takeProgress() patches — a channel of its own beside the render patches. The
 * tree, the outline and the canvas read labels from here.
 */
export class ProgressView {
  private counts = new Map<string, Progress>();
  private listeners = new Set<() => void>();
  version = 0;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getVersion = (): number => this.version;

  apply(p: ProgressPatch): void {
    if (!p.full && !p.ids.length) return;
    if (p.full) this.counts.clear();
    p.ids.forEach((id, i) => {
      const total = p.counts[i * 2 + 1];
      if (total > 0) this.counts.set(id, { learnt: p.counts[i * 2], total });
      else this.counts.delete(id);
    });
    this.version++;
    for (const fn of this.listeners) fn();
  }

  /** Every count known, as a full patch (for a consumer that starts over, e.g. a new canvas scene). */
  snapshot(): ProgressPatch {
    const ids = [...this.counts.keys()];
    const counts = new Int32Array(ids.length * 2);
    ids.forEach((id, i) => {
      const p = this.counts.get(id)!;
      counts[i * 2] = p.learnt;
      counts[i * 2 + 1] = p.total;
    });
    return { full: true, ids, counts };
  }

  of(id: string): Progress | undefined {
    return this.counts.get(id);
  }

  /** "已学 3/8" for a branch with study nodes (the tree item's announcement), else nothing. */
  marks(id: string): string[] {
    const p = this.counts.get(id);
    return p ? [`已学 ${progressLabel(p)}`] : [];
  }

  /** The case's percentage: the root's roll-up (same rule as the server's lists). */
  percent(rootId: string): number | undefined {
    const p = this.counts.get(rootId);
    return p ? percentOf(p) : undefined;
  }
}
