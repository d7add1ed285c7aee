import type { Rect } from './scene-types';

// Circular arcs given the SVG way ("A r,r 0 0 sweep x1,y1": two end points, a radius and a
// sweep flag) converted to the centre form Pixi draws (`Graphics.arc`) and culls by. The same
// numbers as the SVG export's path, so canvas and export draw one curve (SVG 1.1 F.6.5,
// specialised to rx = ry, no rotation, large-arc 0).

export interface CircleArc {
  cx: number;
  cy: number;
  r: number;
  /** Start angle (radians, y down: increasing = clockwise on screen). */
  a0: number;
  /** End angle; a1 > a0 for sweep 1, a1 < a0 for sweep 0. |a1 − a0| ≤ π. */
  a1: number;
}

const TAU = 2 * Math.PI;

/**
 * Centre form of the small arc from (x0,y0) to (x1,y1) with radius `r`; sweep 1 turns clockwise
 * on screen. A radius shorter than half the chord grows to it (a half circle), as SVG renderers
 * do: kityminder's first arc_tp asks for 0.4 × the distance. Writes into `out` (no allocation).
 */
export function circleArc(x0: number, y0: number, x1: number, y1: number, r: number, sweep: 0 | 1, out: CircleArc): CircleArc {
  const hx = (x0 - x1) / 2,
    hy = (y0 - y1) / 2;
  const q = hx * hx + hy * hy;
  if (q === 0) {
    out.cx = x0;
    out.cy = y0;
    out.r = out.a0 = out.a1 = 0;
    return out;
  }
  const rr = Math.max(Math.abs(r), Math.sqrt(q));
  // large-arc 0: the centre sits on the side the sweep does not bulge to
  const k = Math.sqrt(Math.max(0, (rr * rr - q) / q)) * (sweep === 1 ? 1 : -1);
  const cx = (x0 + x1) / 2 + k * hy,
    cy = (y0 + y1) / 2 - k * hx;
  const a0 = Math.atan2(y0 - cy, x0 - cx);
  let d = Math.atan2(y1 - cy, x1 - cx) - a0;
  if (sweep === 1) while (d <= 0) d += TAU;
  else while (d >= 0) d -= TAU;
  out.cx = cx;
  out.cy = cy;
  out.r = rr;
  out.a0 = a0;
  out.a1 = a0 + d;
  return out;
}

/** Tight bounds of an arc: its end points plus every axis extreme the sweep passes. */
export function arcBounds(a: CircleArc, out: Rect): Rect {
  const lo = Math.min(a.a0, a.a1),
    hi = Math.max(a.a0, a.a1);
  let x0 = a.cx + a.r * Math.cos(a.a0),
    y0 = a.cy + a.r * Math.sin(a.a0);
  let x1 = x0,
    y1 = y0;
  const ex = a.cx + a.r * Math.cos(a.a1),
    ey = a.cy + a.r * Math.sin(a.a1);
  x0 = Math.min(x0, ex);
  x1 = Math.max(x1, ex);
  y0 = Math.min(y0, ey);
  y1 = Math.max(y1, ey);
  // Quarter turns k·π/2 inside [lo, hi]: 0 → +x, 1 → +y, 2 → −x, 3 → −y.
  for (let k = Math.ceil(lo / (Math.PI / 2)); k * (Math.PI / 2) <= hi; k++) {
    switch (((k % 4) + 4) % 4) {
      case 0:
        x1 = a.cx + a.r;
        break;
      case 1:
        y1 = a.cy + a.r;
        break;
      case 2:
        x0 = a.cx - a.r;
        break;
      default:
        y0 = a.cy - a.r;
    }
  }
  out.x = x0;
  out.y = y0;
  out.w = x1 - x0;
  out.h = y1 - y0;
  return out;
}
