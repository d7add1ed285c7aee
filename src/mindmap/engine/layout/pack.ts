import type { NodeRec } from '../model/doc';
import { K } from './kinds';

/**
 * Flat per-slot storage. Boxes are top-left + size. rel = child's top-left relative to its
 * parent's top-left; b* = the subtree's bounding box relative to the node's own top-left.
 */
export interface LayoutArrays {
  w: Float64Array;
  h: Float64Array;
  relX: Float64Array;
  relY: Float64Array;
  bx0: Float64Array;
  by0: Float64Array;
  bx1: Float64Array;
  by1: Float64Array;
  absX: Float64Array;
  absY: Float64Array;
  mv: Float32Array;
  mh: Float32Array;
  kind: Uint8Array;
  depth: Int32Array;
  /** 1 when pack() changed this node's rel position (read by the incremental absolute pass). */
  moved: Uint8Array;
}

function put(a: LayoutArrays, s: number, x: number, y: number): void {
  if (a.relX[s] !== x || a.relY[s] !== y) {
    a.relX[s] = x;
    a.relY[s] = y;
    a.moved[s] = 1;
  }
}

// Scratch buffer for stack(): one allocation per pack call made deep maps GC-bound.
let scratch = new Float64Array(256);

/** Tidy stack of children[from..to) along one axis, centred on the parent by the branch box. */
function stack(a: LayoutArrays, p: number, ch: NodeRec[], from: number, to: number, vertical: boolean, dir: number): void {
  if (from >= to) return;
  const f = ch[from].slot;
  const gapMain = vertical ? a.mh[p] + a.mh[f] : a.mv[p] + a.mv[f];
  let cursor = 0;
  let lo = Infinity;
  let hi = -Infinity;
  if (scratch.length < to - from) scratch = new Float64Array((to - from) * 2);
  const cross = scratch;
  for (let i = from; i < to; i++) {
    const s = ch[i].slot;
    if (i > from) cursor += vertical ? a.mv[ch[i - 1].slot] + a.mv[s] : a.mh[ch[i - 1].slot] + a.mh[s];
    const c = cursor - (vertical ? a.by0[s] : a.bx0[s]);
    cursor += vertical ? a.by1[s] - a.by0[s] : a.bx1[s] - a.bx0[s];
    cross[i - from] = c;
    lo = Math.min(lo, c);
    hi = Math.max(hi, c + (vertical ? a.h[s] : a.w[s]));
  }
  const shift = (vertical ? a.h[p] : a.w[p]) / 2 - (lo + hi) / 2;
  for (let i = from; i < to; i++) {
    const s = ch[i].slot;
    const c = cross[i - from] + shift;
    if (vertical) put(a, s, dir > 0 ? a.w[p] + gapMain - a.bx0[s] : -gapMain - a.bx1[s], c);
    else put(a, s, c, dir > 0 ? a.h[p] + gapMain - a.by0[s] : -gapMain - a.by1[s]);
  }
}

/** Indented list (filetree): left-aligned at +20, stacked down (or up) from the parent. */
function fileTree(a: LayoutArrays, p: number, ch: NodeRec[], up: boolean, x: number, from = 0, to = ch.length): void {
  if (from >= to) return;
  const f = ch[from].slot;
  let total = 0;
  for (let i = from; i < to; i++) {
    const s = ch[i].slot;
    total += a.by1[s] - a.by0[s] + (i > from ? a.mv[ch[i - 1].slot] + a.mv[s] : 0);
  }
  let cursor = up ? -(a.mv[p] + a.mv[f]) - total : a.h[p] + a.mv[p] + a.mv[f];
  for (let i = from; i < to; i++) {
    const s = ch[i].slot;
    if (i > from) cursor += a.mv[ch[i - 1].slot] + a.mv[s];
    put(a, s, x - a.bx0[s], cursor - a.by0[s]);
    cursor += a.by1[s] - a.by0[s];
  }
}

