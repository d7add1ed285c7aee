import { arcBounds, circleArc, type CircleArc } from './arc-geometry';
import { PathOp, type ConnectorKind, type Rect } from './scene-types';

// Connector geometry from the parent and child boxes (kityminder §3.6), computed only for
// connectors that are drawn. Appends opcodes to `out` (reused across connectors). arc_tp also
// needs the previous sibling's box: tianpan chains its arcs from sibling to sibling.

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const K = 0.5523; // cubic approximation of a quarter ellipse

/** Golden cut of a fish bone: where its children's straight connectors leave it (kityminder vertexOut). */
export const FISH_BONE_CUT = 0.382;

const scratchArc: CircleArc = { cx: 0, cy: 0, r: 0, a0: 0, a1: 0 };

/**
 * kityminder's arc_tp: from the centre of `from` (the previous sibling, or the parent for the
 * first child) to the centre of `to`, radius = their distance, sweep 1 (clockwise). The first
 * child asks for 0.4 × the distance, which every SVG renderer grows to a half circle.
 * Centre to centre on purpose, as kityminder draws it: its connectors lie under the nodes, so a
 * filled topic (the tianpan theme's circles, a main topic's box) hides the arc's ends and any
 * arc passing under it, while a topic without a fill (fresh-* sub topics are transparent) shows
 * the arc through its label, in kityminder too. Ending arcs at the box edges would change the
 * spiral's shape from kityminder's (and the SVG export's) and still cross other topics.
 */
export function arcTp(from: Box, to: Box, first: boolean, out: CircleArc): CircleArc {
  const fx = from.x + from.w / 2,
    fy = from.y + from.h / 2;
  const tx = to.x + to.w / 2,
    ty = to.y + to.h / 2;
  return circleArc(fx, fy, tx, ty, Math.hypot(tx - fx, ty - fy) * (first ? 0.4 : 1), 1, out);
}

/** Culling box of an arc_tp connector: the arc's own extent, not its chord's. */
export function arcTpBounds(from: Box, to: Box, first: boolean, out: Rect): Rect {
  return arcBounds(arcTp(from, to, first, scratchArc), out);
}

export function connectorPath(kind: ConnectorKind, p: Box, c: Box, out: number[], parentIsRoot = false, prev?: Box): number[] {
  const right = c.x >= p.x + p.w / 2;
  const pcy = p.y + p.h / 2,
    ccy = c.y + c.h / 2;
  const x1 = right ? c.x - 2 : c.x + c.w + 2;
  switch (kind) {
    case 'arc': {
      // From the parent's centre, leaving vertically and arriving horizontally, with a dot.
      const x0 = p.x + p.w / 2,
        y0 = pcy;
      out.push(PathOp.Move, x0, y0, PathOp.Cubic, x0, y0 + (ccy - y0) * K, x1 - (x1 - x0) * K, ccy, x1, ccy, PathOp.Dot, x1, ccy, 3);
      return out;
    }
    case 'bezier': {
      const x0 = right ? p.x + p.w : p.x;
      const mx = (x0 + x1) / 2;
      out.push(PathOp.Move, x0, pcy, PathOp.Cubic, mx, pcy, mx, ccy, x1, ccy);
      return out;
    }
    case 'under': {
      // S-curve to just before the child's near bottom corner, then an underline.
      const y0 = parentIsRoot ? pcy : p.y + p.h + 3;
      const x0 = right ? p.x + p.w : p.x;
      const yb = c.y + c.h + 3;
      const xe = right ? c.x : c.x + c.w;
      // The curve ends 10 px before the child's near bottom corner; the underline takes over.
      const xs = right ? xe - 10 : xe + 10;
      const mx = (x0 + xs) / 2;
      out.push(PathOp.Move, x0, y0, PathOp.Cubic, mx, y0, mx, yb, xs, yb, PathOp.Line, right ? c.x + c.w : c.x, yb);
      return out;
    }
    case 'poly': {
      // Organisation charts (structure, filetree level 1): down from the parent's bottom centre,
      // across at half height, down into the child's top centre — same geometry as the SVG export.
      const down = ccy >= pcy;
      const pcx = p.x + p.w / 2,
        ccx = c.x + c.w / 2;
      const y0 = down ? p.y + p.h : p.y,
        y1 = down ? c.y : c.y + c.h;
      const ym = (y0 + y1) / 2;
      out.push(PathOp.Move, pcx, y0, PathOp.Line, pcx, ym, PathOp.Line, ccx, ym, PathOp.Line, ccx, y1);
      return out;
    }
    case 'l': {
      const x0 = p.x + 20,
        y0 = ccy >= pcy ? p.y + p.h : p.y;
      out.push(PathOp.Move, x0, y0, PathOp.Line, x0, ccy, PathOp.Line, c.x, ccy);
      return out;
    }
    case 'fish-bone': {
      // The main bone: along the parent's middle, then 45° into the child's near corner.
      const ey = ccy < pcy ? c.y + c.h : c.y;
      const dy = Math.abs(ey - pcy);
      out.push(PathOp.Move, p.x + p.w, pcy, PathOp.Line, c.x - dy, pcy, PathOp.Line, c.x, ey);
      return out;
    }
    case 'line': {
      // kityminder's plain segment from the parent's vertexOut to the child's left middle. Only
      // fish-bone level 2 uses it: a bone's vertexOut is its golden cut on the edge facing its
      // children, which sit on the 45° diagonal from there, so the segments form one slanted bone.
      const down = ccy >= pcy;
      out.push(PathOp.Move, p.x + FISH_BONE_CUT * p.w, down ? p.y + p.h : p.y, PathOp.Line, c.x, ccy);
      return out;
    }
    case 'arc_tp': {
      const from = prev ?? p;
      const a = arcTp(from, c, !prev, scratchArc);
      out.push(PathOp.Move, from.x + from.w / 2, from.y + from.h / 2, PathOp.Arc, a.cx, a.cy, a.r, a.a0, a.a1, PathOp.Dot, c.x + c.w / 2, ccy, 3);
      return out;
    }
    default: {
      out.push(PathOp.Move, right ? p.x + p.w : p.x, pcy, PathOp.Line, x1, ccy);
      return out;
    }
  }
}

/**
 * Culling box of every connector but arc_tp: the union of the two boxes (+4 below for the
 * underline). Each shape stays between or inside them: they leave from the parent's centre,
 * an edge, the fish bone's golden cut or 20 px in (filetree), and end at or beside the child.
 */
export function connectorBounds(p: Box, c: Box): Box {
  const x0 = Math.min(p.x, c.x),
    x1 = Math.max(p.x + p.w, c.x + c.w);
  const y0 = Math.min(p.y, c.y),
    y1 = Math.max(p.y + p.h, c.y + c.h) + 4;
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}
