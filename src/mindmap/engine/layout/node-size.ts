import { DEFAULT_TEXT, type KmNodeData } from '../model/types';
import type { TextMeasurer } from '../measure/text-measurer';
import type { FormulaBoxes } from '../measure/formula-boxes';
import type { Theme, TypeStyle } from '../theme/themes';
import { CHIP_FONT, markerRow, rowHeight, rowWidth } from '../render/markers';

// Content box of one node, following kityminder's render composition (reference §3.1):
// [progress][priority][✓][正在学] text [link][note][tags] with the image above, then the theme padding.

export const DEFAULT_FONT_FAMILY = '"STHeitiSC-Light","STHeiti","Hei","Heiti SC","Microsoft Yahei",Arial,sans-serif';

// Most nodes carry no font override: reuse one string per theme type instead of building one
// per node (first open of a 100k map measures every node).
const plainFont = new WeakMap<TypeStyle, string>();

export function fontOf(data: KmNodeData, style: TypeStyle): string {
  if (data['font-size'] === undefined && data['font-weight'] === undefined && data['font-style'] === undefined && data['font-family'] === undefined) {
    let f = plainFont.get(style);
    if (f === undefined) plainFont.set(style, (f = `${style.fontSize}px ${DEFAULT_FONT_FAMILY}`));
    return f;
  }
  const size = typeof data['font-size'] === 'number' ? data['font-size'] : Number(data['font-size']) || style.fontSize;
  const weight = data['font-weight'] === 'bold' ? 'bold ' : '';
  const italic = data['font-style'] === 'italic' ? 'italic ' : '';
  return `${italic}${weight}${size}px ${data['font-family'] || DEFAULT_FONT_FAMILY}`;
}

export function fontSizeOfData(data: KmNodeData, style: TypeStyle): number {
  return Number(data['font-size']) || style.fontSize;
}

export interface Size {
  w: number;
  h: number;
}

/** `formulas`: measured boxes of labels with `$…$` formulas (issue 19.3); text without `$` never looks there. */
export function measureNode(data: KmNodeData, style: TypeStyle, theme: Theme, m: TextMeasurer, formulas?: FormulaBoxes): Size {
  const fs = fontSizeOfData(data, style);
  const lh = theme.lineHeight;
  // an empty title is drawn as 分支主题 (canvas, SVG, PDF): its box holds it
  const text = data.text || DEFAULT_TEXT;
  const font = fontOf(data, style);
  let tw = 1;
  let nLines = 1;
  if (text.includes('\n')) {
    const lines = text.split('\n');
    nLines = lines.length;
    for (const l of lines) tw = Math.max(tw, m.width(font, l) || 1);
  } else tw = Math.max(1, m.width(font, text) || 1);
  let w = Math.round(tw);
  let h = Math.round(lh * fs * nLines - (lh - 1) * fs);
  if (formulas && text.indexOf('$') >= 0) {
    // A typeset label: its box as the main thread measured it (fractions are taller than a line).
    const fb = formulas.box(font, text);
    if (fb) {
      w = Math.max(1, Math.ceil(fb.w));
      h = Math.max(h, Math.ceil(fb.h));
    }
  }
  const space = style.space;
  // Icons sit left/right of the text (render/markers.ts, shared with the canvas and the SVG).
  const row = markerRow(data, (t) => m.width(CHIP_FONT, t));
  if (row.left.length || row.right.length) {
    w += rowWidth(row.left, space) + rowWidth(row.right, space);
    h = Math.max(h, rowHeight(row));
  }
  const img = data.imageSize;
  if (data.image && img && typeof img === 'object' && img.width > 0) {
    w = Math.max(w, img.width);
    h += img.height + space;
  }
  w += 2 * style.padding[1];
  h += 2 * style.padding[0];
  if (style.shape === 'circle') {
    const d = 2 * Math.round(Math.hypot(w, h) / 2);
    return { w: d, h: d };
  }
  return { w, h };
}
