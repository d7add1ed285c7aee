import type { KmNodeData } from '../model/types';
import type { Lost } from './lost';
import { attr, el, elements, firstElement, kidsOf, tagOf, type XmlItem } from './xml';

// Text styles of a FreeMind/Freeplane node (freemind.ts), both ways: COLOR → color,
// BACKGROUND_COLOR → background, <font NAME SIZE BOLD ITALIC> → font-family, font-size,
// font-weight 'bold', font-style 'italic' (the keys the editor's style commands set). A value the
// editor could not draw as the file meant (a colour that is not #rgb/#rrggbb, a size out of
// range) is counted as 文字样式, not applied. What a map has no key for is counted by kind: edge
// colour/width/style (连线样式), bubble shapes (节点形状), Freeplane named styles and
// strike-through (文字样式), plug-in hooks (FreeMind/Freeplane 插件内容; Freeplane's style sheet
// and edge-colour rule by name), and a first-level
// branch whose POSITION our layout does not give it (分支左右位置).

/**
 * Font sizes an import applies. The toolbar offers 10–48 and shows any other stored size; below
 * 6 a title cannot be read, above 96 one word fills the screen, so such a size is counted.
 */
export const FONT_SIZE_MIN = 6;
export const FONT_SIZE_MAX = 96;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const SIZE = /^\s*\d{1,3}(?:\.\d+)?\s*$/;
/** A font name as it can stand in a CSS font list: no quotes, separators or control characters. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const FONT_NAME = /^[^"'`;,{}<>\\\u0000-\u001f\u007f]{1,64}$/;

/** Java's logical fonts (what FreeMind writes by default) and the CSS generic families they are. */
const JAVA_TO_CSS: Record<string, string> = {
  SansSerif: 'sans-serif',
  Serif: 'serif',
  Monospaced: 'monospace',
  Dialog: 'sans-serif',
  DialogInput: 'monospace',
};
const CSS_TO_JAVA: Record<string, string> = { 'sans-serif': 'SansSerif', serif: 'Serif', monospace: 'Monospaced' };

/** Hooks read elsewhere (images) or counted under their own name (HOOK_KINDS). */
const KNOWN_HOOKS = new Set(['ExternalObject', 'MapStyle', 'AutomaticEdgeColor']);
/**
 * Freeplane's map-wide style sheet (the root's and levels' fonts, colours, gaps) and its rule
 * colouring new branches: the map takes neither, so they are said like any other hook (the
 * colours the rule already gave are on each <edge>, counted as 连线样式).
 */
const HOOK_KINDS = [
  ['MapStyle', 'mapStyle'],
  ['AutomaticEdgeColor', 'edgeColorRule'],
] as const;
const EDGE_ATTRS = ['COLOR', 'WIDTH', 'STYLE', 'DASH'];
/** FreeMind's node STYLE values that draw as ours do (a line under the text, or as the parent). */
const PLAIN_SHAPES = new Set(['fork', 'as_parent']);

/** A CSS font-family value for a font name: quoted unless it is words a CSS font list reads as they are. */
function cssFamily(name: string): string {
  return JAVA_TO_CSS[name] ?? (/^[A-Za-z][A-Za-z-]*(?: [A-Za-z][A-Za-z-]*)*$/.test(name) ? name : `"${name}"`);
}

