import type { MindDoc, NodeRec } from '../model/doc';
import type { LayoutEngine } from '../layout/layout-engine';
import { connectorFor } from '../layout/kinds';
import { connectorPath, type Box } from '../layout/connectors';
import { nodeStyle, type NodeStyle } from '../render/node-style';
import { getTheme, nodeTypeForLevel } from '../theme/themes';

const MARGIN = 20;
/** kityminder draws a node's shadow as its outline moved by (+4, +5). */
const SHADOW_DX = 4;
const SHADOW_DY = 5;

/**
 * A node's outline moved by (dx, dy): a rounded rect, or for circle themes (tianpan) the
 * circle whose bounding square is the node's box (node-size.ts sized it so).
 */
function outline(st: NodeStyle, b: Box, dx: number, dy: number, paint: string): string {
  if (st.shape === 'circle') return `<circle cx="${b.x + b.w / 2 + dx}" cy="${b.y + b.h / 2 + dy}" r="${Math.min(b.w, b.h) / 2}"${paint}/>`;
  return `<rect x="${b.x + dx}" y="${b.y + dy}" width="${b.w}" height="${b.h}" rx="${st.radius}"${paint}/>`;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Static SVG of the laid-out visible map: connectors behind nodes, 20 px margin on every side
 * (reference §2.4), theme background on the root element. Uses the engine's last layout.
 */
export function exportSvg(doc: MindDoc, layout: LayoutEngine): string {
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
  const ox = MARGIN - x0;
  const oy = MARGIN - y0;
  const width = Math.trunc(x1 - x0 + 2 * MARGIN);
  const height = Math.trunc(y1 - y0 + 2 * MARGIN);
  const lines: string[] = [];
  const shapes: string[] = [];
  for (const n of nodes) {
    const depth = a.depth[n.slot];
    const parent = n.parent;
    const conn = parent ? connectorFor(doc.template, a.kind[parent.slot], depth) : null;
    const st = nodeStyle(n, depth + 1, theme, conn);
    const b = box(n);
    if (parent && conn) {
      const i = parent.children.indexOf(n);
      const prev = i > 0 ? box(parent.children[i - 1]) : undefined;
      const d = connectorPath(conn, box(parent), b, a.depth[parent.slot] >= 2, prev);
      lines.push(`<path d="${d}" fill="none" stroke="${esc(st.connectColor)}" stroke-width="${st.connectWidth}"/>`);
    }
    const fill = st.fill === 'transparent' ? 'none' : st.fill;
    const stroke = st.stroke === 'none' ? '' : ` stroke="${esc(st.stroke)}" stroke-width="${st.strokeWidth}"`;
    const text = (st.text || ' ').split('\n');
    const tspans = text
      .map((t, i) => `<tspan x="${b.x + b.w / 2}" dy="${i === 0 ? -((text.length - 1) * st.fontSize * st.lineHeight) / 2 : st.fontSize * st.lineHeight}">${esc(t)}</tspan>`)
      .join('');
    // The node image sits above the text at its fitted size (node-size.ts reserved the room):
    // the text is centred in what is left below it.
    let image = '';
    let textY = b.y + b.h / 2;
    if (st.image && st.imageSize && st.imageSize.width > 0) {
      const type = theme[nodeTypeForLevel(depth + 1)];
      const { width: iw, height: ih } = st.imageSize;
      const iy = b.y + type.padding[0];
      image = `<image href="${esc(st.image)}" x="${b.x + (b.w - iw) / 2}" y="${iy}" width="${iw}" height="${ih}" preserveAspectRatio="xMidYMid meet"/>`;
      textY = (iy + ih + type.space + b.y + b.h - type.padding[0]) / 2;
    }
    shapes.push(
      `<g data-id="${esc(n.id)}">${st.shadow ? outline(st, b, SHADOW_DX, SHADOW_DY, ` fill="${esc(st.shadow)}"`) : ''}${outline(st, b, 0, 0, ` fill="${esc(fill)}"${stroke}`)}${image}` +
        `<text x="${b.x + b.w / 2}" y="${textY}" text-anchor="middle" dominant-baseline="middle" font-size="${st.fontSize}" fill="${esc(st.color)}">${tspans}</text></g>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" style="background: ${esc(theme.background)}">` +
    `<g transform="translate(${ox},${oy})">${lines.join('')}${shapes.join('')}</g></svg>`
  );
}
