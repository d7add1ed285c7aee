import {
  clip,
  concatTransformationMatrix,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setCharacterSqueeze,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  degrees,
  TextRenderingMode,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import type { CjkFont } from './pdf-font';
import type { FormulaDrawing, FormulaRun } from './formula-drawing';

export { formulaKey, type FormulaDrawing } from './formula-drawing';

// Typeset formulas in the PDF export (issue 19.6 + 19.3). The engine has no DOM and cannot run
// KaTeX's layout: the main thread lays each formula label out with KaTeX in the page and walks it
// into a small, serialisable drawing (formula-drawing.ts, made by features/mindmap/formula/drawing.ts) — glyph runs in
// KaTeX's own fonts (embedded here as subsets, so the formula's characters stay selectable and
// searchable), filled rules (fraction bars, overlines: KaTeX draws them as borders) and the SVG
// paths KaTeX uses for square roots and stretchy delimiters. Everything is in CSS px relative to
// the label's top-left corner; the export scales it into the box the layout measured.

/** A label placed in the SVG export (a foreignObject): its box in map units, font and colour. */
export interface FormulaSlot {
  text: string;
  font: string;
  color: string;
  box: { x: number; y: number; w: number; h: number };
}

interface Face {
  font: PDFFont;
  has(cp: number): boolean;
}

/** Where on the page map coordinates land: PDF x = ox + x·s, PDF y = oy − y·s. */
export interface Placement {
  ox: number;
  oy: number;
  s: number;
}

const ITALIC = degrees(12);

/**
 * KaTeX faces embedded on first use (subset, named "ABCDEF+KaTeX_Main-Regular"). `open` is the
 * fontkit pdf-lib embeds with, so each face is parsed once.
 */
export class FormulaFaces {
  private faces = new Map<string, Promise<Face | null>>();
  constructor(
    private doc: PDFDocument,
    private fonts: Record<string, Uint8Array>,
    private open: (bytes: Uint8Array) => CjkFont,
    private tag: () => string,
  ) {}

  get(face: string): Promise<Face | null> {
    let f = this.faces.get(face);
    if (!f) {
      f = (async () => {
        const bytes = this.fonts[face];
        if (!face || !bytes) return null;
        try {
          const kit = this.open(bytes);
          const font = await this.doc.embedFont(bytes, { subset: true, customName: `${this.tag()}+${kit.postscriptName || 'KaTeX'}` });
          return { font, has: (cp: number) => kit.hasGlyphForCodePoint(cp) };
        } catch {
          return null; // drawn in the CJK font instead
        }
      })();
      this.faces.set(face, f);
    }
    return f;
  }
}

export interface FormulaContext {
  faces: FormulaFaces;
  cjk: PDFFont;
  /** The characters the CJK font can draw (the rest are dropped and named in a notice). */
  drawable: (t: string) => string;
  color: (c: string | undefined, label: string) => RGB;
}

/** Draws a label's drawing centred in its slot (shrunk to fit if the slot is smaller). */
export async function drawFormula(page: PDFPage, at: Placement, slot: FormulaSlot, d: FormulaDrawing, cx: FormulaContext): Promise<void> {
  const k = Math.min(1, d.w > 0 ? slot.box.w / d.w : 1, d.h > 0 ? slot.box.h / d.h : 1);
  const left = slot.box.x + (slot.box.w - d.w * k) / 2;
  const top = slot.box.y + (slot.box.h - d.h * k) / 2;
  const s = at.s * k;
  const X = (x: number) => at.ox + (left + x * k) * at.s;
  const Y = (y: number) => at.oy - (top + y * k) * at.s;
  for (const r of d.rules) {
    if (!(r.w > 0 && r.h > 0)) continue;
    page.drawRectangle({ x: X(r.x), y: Y(r.y + r.h), width: r.w * s, height: r.h * s, color: cx.color(r.color, slot.color) });
  }
  for (const p of d.paths) {
    page.pushOperators(pushGraphicsState());
    if (p.clip) page.pushOperators(rectangle(X(p.clip.x), Y(p.clip.y + p.clip.h), p.clip.w * s, p.clip.h * s), clip(), endPath());
    const [a, b, c, dd, e, f] = p.m;
    // label px → page, y flipped; drawSvgPath flips y once more (its scale(1, −1))
    page.pushOperators(concatTransformationMatrix(a * s, -b * s, -c * s, dd * s, X(e), Y(f)));
    const color = cx.color(p.color, slot.color);
    for (const path of p.d) page.drawSvgPath(path, { x: 0, y: 0, scale: 1, ...(p.stroke ? { borderColor: color, borderWidth: p.stroke } : { color }) });
    page.pushOperators(popGraphicsState());
  }
  for (const r of d.runs) await drawRun(page, r, X(r.x), Y(r.y), s, slot, cx);
}

async function drawRun(page: PDFPage, r: FormulaRun, x: number, y: number, s: number, slot: FormulaSlot, cx: FormulaContext): Promise<void> {
  const face = await cx.faces.get(r.face);
  const size = r.size * s;
  // pieces in the run's face, characters it lacks (\text{中文}) in the CJK font
  const pieces: { t: string; font: PDFFont; own: boolean }[] = [];
  for (const ch of r.t) {
    const own = !!face && face.has(ch.codePointAt(0)!);
    const t = own ? ch : cx.drawable(ch);
    if (!t) continue;
    const last = pieces[pieces.length - 1];
    if (last && last.own === own) last.t += t;
    else pieces.push({ t, font: own ? face!.font : cx.cjk, own });
  }
  const natural = pieces.reduce((sum, p) => sum + p.font.widthOfTextAtSize(p.t, size), 0);
  if (!(natural > 0)) return;
  // the page's advance widths win: the label's own font there may not be the PDF's CJK font
  const squeeze = r.w > 0 ? Math.min(2, Math.max(0.5, (r.w * s) / natural)) : 1;
  const color = cx.color(r.color, slot.color);
  let pen = x;
  for (const p of pieces) {
    // bold and italic are faces of KaTeX's own; the CJK font imitates them as the titles do
    const bold = !p.own && r.bold;
    page.pushOperators(pushGraphicsState(), setCharacterSqueeze(squeeze * 100));
    if (bold) page.pushOperators(setTextRenderingMode(TextRenderingMode.FillAndOutline), setLineWidth(size * 0.035), setStrokingColor(color));
    page.drawText(p.t, { x: pen, y, size, font: p.font, color, ySkew: !p.own && r.italic ? ITALIC : undefined });
    page.pushOperators(popGraphicsState());
    pen += p.font.widthOfTextAtSize(p.t, size) * squeeze;
  }
}

/** The label's text as plain lines (LaTeX source included), when the page gave no drawing for it. */
export function sourceLines(slot: FormulaSlot): { text: string; x: number; y: number; size: number; bold: boolean; italic: boolean }[] {
  const m = /^(italic )?(bold )?(\d+(?:\.\d+)?)px/.exec(slot.font);
  const size = Number(m?.[3] ?? 14);
  const lines = slot.text.split('\n');
  const lh = size * 1.2; // the label's line-height (features/mindmap/formula/typeset.ts)
  const cy = slot.box.y + slot.box.h / 2;
  return lines.map((text, i) => ({ text, x: slot.box.x + slot.box.w / 2, y: cy + (i - (lines.length - 1) / 2) * lh, size, bold: !!m?.[2], italic: !!m?.[1] }));
}
