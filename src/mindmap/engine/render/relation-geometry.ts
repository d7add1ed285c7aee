import type { Offset } from '../model/types';
import type { Theme } from '../theme/themes';

// The shape of a relationship line (关联线), shared by the canvas (features/mindmap/canvas/
// relation-layer.ts) and the SVG export (protocols/svg.ts) so both draw the same curve: a cubic
// Bézier whose control points are offsets from the two nodes' centres (model/items.ts), leaving
// each box on its edge toward its control point, with the arrow at the `to` end.

export interface Pt {
  x: number;
  y: number;
}

export interface BoxLike {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Curve {
  p0: Pt;
  c1: Pt;
  c2: Pt;
  p3: Pt;
}

const centre = (b: BoxLike): Pt => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });

/**
 * The automatic control points when none are stored: both a third of the way along the line
 * between the centres, pushed sideways (to the left of from → to, `bowScale` times the usual
 * amount; negative: to the right) so the curve bows away from the straight parent–child
 * connector between the two instead of running over it.
 */
export function defaultControls(a: BoxLike, b: BoxLike, bowScale = 1): [Offset, Offset] {
  const ca = centre(a);
  const cb = centre(b);
  const dx = cb.x - ca.x;
  const dy = cb.y - ca.y;
  const len = Math.hypot(dx, dy) || 1;
  const bow = Math.min(160, 40 + len * 0.3) * bowScale;
  const nx = (dy / len) * bow;
  const ny = (-dx / len) * bow;
  return [
    { x: Math.round(dx / 3 + nx), y: Math.round(dy / 3 + ny) },
    { x: Math.round(-dx / 3 + nx), y: Math.round(-dy / 3 + ny) },
  ];
}

/** Bows tried for an automatic curve, preferred first: the usual side, the other, then wider on each. */
const AUTO_BOWS = [1, -1, 1.8, -1.8, 2.6, -2.6];

/** What may lie under a curve: node boxes and expand/collapse circles touching a region. */
export type Obstacles = (region: BoxLike) => Iterable<BoxLike>;

/**
 * The automatic control points, clear of other topics where one of AUTO_BOWS is: a line between
 * two topics with others between them (a branch to a branch across the root) ran straight through
 * those topics' labels and the root. The usual bow is kept whenever nothing is in its way, so a
 * curve moves only when the map around it would put a topic under it. Canvas and SVG pass the
 * same obstacles (node boxes and expanders), so both draw the same curve.
 */
export function autoControls(a: BoxLike, b: BoxLike, near?: Obstacles): [Offset, Offset] {
  const first = defaultControls(a, b);
  if (!near) return first;
  let best = first;
  let bestCost = Infinity;
  for (const k of AUTO_BOWS) {
    const controls = k === 1 ? first : defaultControls(a, b, k);
    const cost = crossings(relationCurve(a, b, controls), a, b, near);
    if (cost < bestCost) {
      best = controls;
      bestCost = cost;
      if (cost === 0) break;
    }
  }
  return best;
}

