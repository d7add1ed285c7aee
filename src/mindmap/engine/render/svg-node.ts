import { spokenText } from './formula';
import type { Box } from '../layout/connectors';
import { DEFAULT_FONT_FAMILY } from '../layout/node-size';
import type { NodeRec } from '../model/doc';
import type { TypeStyle } from '../theme/themes';
import {
  type ChipHues,
  hslToRgb,
  LINK_INK,
  markerRow,
  NOW_ORANGE,
  NOW_TEXT,
  PROGRESS_BACK,
  priorityColors,
  progressSweep,
  rowWidth,
  STUDY_GREEN,
  type MarkerSpec,
} from './markers';
import { displayText, type NodeStyle } from './node-style';

// One node of the SVG export drawn the way the canvas draws it: outline (and shadow), the image
// above the content, the icons of render/markers.ts left and right of the text, and the text
// with its weight, style and family. Shapes are plain SVG so the PNG rasteriser needs nothing
// external besides the (inlined) node images.

/** The canvas's font stack (kityminder's plus Noto CJK, which Linux browsers have). */
export const EXPORT_FONT_FAMILY = '"STHeitiSC-Light","STHeiti","Hei","Heiti SC","Microsoft Yahei","Noto Sans CJK SC",Arial,sans-serif';

const SHADOW_DX = 4;
const SHADOW_DY = 5;

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const hex = (n: number) => `#${n.toString(16).padStart(6, '0')}`;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** Outline moved by (dx, dy): a rounded rect, or the circle whose bounding square is the box. */
function outline(st: NodeStyle, b: Box, dx: number, dy: number, paint: string): string {
  if (st.shape === 'circle') return `<circle cx="${b.x + b.w / 2 + dx}" cy="${b.y + b.h / 2 + dy}" r="${Math.min(b.w, b.h) / 2}"${paint}/>`;
  return `<rect x="${b.x + dx}" y="${b.y + dy}" width="${b.w}" height="${b.h}" rx="${st.radius}"${paint}/>`;
}

/** SVG of one icon with its box's left edge at x, centred on cy (shapes as in canvas/markers.ts). */
export function markerSvg(it: MarkerSpec, st: NodeStyle, x: number, cy: number, hues: ChipHues): string {
  switch (it.kind) {
    case 'progress': {
      const cx = x + 10;
      const v = st.progress ?? 1;
      const a = progressSweep(v);
      let pie = '';
      if (v >= 9) pie = `<circle cx="${cx}" cy="${cy}" r="9" fill="${STUDY_GREEN}"/>`;
      else if (v > 1) {
        const ex = r1(cx + 9 * Math.sin(a)),
          ey = r1(cy - 9 * Math.cos(a));
        pie = `<path d="M${cx},${cy}L${cx},${cy - 9}A9 9 0 ${a > Math.PI ? 1 : 0} 1 ${ex},${ey}Z" fill="${STUDY_GREEN}"/>`;
      }
      const tick = v >= 9 ? `<path d="M${cx - 4},${cy}L${cx - 1},${cy + 3}L${cx + 5},${cy - 3}" fill="none" stroke="#EEE" stroke-width="2"/>` : '';
      return `<g data-marker="progress"><circle cx="${cx}" cy="${cy}" r="9" fill="${PROGRESS_BACK}"/>${pie}<circle cx="${cx}" cy="${cy}" r="9" fill="none" stroke="#ccc" stroke-width="2"/>${tick}</g>`;
    }
    case 'priority': {
      const p = st.priority ?? 1;
      const [light, dark] = priorityColors(p);
      return (
        `<g data-marker="priority"><rect x="${x}" y="${cy - 10}" width="20" height="20" rx="7" fill="${dark}"/>` +
        `<rect x="${x}" y="${cy - 10}" width="20" height="17" rx="7" fill="${light}" fill-opacity="0.8"/>` +
        `<text x="${x + 10}" y="${cy - 1.5}" text-anchor="middle" dominant-baseline="central" font-size="12" font-style="italic" fill="#fff">${p}</text></g>`
      );
    }
    case 'study':
      return `<g data-marker="study"><circle cx="${x + 8}" cy="${cy}" r="8" fill="${STUDY_GREEN}"/><path d="M${x + 4},${cy}L${x + 7},${cy + 3}L${x + 12},${cy - 3}" fill="none" stroke="#fff" stroke-width="2"/></g>`;
    case 'now':
      return (
        `<g data-marker="now"><rect x="${x}" y="${cy - 9}" width="${it.w}" height="18" rx="9" fill="${NOW_ORANGE}"/>` +
        `<text x="${x + it.w / 2}" y="${cy}" text-anchor="middle" dominant-baseline="central" font-size="12" fill="#fff">${NOW_TEXT}</text></g>`
      );
    case 'link':
      return (
        `<g data-marker="link" fill="none" stroke="${LINK_INK}" stroke-width="2"><rect x="${x + 2}" y="${cy - 4}" width="11" height="8" rx="4"/>` +
        `<rect x="${x + 11}" y="${cy - 4}" width="11" height="8" rx="4"/></g>`
      );
    case 'note':
      return (
        `<g data-marker="note"><rect x="${x + 2}" y="${cy - 8}" width="12" height="16" rx="1" fill="none" stroke="${esc(st.color)}" stroke-width="1.5"/>` +
        `<path d="M${x + 5},${cy - 3}H${x + 11}M${x + 5},${cy + 1}H${x + 11}M${x + 5},${cy + 5}H${x + 9}" stroke="${esc(st.color)}" stroke-width="1.2"/></g>`
      );
    case 'resource': {
      const h = hues.hue(it.text ?? '');
      return (
        `<g data-marker="resource"><rect x="${x}" y="${cy - 10}" width="${it.w}" height="20" rx="4" fill="${hex(hslToRgb(h, 1, 0.85))}"/>` +
        `<text x="${x + 8}" y="${cy}" dominant-baseline="central" font-size="12" fill="${hex(hslToRgb(h, 1, 0.15))}">${esc(it.text ?? '')}</text></g>`
      );
    }
  }
}

