import type { LayoutTree, Position, Positions, Sizes } from './contract';

// Quality checks on a layout's result (the rules are stated in contract.ts). Linear apart from the
// overlap test, which hashes boxes into a grid and compares only boxes that share a cell.

export interface Quality {
  /** Nodes without a finite position. */
  missing: number;
  /** Pairs of boxes that overlap by more than EPS px in both directions (counting stops at OVERLAP_CAP). */
  overlaps: number;
  /** Children not wholly on one side of their parent, or not on the side their branch grows to. */
  sideErrors: number;
  /** Siblings on one side whose order on the map is not their order in the tree. */
  orderErrors: number;
  /** Bounding box of all boxes, px. */
  width: number;
  height: number;
  /** Sum of the boxes' areas over the bounding box's area (1 = no empty space). */
  fill: number;
  /** width / height of the bounding box. */
  aspect: number;
}

const EPS = 0.5;
// Three significant digits: a 500k-node column has an aspect ratio near 0.0002.
const sig3 = (x: number) => Number(x.toPrecision(3));
export const OVERLAP_CAP = 10_000;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const positionOf = (p: Positions, id: string): Position | undefined => (p instanceof Map ? p.get(id) : p[id]);

type Side = 0 | 1 | 2 | 3; // right, left, below, above
function sidesOf(c: Box, p: Box): Side[] {
  const out: Side[] = [];
  if (c.x >= p.x + p.w - EPS) out.push(0);
  if (c.x + c.w <= p.x + EPS) out.push(1);
  if (c.y >= p.y + p.h - EPS) out.push(2);
  if (c.y + c.h <= p.y + EPS) out.push(3);
  return out;
}

export function checkLayout(tree: LayoutTree, sizes: Sizes, positions: Positions): Quality {
  const boxes = new Map<string, Box>();
  let missing = 0;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let boxArea = 0;
  const stack = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    for (const c of n.children) stack.push(c);
    const p = positionOf(positions, n.id);
    const s = sizes.get(n.id)!;
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) {
      missing++;
      continue;
    }
    const b = { x: p.x, y: p.y, w: s.w, h: s.h };
    boxes.set(n.id, b);
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
    boxArea += b.w * b.h;
  }
  const { sideErrors, orderErrors } = checkOrder(tree, boxes);
  const width = Math.max(0, x1 - x0);
  const height = Math.max(0, y1 - y0);
  return {
    missing,
    overlaps: countOverlaps([...boxes.values()]),
    sideErrors,
    orderErrors,
    width: Math.round(width),
    height: Math.round(height),
    fill: width * height > 0 ? sig3(boxArea / (width * height)) : 0,
    aspect: height > 0 ? sig3(width / height) : 0,
  };
}

interface Tally {
  sideErrors: number;
  orderErrors: number;
}

function checkOrder(tree: LayoutTree, boxes: Map<string, Box>): Tally {
  return walkBranch(tree, -1, boxes, true);
}

/**
 * The side and order checks below `top`, which lies on side `topSide` of its parent (-1: the root,
 * or a node misplaced itself: its children may go to any side). A child of the root may lie on
 * two sides at once (below and right of it, in a top-down layout whose first level is wider than
 * the root): its branch's direction is then the side its own subtree keeps to best (`resolve`,
 * at the root only, so a broken layout costs at most a few extra passes).
 */
function walkBranch(top: LayoutTree, topSide: number, boxes: Map<string, Box>, resolve: boolean): Tally {
  const t: Tally = { sideErrors: 0, orderErrors: 0 };
  // [node, the side it lies of its parent (-1 for the root and for misplaced nodes)]
  const stack: Array<[LayoutTree, number]> = [[top, topSide]];
  while (stack.length) {
    const [n, mySide] = stack.pop()!;
    const pb = boxes.get(n.id);
    const lastCross: number[] = [-Infinity, -Infinity, -Infinity, -Infinity];
    for (const c of n.children) {
      const cb = boxes.get(c.id);
      if (!pb || !cb) {
        stack.push([c, -1]);
        continue;
      }
      const sides = sidesOf(cb, pb);
      // Below the root a branch keeps the direction it started in.
      let side: number;
      if (mySide >= 0) side = sides.includes(mySide as Side) ? mySide : -1;
      else if (resolve && n === top && sides.length > 1) side = bestSide(c, sides, boxes, cb, lastCross);
      else side = sides[0] ?? -1;
      if (side < 0) {
        t.sideErrors++;
        stack.push([c, -1]);
        continue;
      }
      const cross = side < 2 ? cb.y + cb.h / 2 : cb.x + cb.w / 2;
      if (cross <= lastCross[side]) t.orderErrors++;
      lastCross[side] = cross;
      stack.push([c, side]);
    }
  }
  return t;
}

/**
 * The side of the root's child `c` (box `cb`) that costs fewest errors: its subtree's, plus its
 * own order among the siblings already on that side (`lastCross`). A childless child of the root
 * below and right of it is then placed in the row of its siblings, not in a column of equal heights.
 */
function bestSide(c: LayoutTree, sides: Side[], boxes: Map<string, Box>, cb: Box, lastCross: readonly number[]): Side {
  let best = sides[0];
  let fewest = Infinity;
  for (const s of sides) {
    const e = walkBranch(c, s, boxes, false);
    const cross = s < 2 ? cb.y + cb.h / 2 : cb.x + cb.w / 2;
    const cost = e.sideErrors + e.orderErrors + (cross <= lastCross[s] ? 1 : 0);
    if (cost < fewest) [best, fewest] = [s, cost];
  }
  return best;
}

/** Overlapping pairs, through a uniform grid of cells twice the median box's larger side. */
export function countOverlaps(boxes: Box[]): number {
  if (boxes.length < 2) return 0;
  const sides = boxes.map((b) => Math.max(b.w, b.h)).sort((a, b) => a - b);
  const cell = Math.max(1, 2 * sides[Math.floor(sides.length / 2)]);
  const grid = new Map<string, number[]>();
  boxes.forEach((b, i) => {
    for (let gx = Math.floor(b.x / cell); gx <= Math.floor((b.x + b.w) / cell); gx++)
      for (let gy = Math.floor(b.y / cell); gy <= Math.floor((b.y + b.h) / cell); gy++) {
        const k = `${gx},${gy}`;
        const list = grid.get(k);
        if (list) list.push(i);
        else grid.set(k, [i]);
      }
  });
  let count = 0;
  for (const [key, list] of grid) {
    const [gx, gy] = key.split(',').map(Number);
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const a = boxes[list[i]];
        const b = boxes[list[j]];
        const ix = Math.max(a.x, b.x);
        const iy = Math.max(a.y, b.y);
        if (Math.min(a.x + a.w, b.x + b.w) - ix <= EPS || Math.min(a.y + a.h, b.y + b.h) - iy <= EPS) continue;
        // A pair sharing several cells is counted in the cell holding its intersection's corner.
        if (Math.floor(ix / cell) !== gx || Math.floor(iy / cell) !== gy) continue;
        if (++count >= OVERLAP_CAP) return count;
      }
  }
  return count;
}
