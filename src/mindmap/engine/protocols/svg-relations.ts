import type { Relationship } from '../model/items';
import type { MindDoc, NodeRec } from '../model/doc';
import type { LayoutEngine } from '../layout/layout-engine';
import { expanderCircle } from '../layout/expander-geometry';
import { connectorFor } from '../layout/kinds';
import { esc } from '../render/svg-node';
import {
  arrowHead,
  ARROW_SIZE,
  curvePath,
  RELATION_DASH,
  RELATION_WIDTH,
  relationColor,
  relationCurve,
  type Obstacles,
  sampleCurve,
  type BoxLike,
} from '../render/relation-geometry';
import { LABEL_FONT_SIZE, LABEL_PAD, LABEL_RADIUS, placeLabel } from '../render/relation-label';
import type { Theme } from '../theme/themes';

// Relationship lines in the SVG export (svg.ts): the same curve as the canvas
// (render/relation-geometry.ts), an arrowhead at the `to` end and the label on a small
// background where it overlaps the nodes least (placeLabel, as the canvas). Lines whose ends are
// not both drawn (folded away, removed) are left out.
// The arrowhead is an explicit filled path (the canvas's arrowHead), not a <marker>: the PDF export
// (pdf-ops.ts) draws only plain shapes, and then SVG, PNG and PDF show the same arrow.
const LABEL_FONT = `${LABEL_FONT_SIZE}px sans-serif`;

/** The extent of the drawn lines (curve, arrow, label), or null when none is drawn. */
export function relationBounds(
  list: readonly Relationship[],
  boxOf: (id: string) => BoxLike | undefined,
  textWidth?: (font: string, text: string) => number,
  near?: Obstacles,
): { x0: number; y0: number; x1: number; y1: number } | null {
  let out: { x0: number; y0: number; x1: number; y1: number } | null = null;
  for (const r of list) {
    const a = boxOf(r.from);
    const b = boxOf(r.to);
    if (!a || !b) continue;
    // A label may sit anywhere on t 0.3–0.7 (placeLabel): half its width around any point holds it.
    const label = r.title ? Math.max(LABEL_FONT_SIZE, (textWidth ? textWidth(LABEL_FONT, r.title) : 0) / 2 + LABEL_PAD) : 0;
    const pad = ARROW_SIZE + label;
    for (const p of sampleCurve(relationCurve(a, b, r.controls, near), 16)) {
      out ??= { x0: p.x, y0: p.y, x1: p.x, y1: p.y };
      out = { x0: Math.min(out.x0, p.x - pad), y0: Math.min(out.y0, p.y - pad), x1: Math.max(out.x1, p.x + pad), y1: Math.max(out.y1, p.y + pad) };
    }
  }
  return out;
}

/**
 * What a label and an automatic curve keep clear of in the export, as on the canvas: the drawn
 * nodes' boxes and the expand/collapse circles beside the ones with children (the export draws no
 * circle, but lines and labels stay where the canvas shows them). Built only when a line has a
 * label or no stored control points.
 */
export function relationObstacles(doc: MindDoc, layout: LayoutEngine, nodes: readonly NodeRec[]): (region: BoxLike) => BoxLike[] {
  if (!doc.items.relationships.some((r) => r.title || !r.controls)) return () => [];
  const a = layout.a;
  const box = (n: NodeRec): BoxLike => ({ x: a.absX[n.slot], y: a.absY[n.slot], w: a.w[n.slot], h: a.h[n.slot] });
  const list: BoxLike[] = [];
  for (const n of nodes) {
    const b = box(n);
    list.push(b);
    if (!n.parent || !n.children.length) continue;
    const e = expanderCircle(b, box(n.parent), connectorFor(doc.template, a.kind[n.parent.slot], a.depth[n.slot]), n.data.expandState === 'collapse');
    list.push({ x: e.x - e.r, y: e.y - e.r, w: 2 * e.r, h: 2 * e.r });
  }
  return (r) => list.filter((b) => b.x < r.x + r.w && r.x < b.x + b.w && b.y < r.y + r.h && r.y < b.y + b.h);
}

export interface RelationSvg {
  body: string;
}

/**
 * `boxOf`: a drawn node's box in map coordinates (undefined when not drawn); `ox`/`oy` the output
 * offset; `clip` (output coordinates) keeps only lines that can touch it; `near` the node boxes and
 * expander circles that may touch a region (where labels are placed clear of them).
 */
export function relationsSvg(
  list: readonly Relationship[],
  boxOf: (id: string) => BoxLike | undefined,
  theme: Theme,
  textWidth: (font: string, text: string) => number,
  clip?: BoxLike & { ox: number; oy: number },
  near: (region: BoxLike) => Iterable<BoxLike> = () => [],
): RelationSvg {
  const color = esc(relationColor(theme));
  const out: string[] = [];
  for (const r of list) {
    const a = boxOf(r.from);
    const b = boxOf(r.to);
    if (!a || !b) continue;
    const c = relationCurve(a, b, r.controls, near);
    if (clip) {
      const pts = sampleCurve(c, 16);
      const xs = pts.map((p) => p.x + clip.ox);
      const ys = pts.map((p) => p.y + clip.oy);
      const pad = 80;
      if (
        Math.max(...xs) + pad < clip.x ||
        Math.min(...xs) - pad > clip.x + clip.w ||
        Math.max(...ys) + pad < clip.y ||
        Math.min(...ys) - pad > clip.y + clip.h
      )
        continue;
    }
    out.push(
      `<path class="relation" data-from="${esc(r.from)}" data-to="${esc(r.to)}" d="${curvePath(c)}" fill="none" stroke="${color}" ` +
        `stroke-width="${RELATION_WIDTH}" stroke-dasharray="${RELATION_DASH.join(' ')}"/>`,
    );
    const f = (v: number) => Math.round(v * 10) / 10;
    const [tip, l, rt] = arrowHead(c, ARROW_SIZE);
    out.push(`<path class="relation-arrow" d="M${f(tip.x)} ${f(tip.y)} L${f(l.x)} ${f(l.y)} L${f(rt.x)} ${f(rt.y)} Z" fill="${color}"/>`);
    if (r.title) {
      const { x, y, w, h } = placeLabel(c, textWidth(LABEL_FONT, r.title), near);
      const mx = f(x + w / 2);
      const my = f(y + h / 2);
      out.push(
        `<rect class="relation-label" x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${h}" rx="${LABEL_RADIUS}" fill="${esc(theme.background)}" stroke="${color}" stroke-width="0.5"/>` +
          `<text x="${mx}" y="${my}" font-size="${LABEL_FONT_SIZE}" fill="${color}" text-anchor="middle" dominant-baseline="central">${esc(r.title)}</text>`,
      );
    }
  }
  return { body: out.join('') };
}
