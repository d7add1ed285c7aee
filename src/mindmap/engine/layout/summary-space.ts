import type { NodeRec } from '../model/doc';
import type { Summary } from '../model/items';
import type { TextMeasurer } from '../measure/text-measurer';
import type { FormulaBoxes } from '../measure/formula-boxes';
import { nodeTypeForLevel, type Theme } from '../theme/themes';
import { connectorFor, KIND_NAMES } from './kinds';
import { EXPANDER_COLLAPSED_R, expanderCircle } from './expander-geometry';
import { measureNode } from './node-size';
import type { LayoutArrays } from './pack';
import { sideOf, type SummarySide } from './summary-side';

// Room for summaries (概要) in the tidy tree. A summary's brace and topic sit on the outer side
// of its range of children — right of a right-growing branch (and of file-tree / fish-bone bones,
// whose children stack downwards), left of a left-growing one, below (above) the children of a
// downward (upward) org chart. Run right after pack() of the parent: the brace is placed beyond the
// range's subtree boxes and the parent's subtree box grows to hold brace and topic, so packing
// the parent's own siblings keeps clear of it. Fish-bone spines and tianpan spirals have no
// "outer side" for a run of children (summary-side.ts): summaries there are kept but not drawn.

/** Brace and topic of one summary, relative to its parent's top-left (rel) or absolute. */
export interface SummaryPlace {
  id: string;
  side: SummarySide;
  /** The rectangle the brace is drawn in; its long side spans the range. */
  brace: [number, number, number, number];
  /** The summary topic's box, [x, y, w, h]. */
  topic: [number, number, number, number];
}

/** Gap between the range and the brace, the brace's depth, and the gap to the topic. */
export const BRACE_GAP = 8;
export const BRACE_DEPTH = 14;

/** Size of a summary's topic: measured like a node one level below the parent (formulas typeset too). */
export function topicSize(s: Summary, depth: number, theme: Theme, m: TextMeasurer, formulas?: FormulaBoxes): { w: number; h: number } {
  const style = theme[nodeTypeForLevel(depth + 2)];
  return measureNode({ text: s.text || ' ' }, style, theme, m, formulas);
}

export function summariesByParent(list: readonly Summary[]): Map<string, Summary[]> {
  const out = new Map<string, Summary[]>();
  for (const s of list) {
    const l = out.get(s.parent);
    if (l) l.push(s);
    else out.set(s.parent, [s]);
  }
  return out;
}

const OFFSET_KEYS = KIND_NAMES.map((k) => `layout_${k}_offset`);

function offsetOf(c: NodeRec, parentKind: number): [number, number] {
  const o = c.data[OFFSET_KEYS[parentKind]] as { x?: unknown; y?: unknown } | undefined;
  return o && typeof o === 'object' ? [Number(o.x) || 0, Number(o.y) || 0] : [0, 0];
}

const overlaps = (p: SummaryPlace, q: SummaryPlace, ranges: Map<string, [number, number]>): boolean => {
  const a = ranges.get(p.id)!;
  const b = ranges.get(q.id)!;
  return p.side === q.side && a[0] <= b[1] && b[0] <= a[1];
};

/** Nodes a range's walk visits at most (~0.1 ms); a larger range falls back to padded subtree boxes. */
const WALK_BUDGET = 2000;

/**
 * What the brace must clear, relative to `parent`'s top-left: the range's subtree boxes and every visible node of its
 * subtrees where it is drawn (with the manual offsets of descendants, which subtree boxes leave
 * out) and their expand/collapse circles (expander-geometry.ts: a folded node's sticks out of its
 * subtree box). A walk over the range's visible subtrees (up to WALK_BUDGET nodes): only parents
 * with summaries pay for it.
 */
