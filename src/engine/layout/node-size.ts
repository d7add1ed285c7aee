import type { KmNodeData } from '../model/types';
import type { TextMeasurer } from '../measure/text-measurer';
import type { Theme, TypeStyle } from '../theme/themes';

// Content box of one node, following kityminder's render composition (reference §3.1):
// [priority] text [link][note][tags] with the image above, then the theme padding.

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

export function measureNode(data: KmNodeData, style: TypeStyle, theme: Theme, m: TextMeasurer): Size {
  const fs = fontSizeOfData(data, style);
  const lh = theme.lineHeight;
  const text = data.text || ' ';
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
  const space = style.space;
  // Icons sit left/right of the text; no per-node closure here (this runs for every node on open).
  if (data.priority || Number(data.isStudy) === 1 || Number(data.isNow) === 1 || data.hyperlink || data.note || Array.isArray(data.resource)) {
    const icons: Array<[number, number]> = [];
    if (data.priority) icons.push([20, 20]);
    if (Number(data.isStudy) === 1) icons.push([16, 16]);
    if (Number(data.isNow) === 1) icons.push([Math.round(m.width('12px sans-serif', '正在学')) + 8, 18]);
    if (data.hyperlink) icons.push([24, 22]);
    if (data.note) icons.push([16, 17]);
    if (Array.isArray(data.resource)) {
      for (const r of data.resource) if (typeof r === 'string') icons.push([Math.round(m.width('12px sans-serif', r)) + 16, 20]);
    }
    for (const [iw, ih] of icons) {
      w += iw + space;
      h = Math.max(h, ih);
    }
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