/** The smallest box holding all of `boxes`. */
export function spanOf(boxes: readonly BoxLike[]): BoxLike {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

const sameBox = (p: BoxLike, q: BoxLike) => p.x === q.x && p.y === q.y && p.w === q.w && p.h === q.h;

/** How many points along the curve (its two ends left out) lie on a topic or expander other than its own two. */
function crossings(c: Curve, a: BoxLike, b: BoxLike, near: Obstacles): number {
  const pts = sampleCurve(c, 24).slice(2, -2);
  const PAD = 3;
  let n = 0;
  for (const o of near(spanOf(pts.map((p) => ({ ...p, w: 0, h: 0 }))))) {
    if (sameBox(o, a) || sameBox(o, b)) continue;
    for (const p of pts) if (p.x >= o.x - PAD && p.x <= o.x + o.w + PAD && p.y >= o.y - PAD && p.y <= o.y + o.h + PAD) n++;
  }
  return n;
}

/** How far past its box's edge a control point stored inside the box is drawn. */
const CLEAR_PX = 24;

/**
 * A control point inside its own topic's box (XMind's files hold such offsets: a point 40 px from
 * the centre of a wide topic, or the centre itself) would start the curve at the centre and pull
 * it back over the topic's text, the arrow off its border: drawn instead just past the edge, in
 * the point's direction from the centre turned to face the other end (`toward`: a point on the far
 * side would send the curve back through the topic), straight at it for the centre itself.
 * Points outside the box are used as stored.
 */
function clearOf(b: BoxLike, p: Pt, toward: Pt): Pt {
  const c = centre(b);
  let dx = p.x - c.x;
  let dy = p.y - c.y;
  const hw = b.w / 2;
  const hh = b.h / 2;
  if (Math.abs(dx) >= hw || Math.abs(dy) >= hh) return p;
  const tx = toward.x - c.x;
  const ty = toward.y - c.y;
  if (!dx && !dy) [dx, dy] = [tx, ty];
  else if (dx * tx + dy * ty < 0) [dx, dy] = [-dx, -dy];
  if (!dx && !dy) return p;
  const t = Math.min(dx ? hw / Math.abs(dx) : Infinity, dy ? hh / Math.abs(dy) : Infinity);
  const len = Math.hypot(dx, dy);
  return { x: c.x + dx * t + (dx / len) * CLEAR_PX, y: c.y + dy * t + (dy / len) * CLEAR_PX };
}

/** Where the ray from the box's centre toward `p` leaves the box (the centre when p is inside). */
export function boxExit(b: BoxLike, p: Pt): Pt {
  const c = centre(b);
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  const hw = b.w / 2;
  const hh = b.h / 2;
  if (Math.abs(dx) <= hw && Math.abs(dy) <= hh) return c;
  const t = Math.min(dx ? hw / Math.abs(dx) : Infinity, dy ? hh / Math.abs(dy) : Infinity);
  return { x: c.x + dx * t, y: c.y + dy * t };
}

/**
 * The curve from box `a` to box `b` with `controls` (offsets from their centres), or the automatic
 * one (kept clear of `near`'s topics where it can be).
 */
export function relationCurve(a: BoxLike, b: BoxLike, controls?: readonly [Offset, Offset], near?: Obstacles): Curve {
  const [o1, o2] = controls ?? autoControls(a, b, near);
  const ca = centre(a);
  const cb = centre(b);
  const make = (c1: Pt, c2: Pt): Curve => ({ p0: boxExit(a, c1), c1, c2, p3: boxExit(b, c2) });
  let c = make(clearOf(a, { x: ca.x + o1.x, y: ca.y + o1.y }, cb), clearOf(b, { x: cb.x + o2.x, y: cb.y + o2.y }, ca));
  // A point beyond its topic on the side away from the other end (a file's offset below a topic
  // the line comes to from above) makes the curve run through that topic to get there.
  if (runsThrough(c, a)) c = turnedClear(c.c1, a, b, [], (p) => make(p, c.c2)) ?? c;
  if (runsThrough(c, b)) c = turnedClear(c.c2, b, a, [a], (p) => make(c.c1, p)) ?? c;
  return c;
}

/** Whether the curve passes inside the box (its end on the box's edge is not inside). */
function runsThrough(c: Curve, box: BoxLike): boolean {
  for (const p of sampleCurve(c, 48)) if (p.x > box.x + 1 && p.x < box.x + box.w - 1 && p.y > box.y + 1 && p.y < box.y + box.h - 1) return true;
  return false;
}

/** Turns tried (degrees), the smallest first. */
const TURNS = [30, 60, 90, 120, 150, 180];

/**
 * The curve with `point`, the control point of `box`'s end, turned about the box's centre (its
 * distance kept) by the smallest turn that keeps the curve out of that topic (and of `keepOut`),
 * towards the `other` end first. Drawn only: the stored offset stays as the file has it.
 * Undefined when no turn clears it (overlapping topics): then the curve is drawn as stored.
 */
function turnedClear(point: Pt, box: BoxLike, other: BoxLike, keepOut: readonly BoxLike[], curveWith: (p: Pt) => Curve): Curve | undefined {
  const o = centre(box);
  const t = centre(other);
  const dx = point.x - o.x;
  const dy = point.y - o.y;
  // the turn's sign that brings the point round towards the other end
  const towards = dx * (t.y - o.y) - dy * (t.x - o.x) >= 0 ? 1 : -1;
  for (const deg of TURNS)
    for (const sign of [towards, -towards]) {
      const r = (sign * deg * Math.PI) / 180;
      const next = curveWith(clearOf(box, { x: o.x + dx * Math.cos(r) - dy * Math.sin(r), y: o.y + dx * Math.sin(r) + dy * Math.cos(r) }, t));
      if (!runsThrough(next, box) && !keepOut.some((k) => runsThrough(next, k))) return next;
    }
  return undefined;
}

export function pointAt(c: Curve, t: number): Pt {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const d = 3 * u * t * t;
  const e = t * t * t;
  return { x: a * c.p0.x + b * c.c1.x + d * c.c2.x + e * c.p3.x, y: a * c.p0.y + b * c.c1.y + d * c.c2.y + e * c.p3.y };
}

/** The curve as `n` straight segments (n + 1 points). */
export function sampleCurve(c: Curve, n = 32): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= n; i++) out.push(pointAt(c, i / n));
  return out;
}