export function rangeExtent(a: LayoutArrays, parent: NodeRec, from: number, to: number, template: string): [number, number, number, number] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const box = { x: 0, y: 0, w: 0, h: 0 };
  const pbox = { x: 0, y: 0, w: 0, h: 0 };
  // [node, its parent's x, y (relative to `parent`)]
  const stack: Array<[NodeRec, number, number]> = [];
  for (let i = to; i >= from; i--) {
    // The subtree boxes first: they hold the summaries placed deeper in the range.
    const c = parent.children[i];
    const [ox, oy] = offsetOf(c, a.kind[parent.slot]);
    x0 = Math.min(x0, a.relX[c.slot] + ox + a.bx0[c.slot]);
    y0 = Math.min(y0, a.relY[c.slot] + oy + a.by0[c.slot]);
    x1 = Math.max(x1, a.relX[c.slot] + ox + a.bx1[c.slot]);
    y1 = Math.max(y1, a.relY[c.slot] + oy + a.by1[c.slot]);
    stack.push([c, 0, 0]);
  }
  for (let visits = 0; stack.length; visits++) {
    if (visits > WALK_BUDGET) {
      // A huge range (a summary on the root of a big map, re-placed on every edit below it): its
      // subtree boxes widened by an expander's reach, in O(range) — dragged descendants aside.
      const reach = 2 + 2 * EXPANDER_COLLAPSED_R;
      return [x0 - reach, y0 - reach, x1 + reach, y1 + reach];
    }
    const [n, px, py] = stack.pop()!;
    const s = n.slot;
    const up = n.parent!;
    const [ox, oy] = offsetOf(n, a.kind[up.slot]);
    const x = px + a.relX[s] + ox;
    const y = py + a.relY[s] + oy;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + a.w[s]);
    y1 = Math.max(y1, y + a.h[s]);
    if (!n.children.length) continue;
    const collapsed = n.data.expandState === 'collapse';
    box.x = x;
    box.y = y;
    box.w = a.w[s];
    box.h = a.h[s];
    pbox.x = px;
    pbox.y = py;
    pbox.w = a.w[up.slot];
    pbox.h = a.h[up.slot];
    const e = expanderCircle(box, pbox, connectorFor(template, a.kind[up.slot], a.depth[s]), collapsed);
    x0 = Math.min(x0, e.x - e.r);
    y0 = Math.min(y0, e.y - e.r);
    x1 = Math.max(x1, e.x + e.r);
    y1 = Math.max(y1, e.y + e.r);
    if (!collapsed) for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i], x, y]);
  }
  return [x0, y0, x1, y1];
}

type Rect4 = [number, number, number, number];

/**
 * The subtree boxes of `parent`'s children outside [from..to], widened by an expander's reach
 * (a folded node's circle may stick out of its subtree box): what a summary topic taller (or wider)
 * than its range must not run into. O(children): no walk below them.
 */
function siblingBoxes(a: LayoutArrays, parent: NodeRec, from: number, to: number): Rect4[] {
  const reach = 2 + 2 * EXPANDER_COLLAPSED_R;
  const out: Rect4[] = [];
  const ch = parent.children;
  for (let i = 0; i < ch.length; i++) {
    if (i >= from && i <= to) continue;
    const c = ch[i].slot;
    const [ox, oy] = offsetOf(ch[i], a.kind[parent.slot]);
    const x = a.relX[c] + ox + a.bx0[c] - reach;
    const y = a.relY[c] + oy + a.by0[c] - reach;
    out.push([x, y, a.bx1[c] - a.bx0[c] + 2 * reach, a.by1[c] - a.by0[c] + 2 * reach]);
  }
  return out;
}

const hits = (p: Rect4, q: Rect4): boolean => p[0] < q[0] + q[2] && q[0] < p[0] + p[2] && p[1] < q[1] + q[3] && q[1] < p[1] + p[3];

/**
 * Moves the topic outwards (away from its brace) past whatever it lands on: a sibling's subtree
 * beside a short range, or an earlier summary. Each step clears one obstacle for good, so at most
 * one step per obstacle.
 */
function clearTopic(me: SummaryPlace, siblings: readonly Rect4[], placed: readonly SummaryPlace[]): void {
  const obstacles: Rect4[] = [...siblings];
  for (const q of placed) obstacles.push(q.brace, q.topic);
  const t = me.topic;
  for (let step = 0; step <= obstacles.length; step++) {
    const o = obstacles.find((r) => hits(t, r));
    if (!o) return;
    if (me.side === 'right') t[0] = o[0] + o[2] + BRACE_GAP;
    else if (me.side === 'left') t[0] = o[0] - BRACE_GAP - t[2];
    else if (me.side === 'bottom') t[1] = o[1] + o[3] + BRACE_GAP;
    else t[1] = o[1] - BRACE_GAP - t[3];
  }
}

