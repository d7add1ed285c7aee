import type { ProgressPatch } from '../engine/progress/progress-index';
import { badgeText } from '../engine/render/progress-badge';

// The study roll-up (learnt/total per branch, issue 22) by scene slot, for the painter. It comes
// through the progress channel (controller → MindmapCanvas.applyProgress), not the render patch:
// an edit's render patch carries the nodes it restyled, not the ancestors whose counts changed.
// Flat arrays by slot, so painting reads two ints a node; a slot taken by a new node starts at
// 0/0 (no ring) until the progress patch that follows its render patch.

export class SlotProgress {
  /** counts[2s] learnt, counts[2s+1] total. */
  private counts = new Int32Array(2048);
  /** "3/8" (or "37%" on the root) per slot, made once per change rather than per frame. */
  private texts: (string | undefined)[] = [];

  ensure(slots: number): void {
    if (slots * 2 <= this.counts.length) return;
    const next = new Int32Array(Math.max(slots * 2, this.counts.length * 2));
    next.set(this.counts);
    this.counts = next;
  }

  clear(slot: number): void {
    this.counts[2 * slot] = 0;
    this.counts[2 * slot + 1] = 0;
    this.texts[slot] = undefined;
  }

  reset(): void {
    this.counts.fill(0);
    this.texts.length = 0;
  }

  /** Applies a progress patch (ids the scene does not hold are skipped); true when a slot changed. */
  apply(p: ProgressPatch, slotOf: ReadonlyMap<string, number>): boolean {
    if (p.full) this.reset();
    let changed = p.full;
    for (let i = 0; i < p.ids.length; i++) {
      const s = slotOf.get(p.ids[i]);
      if (s === undefined) continue;
      this.ensure(s + 1);
      this.counts[2 * s] = p.counts[2 * i];
      this.counts[2 * s + 1] = p.counts[2 * i + 1];
      this.texts[s] = undefined;
      changed = true;
    }
    return changed;
  }

  learnt(slot: number): number {
    return this.counts[2 * slot];
  }

  total(slot: number): number {
    return this.counts[2 * slot + 1];
  }

  /** "3/8" beside a branch, the case percentage "37%" on the root (rollup.ts's rule). */
  text(slot: number, isRoot: boolean): string {
    let t = this.texts[slot];
    if (t === undefined) {
      const p = { learnt: this.learnt(slot), total: this.total(slot) };
      t = this.texts[slot] = badgeText(p, isRoot);
    }
    return t;
  }
}