function segmentDistance(p: Pt, a: Pt, b: Pt): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  const t = l2 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0;
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** Distance from `p` to the curve (through its sampled polyline: close enough to hit-test a click). */
export function distanceToCurve(c: Curve, p: Pt, n = 32): number {
  const pts = sampleCurve(c, n);
  let best = Infinity;
  for (let i = 1; i < pts.length; i++) best = Math.min(best, segmentDistance(p, pts[i - 1], pts[i]));
  return best;
}

/** The arrowhead at the `to` end: its tip and the two back corners (`size` long). */
export function arrowHead(c: Curve, size: number): [Pt, Pt, Pt] {
  // The tangent at t = 1 points from c2 to p3; a control point on the end falls back to the chord.
  let from = c.c2;
  if (Math.hypot(c.p3.x - from.x, c.p3.y - from.y) < 1e-6) from = pointAt(c, 0.9);
  const dx = c.p3.x - from.x;
  const dy = c.p3.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const bx = c.p3.x - ux * size;
  const by = c.p3.y - uy * size;
  const half = size * 0.45;
  return [c.p3, { x: bx - uy * half, y: by + ux * half }, { x: bx + uy * half, y: by - ux * half }];
}

/** SVG path data of the curve. */
export function curvePath(c: Curve): string {
  const f = (v: number) => Math.round(v * 10) / 10;
  return `M${f(c.p0.x)} ${f(c.p0.y)} C${f(c.c1.x)} ${f(c.c1.y)} ${f(c.c2.x)} ${f(c.c2.y)} ${f(c.p3.x)} ${f(c.p3.y)}`;
}

/** The line colour: distinct from the theme's connectors (which are greys and the theme hue), dark or light by background. */
export function relationColor(theme: Pick<Theme, 'background'>): string {
  const m = /^#([0-9a-f]{6})$/i.exec(theme.background);
  const v = m ? parseInt(m[1], 16) : 0xffffff;
  const lum = (0.299 * (v >> 16) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255)) / 255;
  return lum < 0.5 ? '#ffa94d' : '#e8590c';
}

/** Dash pattern of the line (world units), so it never reads as a parent–child connector. */
export const RELATION_DASH = [6, 4] as const;
export const RELATION_WIDTH = 1.5;
export const ARROW_SIZE = 10;