/**
 * A topic with a hyperlink is wrapped in an <a> over its box: a web address (http, https) is a
 * link in the SVG file and, read back by protocols/pdf-ops.ts, a link annotation in the PDF.
 * Any other address is named in data-href only (a `javascript:` or `file:` link is never made
 * live in a file we hand out); the PDF export lists those as not clickable.
 */
export const isWebLink = (url: string) => /^https?:\/\/\S/i.test(url.trim());

function linkOpen(link: unknown, b: Box): string {
  if (typeof link !== 'string' || !link) return '';
  const box = `data-box="${b.x} ${b.y} ${b.w} ${b.h}"`;
  return isWebLink(link) ? `<a href="${esc(link.trim())}" target="_blank" ${box}>` : `<a data-href="${esc(link)}" ${box}>`;
}

/** Font attributes of a node's text: weight, style and a family only when the node sets one. */
function fontAttrs(st: NodeStyle): string {
  const m = /^(italic )?(bold )?\d+(?:\.\d+)?px (.*)$/.exec(st.font);
  let a = '';
  if (m?.[2]) a += ' font-weight="bold"';
  if (m?.[1]) a += ' font-style="italic"';
  const family = m?.[3];
  if (family && family !== DEFAULT_FONT_FAMILY) a += ` font-family="${esc(family)}"`;
  return a;
}

/** A typeset label (issue 19.3): its measured box and its XHTML (svg.ts wraps it in a foreignObject). */
export interface FormulaLabel {
  w: number;
  h: number;
  html: string;
  /** For the PDF export: an empty foreignObject naming the label's text, font and colour (protocols/pdf-ops.ts). */
  slot?: boolean;
}

/**
 * The `<g>` of one node (shadow, outline, image, icons, `under`, text). `under` (the progress badge)
 * is painted over the outline but under the title, as the canvas layers them (marks under labels):
 * where the pill overlaps a tight title (sub topics) the title stays readable on top.
 */
