import {
  clip,
  degrees,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  PDFDocument,
  TextRenderingMode,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import { fontkitForPdfLib, type CjkFont } from './pdf-font';
import { drawFormula, formulaKey, FormulaFaces, sourceLines, type FormulaContext, type FormulaDrawing } from './pdf-formula';
import { hasFormula } from '../render/formula';
import { PdfImages } from './pdf-images';
import { PdfLinks } from './pdf-links';
import { readSvg, type PdfOp } from './pdf-ops';
import { intersects, planPages, type PdfMode, type PdfPage } from './pdf-pages';
import type { ImportNotice } from './notices';

// The PDF export (issue 19.6): the SVG export's drawing (pdf-ops.ts) as vector paths and real
// text — every title in the CJK font embedded as a subset, with a ToUnicode map, so it can be
// selected, searched and copied — on one page or on A4 tiles (pdf-pages.ts). Loaded by the
// engine on first use only (pdf-lib and fontkit are not in the worker's first download).
//
// Characters the font has no glyph for (emoji, rare symbols) are left out of the drawing, never
// drawn as empty boxes, and the export says which ones in a notice. Node images are embedded
// when they are PNG or JPEG (the caller passes same-origin ones as data URLs, like .xmind);
// others are left out and counted in a notice with the cause (pdf-images.ts). Bold is drawn as filled and outlined glyphs and
// italic as slanted ones (one font file, fetched once). Formulas are drawn typeset from the main
// thread's drawings (pdf-formula.ts); without one a label's LaTeX source is written, and said.
// A topic's web link is a link annotation over it; other addresses are listed (pdf-links.ts).

export interface PdfOptions {
  /** The CJK font file (WOFF or TTF bytes of Noto Sans SC). */
  font: Uint8Array;
  mode?: PdfMode;
  /** Node image URL → data URL, for images the engine cannot read itself. */
  images?: Record<string, string>;
  /** Document title (the root topic). */
  title?: string;
  /**
   * Typeset formula labels by `formulaKey(font, text)`, laid out by the main thread (pdf-formula.ts).
   * Absent (the command line: no page to lay formulas out in): formulas are written as LaTeX source.
   */
  formulas?: Record<string, FormulaDrawing>;
  /** The KaTeX font files (TTF) the drawings' runs name. */
  formulaFonts?: Record<string, Uint8Array>;
  /** The map's `$` are literal text (KmDocument.formulas 'none'): no title is a formula written as source. */
  literalText?: boolean;
}

export interface PdfResult {
  data: Uint8Array;
  notices: ImportNotice[];
  pages: number;
}

/** Where the central baseline (SVG dominant-baseline="central") sits above the alphabetic one, in em (Noto Sans SC's ascent 1.16, descent 0.288). */
const CENTRAL = (1.16 - 0.288) / 2;
const ITALIC = degrees(12);
/** Characters that are no glyph of their own (joiners, variation selectors): dropped silently. */
const invisible = (cp: number) => (cp >= 0x200b && cp <= 0x200f) || cp === 0x2060 || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);

const NAMED: Record<string, [number, number, number]> = {
  black: [0, 0, 0],
  white: [255, 255, 255],
  red: [255, 0, 0],
  green: [0, 128, 0],
  blue: [0, 0, 255],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
  orange: [255, 165, 0],
  yellow: [255, 255, 0],
  purple: [128, 0, 128],
};

/** A CSS colour the themes and node styles use (#rgb, #rrggbb, rgb(), rgba(), a few names) as PDF RGB and alpha; null for none. */
export function parseColor(c: string): { color: RGB; alpha: number } | null {
  const s = c.trim().toLowerCase();
  if (!s || s === 'none' || s === 'transparent') return null;
  let v: number[] | undefined = NAMED[s];
  let alpha = 1;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(s)?.[1];
  if (hex) v = hex.length === 3 ? [...hex].map((h) => parseInt(h + h, 16)) : [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const fn = /^rgba?\(([^)]*)\)$/.exec(s)?.[1];
  if (fn) {
    const parts = fn
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    v = parts.slice(0, 3);
    if (parts.length > 3) alpha = parts[3];
  }
  if (!v || v.length < 3 || v.some((x) => !Number.isFinite(x))) v = [0, 0, 0];
  const k = (x: number) => Math.min(1, Math.max(0, x / 255));
  return { color: rgb(k(v[0]), k(v[1]), k(v[2])), alpha: Math.min(1, Math.max(0, alpha)) };
}

