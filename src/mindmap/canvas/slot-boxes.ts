import { arcTpBounds } from './connector-path';
import type { Boxes } from './spatial-grid';
import type { Rect, SceneNode } from './scene-types';

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
  const rx1 = r.x + r.w,
    ry1 = r.y + r.h;
  for (let i = 0; i < b.count; i++) if (x[i] <= rx1 && x[i] + w[i] >= r.x && y[i] <= ry1 && y[i] + h[i] >= r.y) out.push(i);
  return out;
}

export function intersects(b: SlotBoxes, i: number, r: Rect): boolean {
  return b.x[i] <= r.x + r.w && b.x[i] + b.w[i] >= r.x && b.y[i] <= r.y + r.h && b.y[i] + b.h[i] >= r.y;
}

/** Bounding box of the live slots (empty rect when there are none). */
export function boundsOf(b: SlotBoxes, alive: (s: number) => boolean): Rect {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (let i = 0; i < b.count; i++) {
    if (!alive(i)) continue;
    x0 = Math.min(x0, b.x[i]);
    y0 = Math.min(y0, b.y[i]);
    x1 = Math.max(x1, b.x[i] + b.w[i]);
    y1 = Math.max(y1, b.y[i] + b.h[i]);
  }
  return x0 === Infinity ? { x: 0, y: 0, w: 0, h: 0 } : { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

const arcBox: Rect = { x: 0, y: 0, w: 0, h: 0 };

/**
 * Connector culling boxes (slot of the child) from the node boxes, in one pass: `links` is
 * derived, never patched. A dead or root slot gets a NaN box, which no query matches.
 */
export function computeLinkBoxes(
  b: SlotBoxes,
  l: SlotBoxes,
  parentSlot: Int32Array,
  record: (s: number) => SceneNode | undefined,
  prevSibling: (s: number) => number,
): void {
  l.count = b.count;
  const box = (s: number): Rect => ({ x: b.x[s], y: b.y[s], w: b.w[s], h: b.h[s] });
  for (let s = 0; s < b.count; s++) {
    const ps = parentSlot[s];
    const n = ps < 0 ? undefined : record(s);
    if (!n) {
      l.set(s, NaN, NaN, 0, 0);
      continue;
    }
    if (n.connector?.kind === 'arc_tp') {
      // An arc bulges past its chord: cull by its own extent (+3, the end dot).
      const pv = prevSibling(s);
      const a = arcTpBounds(box(pv >= 0 ? pv : ps), box(s), pv < 0, arcBox);
      l.set(s, a.x - 3, a.y - 3, a.w + 6, a.h + 6);
      continue;
    }
    // Same span as connectorBounds(), inlined: this loop runs over every node per rebuild.
    const x0 = Math.min(b.x[ps], b.x[s]),
      x1 = Math.max(b.x[ps] + b.w[ps], b.x[s] + b.w[s]);
    const y0 = Math.min(b.y[ps], b.y[s]),
      y1 = Math.max(b.y[ps] + b.h[ps], b.y[s] + b.h[s]) + 4;
    l.set(s, x0, y0, x1 - x0, y1 - y0);
  }
}