/**
 * Places the summaries of `parent` (already packed, open) relative to its top-left and widens its
 * subtree box (bx0..by1) to hold them. Nested summaries (a range inside another) go inside first,
 * so the wider one's brace clears the narrower one's topic. Returns the placed ones.
 */
export function placeSummaries(
  a: LayoutArrays,
  parent: NodeRec,
  list: readonly Summary[],
  size: (s: Summary) => { w: number; h: number },
  template: string,
): SummaryPlace[] {
  const p = parent.slot;
  const ch = parent.children;
  const ranges = new Map<string, [number, number]>();
  const todo: Summary[] = [];
  for (const s of list) {
    const i = ch.findIndex((c) => c.id === s.first);
    const j = ch.findIndex((c) => c.id === s.last);
    if (i < 0 || j < 0) continue;
    ranges.set(s.id, [Math.min(i, j), Math.max(i, j)]);
    todo.push(s);
  }
  todo.sort((x, y) => {
    const rx = ranges.get(x.id)!;
    const ry = ranges.get(y.id)!;
    return rx[1] - rx[0] - (ry[1] - ry[0]);
  });
  const placed: SummaryPlace[] = [];
  for (const s of todo) {
    const [from, to] = ranges.get(s.id)!;
    const side = sideOf(a, parent, from, to);
    if (!side) continue;
    const [x0_, y0_, x1_, y1_] = rangeExtent(a, parent, from, to, template);
    let x0 = x0_;
    let y0 = y0_;
    let x1 = x1_;
    let y1 = y1_;
    const me: SummaryPlace = { id: s.id, side, brace: [0, 0, 0, 0], topic: [0, 0, 0, 0] };
    // A summary placed over an overlapping range (nested inside this one, or sharing a topic with
    // it) pushes this brace outwards only: along the range the brace spans exactly its own run,
    // never the other one's topics (乙–丙 beside 丙–丁 must not reach 丁).
    for (const q of placed) {
      if (!overlaps(me, q, ranges)) continue;
      for (const r of [q.brace, q.topic]) {
        if (side === 'right') x1 = Math.max(x1, r[0] + r[2]);
        else if (side === 'left') x0 = Math.min(x0, r[0]);
        else if (side === 'bottom') y1 = Math.max(y1, r[1] + r[3]);
        else y0 = Math.min(y0, r[1]);
      }
    }
    const { w, h } = size(s);
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    if (side === 'right') {
      me.brace = [x1 + BRACE_GAP, y0, BRACE_DEPTH, y1 - y0];
      me.topic = [x1 + 2 * BRACE_GAP + BRACE_DEPTH, cy - h / 2, w, h];
    } else if (side === 'left') {
      me.brace = [x0 - BRACE_GAP - BRACE_DEPTH, y0, BRACE_DEPTH, y1 - y0];
      me.topic = [x0 - 2 * BRACE_GAP - BRACE_DEPTH - w, cy - h / 2, w, h];
    } else if (side === 'bottom') {
      me.brace = [x0, y1 + BRACE_GAP, x1 - x0, BRACE_DEPTH];
      me.topic = [cx - w / 2, y1 + 2 * BRACE_GAP + BRACE_DEPTH, w, h];
    } else {
      me.brace = [x0, y0 - BRACE_GAP - BRACE_DEPTH, x1 - x0, BRACE_DEPTH];
      me.topic = [cx - w / 2, y0 - 2 * BRACE_GAP - BRACE_DEPTH - h, w, h];
    }
    clearTopic(me, siblingBoxes(a, parent, from, to), placed);
    placed.push(me);
    for (const r of [me.brace, me.topic]) {
      a.bx0[p] = Math.min(a.bx0[p], r[0]);
      a.by0[p] = Math.min(a.by0[p], r[1]);
      a.bx1[p] = Math.max(a.bx1[p], r[0] + r[2]);
      a.by1[p] = Math.max(a.by1[p], r[1] + r[3]);
    }
  }
  return placed;
}