/** The first family of a CSS font list, unquoted, as a FreeMind font name (generic families as Java's). */
function mmFontName(family: string): string | undefined {
  const first = family
    .split(',')[0]
    .trim()
    .replace(/^(["'])(.*)\1$/, '$2')
    .trim();
  return first ? (CSS_TO_JAVA[first.toLowerCase()] ?? first) : undefined;
}

/** Reads node element `x`'s text styles into `d`; counts what cannot be kept. */
export function readMmStyle(x: XmlItem, kids: XmlItem[], d: KmNodeData, lost: Lost): void {
  let bad = 0;
  for (const [name, key] of [
    ['COLOR', 'color'],
    ['BACKGROUND_COLOR', 'background'],
  ] as const) {
    const v = attr(x, name)?.trim();
    if (!v) continue;
    if (HEX.test(v)) d[key] = v.toLowerCase();
    else bad++;
  }
  const font = firstElement(kids, 'font');
  if (font) {
    const name = attr(font, 'NAME')?.trim();
    if (name && FONT_NAME.test(name)) d['font-family'] = cssFamily(name);
    else if (name) bad++;
    const size = attr(font, 'SIZE');
    const n = size !== undefined && SIZE.test(size) ? Math.round(Number(size)) : NaN;
    if (n >= FONT_SIZE_MIN && n <= FONT_SIZE_MAX) d['font-size'] = n;
    else if (size !== undefined) bad++;
    if (attr(font, 'BOLD') === 'true') d['font-weight'] = 'bold';
    if (attr(font, 'ITALIC') === 'true') d['font-style'] = 'italic';
    if (attr(font, 'STRIKETHROUGH') === 'true') bad++;
  }
  // A Freeplane named style: its look is in the map's style sheet, which is not read.
  if (attr(x, 'STYLE_REF') || attr(x, 'LOCALIZED_STYLE_REF')) bad++;
  lost.add('style', bad);
  const shape = attr(x, 'STYLE');
  if (shape && !PLAIN_SHAPES.has(shape)) lost.add('shape');
  lost.add('edgeStyle', elements(kids, 'edge').filter((e) => EDGE_ATTRS.some((a) => attr(e, a))).length);
  const hooks = elements(kids, 'hook');
  lost.add('hook', hooks.filter((h) => !KNOWN_HOOKS.has(attr(h, 'NAME') ?? '')).length);
  for (const [name, kind] of HOOK_KINDS) lost.add(kind, hooks.filter((h) => attr(h, 'NAME') === name).length);
}

/**
 * The root's children: our layout puts the first half (rounded up) right and the rest left, so a
 * POSITION saying otherwise is counted. Deeper nodes follow their branch (FreeMind ignores theirs).
 */
export function countSides(children: XmlItem[], lost: Lost): void {
  const half = Math.ceil(children.length / 2);
  children.forEach((c, i) => {
    const p = attr(c, 'POSITION');
    if ((p === 'left' || p === 'right') && p !== (i < half ? 'right' : 'left')) lost.add('side');
  });
}

/** A colour FreeMind reads (#rrggbb), from #rgb or #rrggbb; undefined for anything else. */
function mmColour(v: unknown): string | undefined {
  if (typeof v !== 'string' || !HEX.test(v.trim())) return undefined;
  const h = v.trim().slice(1).toLowerCase();
  return `#${h.length === 3 ? [...h].map((c) => c + c).join('') : h}`;
}

const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * Writes `d`'s text styles as .mm attributes and a <font> element (values need no escaping:
 * colours are hex, the font name is checked). A colour, size or font it cannot write is counted.
 */
export function writeMmStyle(d: KmNodeData, attrs: Record<string, string>, kids: XmlItem[], lost: Lost): void {
  let bad = 0;
  for (const [key, name] of [
    ['color', 'COLOR'],
    ['background', 'BACKGROUND_COLOR'],
  ] as const) {
    const c = mmColour(d[key]);
    if (c) attrs[name] = c;
    else if (filled(d[key])) bad++;
  }
  const font: Record<string, string> = {};
  const family = typeof d['font-family'] === 'string' ? mmFontName(d['font-family']) : undefined;
  if (family && FONT_NAME.test(family)) font.NAME = family;
  else if (filled(d['font-family'])) bad++;
  const size = Number(d['font-size']);
  if (filled(d['font-size']) && Number.isFinite(size) && size > 0) font.SIZE = String(Math.round(size));
  else if (filled(d['font-size'])) bad++;
  if (d['font-weight'] === 'bold') font.BOLD = 'true';
  if (d['font-style'] === 'italic') font.ITALIC = 'true';
  if (Object.keys(font).length) kids.unshift(el('font', font));
  lost.add('style', bad);
}

const PLAIN_TAGS = /^(p|br|div|span|html|body)$/i;

/** Whether rich content (FreeMind HTML) formats its text beyond paragraphs and line breaks. */
export function richHasFormatting(items: XmlItem[]): boolean {
  const stack = [...items];
  while (stack.length) {
    const it = stack.pop()!;
    const tag = tagOf(it);
    if (tag === undefined || tag === '#text' || /^head$/i.test(tag)) continue;
    if (!PLAIN_TAGS.test(tag) || attr(it, 'style')) return true;
    stack.push(...kidsOf(it));
  }
  return false;
}
