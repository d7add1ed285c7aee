import type { Rect } from './scene-types';

// Uniform grid in compressed-row form (cell → slice of one Int32Array), rebuilt in bulk.
// Why not an R-tree: mind-map boxes are small and evenly spread, a bulk rebuild of 50k items
// costs ~2 ms (two linear passes over typed arrays), and the same rebuild serves an edit that
// shifts half the map. Items spanning more than `maxSpan` cells (root connectors that fan
// across the whole map) go to a short side list scanned on every query instead of being
// copied into thousands of cells.

export interface Boxes {
  readonly count: number;
  readonly x: ArrayLike<number>;
  readonly y: ArrayLike<number>;
  readonly w: ArrayLike<number>;
  readonly h: ArrayLike<number>;
}

const MAX_CELLS = 1 << 22;

export class GridIndex {
  private cell: number;
  private originX = 0;
  private originY = 0;
  private cols = 0;
  private rows = 0;
  private starts = new Int32Array(1);
  private items = new Int32Array(0);
  private big: number[] = [];
  private stamp = new Uint32Array(0);
  private queryId = 0;
  private boxes: Boxes = { count: 0, x: [], y: [], w: [], h: [] };

  constructor(
    cellSize = 512,
    private readonly maxSpan = 16,
  ) {
    this.cell = cellSize;
  }

  get cellSize(): number {
    return this.cell;
  }

  build(boxes: Boxes, cellSize = this.cell): void {
    this.boxes = boxes;
    const n = boxes.count;
    let minX = Infinity,
      minY = Infinity,
      maxX = -Infinity,
      maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      const x = boxes.x[i],
        y = boxes.y[i];
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x + boxes.w[i] > maxX) maxX = x + boxes.w[i];
      if (y + boxes.h[i] > maxY) maxY = y + boxes.h[i];
    }
    if (n === 0) minX = minY = maxX = maxY = 0;
    let cell = cellSize;
    while (((maxX - minX) / cell + 1) * ((maxY - minY) / cell + 1) > MAX_CELLS) cell *= 2;
    this.cell = cell;
    this.originX = minX;
    this.originY = minY;
    this.cols = Math.floor((maxX - minX) / cell) + 1;
    this.rows = Math.floor((maxY - minY) / cell) + 1;
    const cells = this.cols * this.rows;
    const counts = new Int32Array(cells + 1);
    this.big = [];
    // Pass 1: count entries per cell.
    for (let i = 0; i < n; i++) {
      const c0 = this.colOf(boxes.x[i]),
        c1 = this.colOf(boxes.x[i] + boxes.w[i]);
      const r0 = this.rowOf(boxes.y[i]),
        r1 = this.rowOf(boxes.y[i] + boxes.h[i]);
      if ((c1 - c0 + 1) * (r1 - r0 + 1) > this.maxSpan) {
        this.big.push(i);
        continue;
      }
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) counts[r * this.cols + c + 1]++;
    }
    for (let k = 1; k <= cells; k++) counts[k] += counts[k - 1];
    const fill = counts.slice(0, cells);
    const items = new Int32Array(counts[cells]);
    // Pass 2: place. Items land in ascending index order inside each cell (used by hitTest).
    let b = 0;
    for (let i = 0; i < n; i++) {
      if (b < this.big.length && this.big[b] === i) {
        b++;
        continue;
      }
      const c0 = this.colOf(boxes.x[i]),
        c1 = this.colOf(boxes.x[i] + boxes.w[i]);
      const r0 = this.rowOf(boxes.y[i]),
        r1 = this.rowOf(boxes.y[i] + boxes.h[i]);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) items[fill[r * this.cols + c]++] = i;
    }
    this.starts = counts;
    this.items = items;
    if (this.stamp.length < n) this.stamp = new Uint32Array(Math.max(n, this.stamp.length * 2));
  }

  /** Indices of items whose box intersects `rect` (each once, unordered). */
  query(rect: Rect, out: number[] = []): number[] {
    out.length = 0;
    const id = this.nextQuery();
    const { x, y, w, h } = this.boxes;
    const rx1 = rect.x + rect.w,
      ry1 = rect.y + rect.h;
    const c0 = this.colOf(rect.x),
      c1 = this.colOf(rx1);
    const r0 = this.rowOf(rect.y),
      r1 = this.rowOf(ry1);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const k = r * this.cols + c;
        for (let p = this.starts[k], e = this.starts[k + 1]; p < e; p++) {
          const i = this.items[p];
          if (this.stamp[i] === id) continue;
          this.stamp[i] = id;
          if (x[i] <= rx1 && x[i] + w[i] >= rect.x && y[i] <= ry1 && y[i] + h[i] >= rect.y) out.push(i);
        }
      }
    }
    for (const i of this.big) if (x[i] <= rx1 && x[i] + w[i] >= rect.x && y[i] <= ry1 && y[i] + h[i] >= rect.y) out.push(i);
    return out;
  }

  /** Topmost (highest index) item containing the point, or -1. */
  hitTest(px: number, py: number, accept?: (i: number) => boolean): number {
    const { x, y, w, h } = this.boxes;
    // `accept` narrows a box hit to the item's real shape (circle nodes).
    const inside = (i: number) => px >= x[i] && px <= x[i] + w[i] && py >= y[i] && py <= y[i] + h[i] && (!accept || accept(i));
    let best = -1;
    const c = this.colOf(px),
      r = this.rowOf(py);
    if (px >= this.originX && py >= this.originY && c < this.cols && r < this.rows) {
      const k = r * this.cols + c;
      for (let p = this.starts[k], e = this.starts[k + 1]; p < e; p++) if (this.items[p] > best && inside(this.items[p])) best = this.items[p];
    }
    for (const i of this.big) if (i > best && inside(i)) best = i;
    return best;
  }

  private nextQuery(): number {
    this.queryId = (this.queryId + 1) >>> 0;
    if (this.queryId === 0) {
      this.stamp.fill(0);
      this.queryId = 1;
    }
    return this.queryId;
  }

  private colOf(x: number): number {
    const c = Math.floor((x - this.originX) / this.cell);
    return c < 0 ? 0 : c >= this.cols ? this.cols - 1 : c;
  }

  private rowOf(y: number): number {
    const r = Math.floor((y - this.originY) / this.cell);
    return r < 0 ? 0 : r >= this.rows ? this.rows - 1 : r;
  }
}
