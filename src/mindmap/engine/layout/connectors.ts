import type { Connector } from './kinds';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const f = (n: number): string => String(Math.round(n * 10) / 10);

/**
 * SVG path of the connector from `p` (parent box) to `c` (child box), after kityminder's
 * connector shapes (reference §3.6), simplified to what the canvas and SVG export draw.
 * `prev` is the previous sibling's box (tianpan chains its arcs through the siblings).
 */
export function connectorPath(kind: Connector, p: Box, c: Box, parentIsSub = false, prev?: Box): string {
  const pcx = p.x + p.w / 2;
  const pcy = p.y + p.h / 2;
  const ccx = c.x + c.w / 2;
  const ccy = c.y + c.h / 2;
  const right = ccx >= pcx;
  switch (kind) {
    case 'arc': {
      const ex = right ? c.x - 2 : c.x + c.w + 2;
      const dx = ex - pcx;
      const dy = ccy - pcy;
      return `M${f(pcx)},${f(pcy)}A${f(Math.abs(dx))},${f(Math.abs(dy))} 0 0 ${dx * dy > 0 ? 0 : 1} ${f(ex)},${f(ccy)}`;
    }
    case 'under': {
      const sx = right ? p.x + p.w : p.x;
      const sy = parentIsSub ? p.y + p.h + 3 : pcy;
      const ey = c.y + c.h + 3;
      const ex = right ? c.x - 10 : c.x + c.w + 10;
      const mx = (sx + ex) / 2;
      const near = right ? c.x : c.x + c.w;
      const far = right ? c.x + c.w : c.x;
      return `M${f(sx)},${f(sy)}C${f(mx)},${f(sy)} ${f(mx)},${f(ey)} ${f(ex)},${f(ey)}L${f(near)},${f(ey)}L${f(far)},${f(ey)}`;
    }
    case 'bezier': {
      const sx = right ? p.x + p.w : p.x;
      const ex = right ? c.x : c.x + c.w;
      const mx = (sx + ex) / 2;
      return `M${f(sx)},${f(pcy)}C${f(mx)},${f(pcy)} ${f(mx)},${f(ccy)} ${f(ex)},${f(ccy)}`;
    }
    case 'poly': {
      const down = ccy >= pcy;
      const sy = down ? p.y + p.h : p.y;
      const ey = down ? c.y : c.y + c.h;
      const my = (sy + ey) / 2;
      return `M${f(pcx)},${f(sy)}L${f(pcx)},${f(my)}L${f(ccx)},${f(my)}L${f(ccx)},${f(ey)}`;
    }
    case 'l': {
      const sx = p.x + 20;
      const sy = ccy >= pcy ? p.y + p.h : p.y;
      return `M${f(sx)},${f(sy)}L${f(sx)},${f(ccy)}L${f(c.x)},${f(ccy)}`;
    }
    case 'fish-bone': {
      const up = ccy < pcy;
      const ex = c.x;
      const ey = up ? c.y + c.h : c.y;
      const dy = Math.abs(ey - pcy);
      return `M${f(p.x + p.w)},${f(pcy)}L${f(ex - dy)},${f(pcy)}L${f(ex)},${f(ey)}`;
    }
    case 'line': {
      // fish-bone level 2: from the bone's golden cut on the edge facing the child (kityminder's
      // vertexOut) to the child's left middle; the children sit on the 45° line from there.
      const down = ccy >= pcy;
      return `M${f(p.x + 0.382 * p.w)},${f(down ? p.y + p.h : p.y)}L${f(c.x)},${f(ccy)}`;
    }
    case 'arc_tp': {
      const from = prev ?? p;
      const fx = from.x + from.w / 2;
      const fy = from.y + from.h / 2;
      const r = Math.hypot(ccx - fx, ccy - fy) * (prev ? 1 : 0.4);
      return `M${f(fx)},${f(fy)}A${f(r)},${f(r)} 0 0 1 ${f(ccx)},${f(ccy)}`;
    }
    default:
      return `M${f(pcx)},${f(pcy)}L${f(ccx)},${f(ccy)}`;
  }
}