function subsetTag(): string {
  let t = '';
  for (let i = 0; i < 6; i++) t += String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return t;
}

/** The PDF of an SVG written by svg.ts (the whole map, no clip). */
export async function svgToPdf(svg: string, opts: PdfOptions): Promise<PdfResult> {
  const scene = readSvg(svg);
  const doc = await PDFDocument.create();
  // each font opened once, here (to name the subset, to know its glyphs); pdf-lib gets the same object
  let cjk: CjkFont | undefined;
  const kit = fontkitForPdfLib((f) => (cjk = f));
  const opened = new Map<Uint8Array, ReturnType<typeof kit.create>>();
  const open = (bytes: Uint8Array) => {
    if (!opened.has(bytes)) opened.set(bytes, kit.create(bytes));
    return opened.get(bytes)!;
  };
  open(opts.font);
  if (!cjk) throw new Error('无法读取生成 PDF 所用的字体文件，请刷新页面后重试');
  const cjkFont: CjkFont = cjk;
  doc.registerFontkit({ create: open });
  // "ABCDEF+Name": the tag PDF readers (pdffonts' "sub") know a subset by
  const font = await doc.embedFont(opts.font, { subset: true, customName: `${subsetTag()}+${cjk.postscriptName || 'CJK'}` });
  doc.setTitle(opts.title?.trim() || '思维导图');
  doc.setCreator('学图 Xuetu');
  doc.setProducer('学图 Xuetu');
  doc.setLanguage('zh-CN');

  // characters without a glyph are dropped (once per character, however often they occur)
  const missing = new Set<string>();
  const has = new Map<number, boolean>();
  const drawable = (t: string) => {
    let out = '';
    for (const ch of t) {
      const cp = ch.codePointAt(0)!;
      let ok = has.get(cp);
      if (ok === undefined) has.set(cp, (ok = cp === 0x20 || cjkFont.hasGlyphForCodePoint(cp)));
      if (ok) out += ch;
      else if (!invisible(cp) && cp >= 0x20) missing.add(ch);
    }
    return out;
  };

  const pdfImages = new PdfImages(doc, opts.images);
  const imageOf = (href: string) => pdfImages.of(href);

  const faces = new FormulaFaces(doc, opts.formulaFonts ?? {}, (b) => open(b) as unknown as CjkFont, subsetTag);
  const black = rgb(0, 0, 0);
  const fx: FormulaContext = { faces, cjk: font, drawable, color: (c, label) => parseColor(c ?? label)?.color ?? black };
  // labels whose formulas are written as LaTeX source (no drawing for them)
  const source = new Set<string>();
  const draw = async (p: PdfPage, op: PdfOp) => {
    if (op.kind === 'text' && !opts.literalText && hasFormula(op.text)) source.add(op.text);
    if (op.kind === 'link') return links.add(page(p), p, op);
    if (op.kind !== 'formula') return drawOp(page(p), p, op, font, drawable, imageOf);
    const d = opts.formulas?.[formulaKey(op.font, op.text)];
    if (d) return drawFormula(page(p), { ox: p.left - p.view.x * p.scale, oy: p.height - p.top + p.view.y * p.scale, s: p.scale }, op, d, fx);
    source.add(op.text);
    for (const l of sourceLines(op)) await drawOp(page(p), p, { kind: 'text', ...l, anchor: 'middle', color: op.color, box: op.box }, font, drawable, imageOf);
  };
  const links = new PdfLinks(doc);
  const pages = new Map<PdfPage, PDFPage>();
  const page = (p: PdfPage) => pages.get(p)!;

  const background = parseColor(scene.background);
  const plan = planPages(scene.width, scene.height, opts.mode ?? 'single');
  for (const p of plan) {
    const pg = doc.addPage([p.width, p.height]);
    pages.set(p, pg);
    const aw = p.view.w * p.scale;
    const ah = p.view.h * p.scale;
    const bottom = p.height - p.top - ah;
    pg.pushOperators(pushGraphicsState(), rectangle(p.left, bottom, aw, ah), clip(), endPath());
    if (background) pg.drawRectangle({ x: p.left, y: bottom, width: aw, height: ah, color: background.color });
    for (const op of scene.ops) if (intersects(op.box, p.view)) await draw(p, op);
    pg.pushOperators(popGraphicsState());
    if (p.label) {
      const size = 8;
      const w = font.widthOfTextAtSize(p.label, size);
      pg.drawText(p.label, { x: (p.width - w) / 2, y: bottom - size - 4, size, font, color: rgb(0.4, 0.4, 0.4) });
    }
  }

  const notices: ImportNotice[] = [];
  if (missing.size) {
    const list = [...missing].slice(0, 10).join(' ');
    notices.push({
      code: 'lost',
      message: `PDF 字体中没有这些字符，未画出：${list}${missing.size > 10 ? ` 等 ${missing.size} 个` : ''}（其余文字可正常选择和搜索）`,
    });
  }
  if (source.size)
    notices.push({
      code: 'lost',
      message: opts.formulas
        ? `${source.size} 个含公式的主题还没有排版好，公式以 LaTeX 源码写出（稍候再导出一次）`
        : '公式以 LaTeX 源码写出：命令行导出没有排版公式的浏览器，请在编辑器中导出 PDF',
    });
  notices.push(...links.notices());
  notices.push(...pdfImages.notices());
  return { data: await doc.save(), notices, pages: plan.length };
}

