import type { SummaryPlace } from '../layout/summary-space';
import { fontOf } from '../layout/node-size';
import { nodeTypeForLevel, type Theme } from '../theme/themes';
import { formulaSvg, type FormulaLabel } from './svg-node';

// How a summary (概要) looks, shared by the canvas and the SVG export (so the PNG too): a curly
// brace along the range and a bordered topic box beside its tip, in the theme's connector colour.

export type BraceOp = ['M' | 'L', number, number] | ['Q', number, number, number, number];

/**
 * The brace in its rect as path operations: its back along the range side, its tip pointing
 * outwards at the middle (towards the topic), rounded ends and waist.
 */
export function braceOps(p: Pick<SummaryPlace, 'side' | 'brace'>): BraceOp[] {
  const [x, y, w, h] = p.brace;
  const across = p.side === 'right' || p.side === 'left';
  const depth = across ? w : h;
  const span = across ? h : w;
  // Local (d along the depth, s along the span) to world.
  const at = (d: number, s: number): [number, number] => {
    switch (p.side) {
      case 'right':
        return [x + d, y + s];
      case 'left':
        return [x + w - d, y + s];
      case 'bottom':
        return [x + s, y + d];
      default:
        return [x + s, y + h - d];
    }
  };
  const mid = depth / 2;
  const r = Math.min(mid, span / 4);
  const c = span / 2;
  const q = (cd: number, cs: number, d: number, s: number): BraceOp => ['Q', ...at(cd, cs), ...at(d, s)];
  return [
    ['M', ...at(0, 0)],
    q(mid, 0, mid, r),
    ['L', ...at(mid, c - r)],
    q(mid, c, depth, c),
    q(mid, c, mid, c + r),
    ['L', ...at(mid, span - r)],
    q(mid, span, 0, span),
  ];
}

export function bracePathD(p: Pick<SummaryPlace, 'side' | 'brace'>): string {
  const r = (n: number) => Math.round(n * 10) / 10;
  return braceOps(p)
    .map(
      (op) =>
        op[0] +
        op
          .slice(1)
          .map((n) => r(n as number))
          .join(' '),
    )
    .join(' ');
}

export interface SummaryLook {
  fill: string;
  stroke: string;
  color: string;
  font: string;
  fontSize: number;
  radius: number;
  lineHeight: number;
}

/** Look of a summary topic under a parent at `depth` (0 = root): its children's type, bordered. */
export function summaryLook(theme: Theme, depth: number): SummaryLook {
  const style = theme[nodeTypeForLevel(depth + 2)];
  const fill = style.background === 'transparent' ? theme.background : style.background;
  return {
    fill,
    stroke: theme.connectColor,
    color: style.color,
    font: fontOf({}, style),
    fontSize: style.fontSize,
    radius: Math.min(style.radius, 6),
    lineHeight: theme.lineHeight,
  };
}

const escXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * SVG of one summary (brace path + topic box and text), in layout coordinates. `formula`: its
 * text typeset (a `$…$` the main thread measured), drawn as a node's formula label is.
 */
export function summarySvg(p: SummaryPlace, text: string, look: SummaryLook, formula?: FormulaLabel): string {
  const [x, y, w, h] = p.topic;
  const cx = x + w / 2;
  const head =
    `<g class="summary" data-summary="${escXml(p.id)}">` +
    `<path class="summary-brace" d="${bracePathD(p)}" fill="none" stroke="${escXml(look.stroke)}" stroke-width="1.5"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${look.radius}" fill="${escXml(look.fill)}" stroke="${escXml(look.stroke)}" stroke-width="1"/>`;
  if (formula) return head + formulaSvg({ text, font: look.font, color: look.color }, cx, y + h / 2, formula) + '</g>';
  const lines = (text || ' ').split('\n');
  const lh = look.fontSize * look.lineHeight;
  const tspans = lines.map((t, i) => `<tspan x="${cx}" dy="${i === 0 ? -((lines.length - 1) * lh) / 2 : lh}">${escXml(t)}</tspan>`).join('');
  return (
    head +
    `<text x="${cx}" y="${y + h / 2}" text-anchor="middle" dominant-baseline="central" font-size="${look.fontSize}" fill="${escXml(look.color)}">${tspans}</text></g>`
  );
}