export function nodeSvg(
  n: NodeRec,
  st: NodeStyle,
  b: Box,
  type: TypeStyle,
  chipWidth: (t: string) => number,
  hues: ChipHues,
  formula?: FormulaLabel,
  under = '',
): string {
  const fill = st.fill === 'transparent' ? 'none' : st.fill;
  const stroke = st.stroke === 'none' ? '' : ` stroke="${esc(st.stroke)}" stroke-width="${st.strokeWidth}"`;
  let out = `<g data-id="${esc(n.id)}">` + linkOpen(n.data.hyperlink, b);
  if (st.shadow) out += outline(st, b, SHADOW_DX, SHADOW_DY, ` fill="${esc(st.shadow)}"`);
  out += outline(st, b, 0, 0, ` fill="${esc(fill)}"${stroke}`);
  // The image sits above the content at its fitted size (node-size.ts reserved the room); the
  // icon-and-text row is centred in what is left below it.
  let rowTop = b.y + type.padding[0];
  if (st.image && st.imageSize && st.imageSize.width > 0) {
    const { width: iw, height: ih } = st.imageSize;
    out += `<image href="${esc(st.image)}" x="${b.x + (b.w - iw) / 2}" y="${rowTop}" width="${iw}" height="${ih}" preserveAspectRatio="xMidYMid meet"/>`;
    rowTop += ih + type.space;
  }
  const cy = (rowTop + b.y + b.h - type.padding[0]) / 2;
  const row = markerRow(n.data, chipWidth);
  const space = type.space;
  const leftW = rowWidth(row.left, space);
  const rightW = rowWidth(row.right, space);
  // A circle's content is centred in it; a rect's starts after its padding.
  const inner = st.shape === 'circle' ? Math.max(0, (b.w - Math.min(b.w, b.h) / Math.SQRT2) / 2) : type.padding[1];
  let x = b.x + inner;
  for (const it of row.left) {
    out += markerSvg(it, st, x, cy, hues);
    x += it.w + space;
  }
  x = b.x + b.w - inner - rightW + space;
  for (const it of row.right) {
    out += markerSvg(it, st, x, cy, hues);
    x += it.w + space;
  }
  const tx = (b.x + inner + leftW + (b.x + b.w - inner - rightW)) / 2;
  out += under;
  const close = (n.data.hyperlink ? '</a>' : '') + '</g>';
  if (formula) return out + formulaSvg(st, tx, cy, formula) + close;
  // an empty title shows as the canvas shows it (and the outline exports write it): 分支主题
  const lines = displayText(st.text).split('\n');
  const lh = st.fontSize * st.lineHeight;
  const tspans = lines.map((t, i) => `<tspan x="${tx}" dy="${i === 0 ? -((lines.length - 1) * lh) / 2 : lh}">${esc(t)}</tspan>`).join('');
  out += `<text x="${tx}" y="${cy}" text-anchor="middle" dominant-baseline="central" font-size="${st.fontSize}"${fontAttrs(st)} fill="${esc(st.color)}">${tspans}</text>${close}`;
  return out;
}

/**
 * A formula label as XHTML in a foreignObject, centred where the text would be: KaTeX's own
 * HTML with the KaTeX CSS (fonts inlined) in the SVG's <style>, so the file shows the same
 * typesetting as the canvas when opened on its own. The LaTeX source is its accessible name.
 */
export function formulaSvg(st: Pick<NodeStyle, 'text' | 'font' | 'color'>, tx: number, cy: number, f: FormulaLabel): string {
  const w = Math.ceil(f.w) + 2; // a pixel either side: the export's fonts may round differently
  const h = Math.ceil(f.h);
  const font = `font: ${st.font}; color: ${st.color}; line-height: 1.2; white-space: pre; text-align: center`;
  if (f.slot)
    return `<foreignObject x="${tx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" data-latex="${esc(st.text)}" data-font="${esc(st.font)}" data-color="${esc(st.color)}"/>`;
  return (
    `<foreignObject x="${tx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" role="img" aria-label="${esc(spokenText(st.text))}" data-latex="${esc(st.text)}">` +
    `<div xmlns="http://www.w3.org/1999/xhtml" style="${esc(font)}">${f.html}</div></foreignObject>`
  );
}