async function drawOp(
  page: PDFPage,
  p: PdfPage,
  op: Exclude<PdfOp, { kind: 'formula' | 'link' }>,
  font: PDFFont,
  drawable: (t: string) => string,
  imageOf: (href: string) => Promise<PDFImage | null>,
): Promise<void> {
  const s = p.scale;
  const ox = p.left - p.view.x * s;
  const oy = p.height - p.top + p.view.y * s;
  if (op.kind === 'path') {
    const fill = op.paint.fill ? parseColor(op.paint.fill) : null;
    const stroke = op.paint.stroke ? parseColor(op.paint.stroke) : null;
    if (!fill && !stroke) return;
    page.drawSvgPath(op.d, {
      x: ox + op.dx * s,
      y: oy - op.dy * s,
      scale: s,
      color: fill?.color,
      opacity: fill ? fill.alpha * op.paint.fillOpacity : undefined,
      borderColor: stroke?.color,
      borderOpacity: stroke?.alpha,
      borderWidth: stroke ? op.paint.strokeWidth : 0,
      // in the path's own (scaled) units, as the width
      borderDashArray: stroke ? op.paint.dash : undefined,
    });
    return;
  }
  if (op.kind === 'image') {
    const img = await imageOf(op.href);
    if (!img || img.width <= 0 || img.height <= 0) return;
    // preserveAspectRatio="xMidYMid meet"
    const k = Math.min(op.box.w / img.width, op.box.h / img.height);
    const w = img.width * k;
    const h = img.height * k;
    const x = op.box.x + (op.box.w - w) / 2;
    const y = op.box.y + (op.box.h - h) / 2;
    page.drawImage(img, { x: ox + x * s, y: oy - (y + h) * s, width: w * s, height: h * s });
    return;
  }
  const text = drawable(op.text);
  if (!text.trim()) return;
  const size = op.size * s;
  const color = parseColor(op.color)?.color ?? rgb(0, 0, 0);
  const w = font.widthOfTextAtSize(text, size);
  const x = ox + op.x * s - (op.anchor === 'middle' ? w / 2 : 0);
  const y = oy - (op.y + CENTRAL * op.size) * s;
  if (op.bold)
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.FillAndOutline), setLineWidth(size * 0.035), setStrokingColor(color));
  page.drawText(text, { x, y, size, font, color, ySkew: op.italic ? ITALIC : undefined });
  if (op.bold) page.pushOperators(popGraphicsState());
}