function fishMaster(a: LayoutArrays, p: number, ch: NodeRec[]): void {
  const f = ch[0].slot;
  const start = a.w[p] + a.mh[p] + a.mh[f];
  const rows: Array<[number, number]> = [
    [start, a.h[p] / 2 - a.mv[f] - a.mv[p]],
    [start + a.mh[f], a.h[p] / 2 + a.mv[f] + a.mv[p]],
  ];
  for (let r = 0; r < 2; r++) {
    let cursor = rows[r][0];
    for (let i = r; i < ch.length; i += 2) {
      const s = ch[i].slot;
      if (i > r) cursor += a.mh[ch[i - 2].slot] + a.mh[s];
      put(a, s, cursor - a.bx0[s], r === 0 ? rows[r][1] - a.by1[s] : rows[r][1] - a.by0[s]);
      cursor += a.bx1[s] - a.bx0[s];
    }
  }
}

function fishSlave(a: LayoutArrays, p: number, ch: NodeRec[], up: boolean): void {
  const x = 0.382 * a.w[p];
  fileTree(a, p, ch, up, x);
  // Round 2 of kityminder: push each child right by its distance from the bone, along the 45° diagonal.
  const voY = up ? 0 : a.h[p];
  for (const c of ch) {
    const s = c.slot;
    put(a, s, x - a.bx0[s] + Math.abs(a.relY[s] + a.h[s] / 2 - voY), a.relY[s]);
  }
}

function tianpan(a: LayoutArrays, p: number, ch: NodeRec[]): void {
  let max = Math.max(a.w[p], 50);
  for (const c of ch) max = Math.max(max, a.bx1[c.slot] - a.bx0[c.slot], a.by1[c.slot] - a.by0[c.slot]);
  const r = max / (1.5 * Math.PI);
  let t = 5;
  for (let i = 0; i < ch.length; i++) {
    const s = ch[i].slot;
    const x = r * (Math.cos(t) + t * Math.sin(t));
    const y = r * (Math.sin(t) - t * Math.cos(t));
    put(a, s, a.w[p] / 2 + x - a.w[s] / 2, a.h[p] / 2 + y - a.h[s] / 2);
    t += 0.9 - 0.02 * i;
  }
}

/** Places the children of `node` (when `open`) and recomputes its subtree box. O(children). */
export function pack(a: LayoutArrays, node: NodeRec, open: boolean): void {
  const p = node.slot;
  const ch = node.children;
  let x0 = 0;
  let y0 = 0;
  let x1 = a.w[p];
  let y1 = a.h[p];
  if (open && ch.length) {
    switch (a.kind[p]) {
      case K.RIGHT:
        stack(a, p, ch, 0, ch.length, true, 1);
        break;
      case K.LEFT:
        stack(a, p, ch, 0, ch.length, true, -1);
        break;
      case K.BOTTOM:
        stack(a, p, ch, 0, ch.length, false, 1);
        break;
      case K.TOP:
        stack(a, p, ch, 0, ch.length, false, -1);
        break;
      case K.MIND: {
        const half = Math.ceil(ch.length / 2);
        stack(a, p, ch, 0, half, true, 1);
        stack(a, p, ch, half, ch.length, true, -1);
        break;
      }
      case K.FT_DOWN:
      case K.FT_UP:
        fileTree(a, p, ch, a.kind[p] === K.FT_UP, 20 + a.mh[ch[0].slot]);
        break;
      case K.FB_MASTER:
        fishMaster(a, p, ch);
        break;
      case K.FB_UP:
      case K.FB_DOWN:
        fishSlave(a, p, ch, a.kind[p] === K.FB_UP);
        break;
      default:
        tianpan(a, p, ch);
    }
    for (const c of ch) {
      const s = c.slot;
      x0 = Math.min(x0, a.relX[s] + a.bx0[s]);
      y0 = Math.min(y0, a.relY[s] + a.by0[s]);
      x1 = Math.max(x1, a.relX[s] + a.bx1[s]);
      y1 = Math.max(y1, a.relY[s] + a.by1[s]);
    }
  }
  a.bx0[p] = x0;
  a.by0[p] = y0;
  a.bx1[p] = x1;
  a.by1[p] = y1;
}
