import type { MindDoc, NodeRec } from '../model/doc';
import type { LayoutEngine } from '../layout/layout-engine';
import { connectorFor, type Connector } from '../layout/kinds';
import { connectorPath, type Box } from '../layout/connectors';
import { expanderCircle } from '../layout/expander-geometry';
import { ChipHues, CHIP_FONT, resourcesOf } from '../render/markers';
import { nodeStyle } from '../render/node-style';
import { esc, EXPORT_FONT_FAMILY, nodeSvg, type FormulaLabel } from '../render/svg-node';
import { mayHaveFormula } from '../render/formula';
import { BADGE_FONT, progressBadgeSvg } from '../render/progress-badge';
import type { Progress } from '../progress/rollup';
import { getTheme, nodeTypeForLevel } from '../theme/themes';
import { relationBounds, relationObstacles, relationsSvg } from './svg-relations';
import { summariesSvg } from './svg-summaries';

const MARGIN = 20;

export interface SvgOptions {
  /** The KaTeX CSS with its fonts inlined (the main thread builds it), put in when a label is typeset. */
  formulaCss?: string;
  /**
   * Titles as typed, LaTeX source included, never a KaTeX foreignObject: for the PDF export,
   * whose drawing (pdf-ops.ts) knows only SVG shapes and <text>, so a typeset title would vanish.
   */
  plainText?: boolean;
  /**
   * For the PDF export: a typeset label is an empty foreignObject with its text, font and colour
   * (pdf-ops.ts reads it; the drawing of the formula comes from the main thread, pdf-formula.ts).
   */
  formulaSlots?: boolean;
}

/**
 * A folded branch's mark, as the canvas draws it (features/mindmap/canvas/expander.ts,
 * scene-painter.ts): a white circle beside the node with the number of its hidden children
 * (+ over 99), so the children of a folded branch do not vanish from the picture without a sign.
 */
function collapsedSvg(b: Box, pb: Box, conn: Connector | null, count: number): string {
  const c = expanderCircle(b, pb, conn, true);
  return (
    `<g class="collapsed"><circle cx="${c.x}" cy="${c.y}" r="${c.r}" fill="#fff" stroke="#999" stroke-width="1"/>` +
    `<text x="${c.x}" y="${c.y}" text-anchor="middle" dominant-baseline="central" font-size="9" fill="#666">${count > 99 ? '+' : count}</text></g>`
  );
}

/**
 * Static SVG of the laid-out visible map: connectors behind nodes, 20 px margin on every side
 * (reference §2.4), theme background and the canvas's font stack on the root element; nodes are
 * drawn as the canvas draws them (render/svg-node.ts). Uses the engine's last layout. With
 * `progress` (a map with study nodes), every branch with study nodes below it and the root carry
 * their roll-up badge (render/progress-badge.ts); leaves keep their ✓ marker only.
 */
