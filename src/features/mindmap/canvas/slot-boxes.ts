import type { Boxes } from './spatial-grid';
import type { Rect } from './scene-types';

// Slot-indexed boxes in typed arrays (the scene store's geometry) and the linear queries over
// them that serve while the grid index cannot.

export class SlotBoxes implements Boxes {
  count = 0;
  x = new Float64Array(1024);
  y = new Float64Array(1024);
  w = new Float64Array(1024);
  h = new Float64Array(1024);

  ensure(n: number): void {
    if (n <= this.x.length) return;
    const cap = Math.max(n, this.x.length * 2);
    for (const k of ['x', 'y', 'w', 'h'] as const) {
      const next = new Float64Array(cap);
      next.set(this[k]);
      this[k] = next;
    }
  }

  set(i: number, x: number, y: number, w: number, h: number): void {
    this.x[i] = x;
    this.y[i] = y;
    this.w[i] = w;
    this.h[i] = h;
  }
}

/** Slots whose box intersects `r`, by a linear pass (dead slots are NaN and never match). */
export function scan(b: SlotBoxes, r: Rect, out: number[]): number[] {
  out.length = 0;
  const { x, y, w, h } = b;
  const rx1 = r.x + r.w, ry1 = r.y + r.h;
  for (let i = 0; i < b.count; i++) if (x[i] <= rx1 && x[i] + w[i] >= r.x && y[i] <= ry1 && y[i] + h[i] >= r.y) out.push(i);
  return out;
}

export function intersects(b: SlotBoxes, i: number, r: Rect): boolean {
  return b.x[i] <= r.x + r.w && b.x[i] + b.w[i] >= r.x && b.y[i] <= r.y + r.h && b.y[i] + b.h[i] >= r.y;
}