export function exportSvg(doc: MindDoc, layout: LayoutEngine, clip?: Box, progress?: (n: NodeRec) => Progress, opts: SvgOptions = {}): string {
  layout.flush(doc);
  const a = layout.a;
  const theme = getTheme(doc.theme);
  const box = (n: NodeRec): Box => ({ x: a.absX[n.slot], y: a.absY[n.slot], w: a.w[n.slot], h: a.h[n.slot] });
  const nodes: NodeRec[] = [];
  const stack = [doc.root];
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  while (stack.length) {
    const n = stack.pop()!;
    nodes.push(n);
    const b = box(n);
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
    if (n.data.expandState !== 'collapse') for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  // Relationship lines may bow out beyond the nodes: the image holds them too.
  const drawn = new Set(nodes);
  const relBox = (id: string) => {
    const n = doc.byId.get(id);
    return n && drawn.has(n) ? box(n) : undefined;
  };
  const obstacles = relationObstacles(doc, layout, nodes);
  const rb = relationBounds(doc.items.relationships, relBox, (font, t) => layout.measurer.width(font, t), obstacles);
  if (rb) [x0, y0, x1, y1] = [Math.min(x0, rb.x0), Math.min(y0, rb.y0), Math.max(x1, rb.x1), Math.max(y1, rb.y1)];
  // Summaries (概要) beside their ranges widen the picture like nodes do.
  const sums = layout.placed.size ? layout.summaryPlaces(doc) : [];
  for (const p of sums)
    for (const [bx, by, bw, bh] of [p.brace, p.topic]) {
      x0 = Math.min(x0, bx);
      y0 = Math.min(y0, by);
      x1 = Math.max(x1, bx + bw);
      y1 = Math.max(y1, by + bh);
    }
  const ox = MARGIN - x0;
  const oy = MARGIN - y0;
  const width = Math.trunc(x1 - x0 + 2 * MARGIN);
  const height = Math.trunc(y1 - y0 + 2 * MARGIN);
  const chipWidth = (t: string) => layout.measurer.width(CHIP_FONT, t);
  const badgeWidth = (t: string) => layout.measurer.width(BADGE_FONT, t);
  const hues = new ChipHues();
  // Labels with formulas the main thread typeset (measure/formula-boxes.ts); others stay <text>.
  let typeset = false;
  const formulaOf = (text: string, font: string): FormulaLabel | undefined => {
    if (opts.plainText || !mayHaveFormula(text)) return undefined;
    const b = layout.formulas.box(font, text);
    if (b && opts.formulaSlots) return { w: b.w, h: b.h, html: '', slot: true };
    const html = b && layout.formulas.html(text);
    if (!b || !html) return undefined;
    typeset = true;
    return { w: b.w, h: b.h, html };
  };
  const lines: string[] = [];
  const shapes: string[] = [];
  // A clip (output coordinates: one strip of a huge PNG) keeps only what can touch it, so each
  // strip's SVG stays small however large the map.
  const outside = (bx: number, by: number, bw: number, bh: number, pad: number) =>
    !!clip && (bx + ox + bw + pad < clip.x || bx + ox - pad > clip.x + clip.w || by + oy + bh + pad < clip.y || by + oy - pad > clip.y + clip.h);
  for (const n of nodes) {
    const depth = a.depth[n.slot];
    const parent = n.parent;
    const b = box(n);
    const pb = parent ? box(parent) : b;
    const lx = Math.min(b.x, pb.x),
      ly = Math.min(b.y, pb.y);
    // (arcs of tianpan can bow out of the two boxes: a generous pad)
    const lineOut = outside(lx, ly, Math.max(b.x + b.w, pb.x + pb.w) - lx, Math.max(b.y + b.h, pb.y + pb.h) - ly, 200);
    // (22: a folded branch's count circle reaches 20 px beyond its box)
    if (lineOut && outside(b.x, b.y, b.w, b.h, 22)) {
      for (const r of resourcesOf(n.data)) hues.hue(r); // chip colours stay in map order
      continue;
    }
    const conn = parent ? connectorFor(doc.template, a.kind[parent.slot], depth) : null;
    const st = nodeStyle(n, depth + 1, theme, conn);
    if (parent && conn && !lineOut) {
      const i = parent.children.indexOf(n);
      const prev = i > 0 ? box(parent.children[i - 1]) : undefined;
      const d = connectorPath(conn, box(parent), b, a.depth[parent.slot] >= 2, prev);
      lines.push(`<path d="${d}" fill="none" stroke="${esc(st.connectColor)}" stroke-width="${st.connectWidth}"/>`);
    }
    const p = progress && (n.children.length || !parent) ? progress(n) : undefined;
    const badge = p && p.total > 0 ? progressBadgeSvg(b, p, !parent, badgeWidth) : '';
    shapes.push(nodeSvg(n, st, b, theme[nodeTypeForLevel(depth + 1)], chipWidth, hues, formulaOf(st.text, st.font), badge));
    if (parent && st.collapsed && n.children.length) shapes.push(collapsedSvg(b, pb, conn, n.children.length));
  }
  // Relationship lines over the nodes (as the canvas draws them), between drawn nodes only.
  const rel = relationsSvg(doc.items.relationships, relBox, theme, (font, t) => layout.measurer.width(font, t), clip && { ...clip, ox, oy }, obstacles);
  // (before the <defs>: a typeset summary text needs KaTeX's CSS too)
  const summaries = summariesSvg(doc, sums, theme, formulaOf);
  const view = clip
    ? `width="${clip.w}" height="${clip.h}" viewBox="${clip.x} ${clip.y} ${clip.w} ${clip.h}" data-map-width="${width}" data-map-height="${height}"`
    : `width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" ${view} style="background: ${esc(theme.background)}; font-family: ${esc(EXPORT_FONT_FAMILY)}">` +
    (typeset && opts.formulaCss ? `<defs><style><![CDATA[${opts.formulaCss.replace(/]]>/g, '')}]]></style></defs>` : '') +
    `<g transform="translate(${ox},${oy})">${lines.join('')}${shapes.join('')}${summaries}${rel.body}</g></svg>`
  );
}
