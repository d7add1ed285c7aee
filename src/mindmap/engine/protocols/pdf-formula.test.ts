import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { ensureDebianTools, POPPLER } from '../../../../tests/debian-tools';
import { MindEditor } from '../editor';
import type { KmDocument } from '../model/types';
import { formulaKey, type FormulaDrawing } from './pdf-formula';
import { readSvg } from './pdf-ops';

// Typeset formulas in the PDF export: the engine draws the main thread's drawing of a label
// (glyph runs in KaTeX's fonts, rules, SVG paths) in place of its LaTeX source, read back with
// poppler (pdftotext, pdffonts) as a student's PDF viewer would.

const req = createRequire(import.meta.url);
const FONT = req.resolve('@openfonts/noto-sans-sc_all/files/noto-sans-sc-all-400.woff');
const katex = (name: string) => new Uint8Array(readFileSync(req.resolve(`katex/dist/fonts/KaTeX_${name}.ttf`)));
let font: Uint8Array;
let fonts: Record<string, Uint8Array>;
beforeAll(() => {
  ensureDebianTools(POPPLER);
  font = new Uint8Array(readFileSync(FONT));
  fonts = { 'KaTeX_Main-Regular': katex('Main-Regular'), 'KaTeX_Math-Italic': katex('Math-Italic') };
});

const TEXT = '分数 $\\frac{a}{b}+\\sqrt{x^2}$';
const doc = (text = TEXT): KmDocument => ({
  root: { data: { id: 'r', text: '代数' }, children: [{ data: { id: 'f', text } }] },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});

/** What the main thread's walker makes of `分数 $\frac{a}{b}+\sqrt{x^2}$` at 14px (shape, not exact numbers). */
const drawing: FormulaDrawing = {
  w: 110,
  h: 40,
  runs: [
    { t: '分数 ', x: 0, y: 24, w: 34, size: 14, face: '' },
    { t: 'a', x: 36, y: 14, w: 6, size: 10, face: 'KaTeX_Math-Italic' },
    { t: 'b', x: 36, y: 34, w: 5, size: 10, face: 'KaTeX_Math-Italic' },
    { t: '+', x: 48, y: 24, w: 11, size: 14, face: 'KaTeX_Main-Regular' },
    { t: 'x', x: 76, y: 24, w: 8, size: 14, face: 'KaTeX_Math-Italic' },
    { t: '2', x: 84, y: 18, w: 5, size: 10, face: 'KaTeX_Main-Regular' },
  ],
  rules: [{ x: 36, y: 20, w: 8, h: 0.6 }],
  paths: [{ d: ['M0,0L200,0L200,1000L0,1000Z'], m: [0.01, 0, 0, 0.02, 64, 6], clip: { x: 64, y: 6, w: 30, h: 20 } }],
};

function poppler(data: Uint8Array): { text: string; fonts: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-formula-'));
  const file = join(dir, 'f.pdf');
  writeFileSync(file, data);
  return { text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }), fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }) };
}

/** The page's content streams as text (operators). */
async function content(data: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(data);
  let out = '';
  for (const [, obj] of pdf.context.enumerateIndirectObjects())
    if (obj instanceof PDFRawStream && !obj.dict.get(PDFName.of('Subtype')) && !obj.dict.get(PDFName.of('Length1')))
      out += new TextDecoder('latin1').decode(decodePDFRawStream(obj).decode());
  return out;
}

/** An editor whose formula label the "main thread" measured at the drawing's size. */
function typesetEditor(text = TEXT): MindEditor {
  const ed = new MindEditor();
  const p = ed.load(doc(text));
  ed.setFormulaBoxes((p.formulas ?? []).map(([f, t]) => ({ font: f, text: t, w: drawing.w, h: drawing.h, html: '<span>x</span>' })));
  return ed;
}

describe('PDF export of typeset formulas', () => {
  it('puts a slot for each typeset label in the PDF scene, with its text, font and colour', () => {
    const ed = typesetEditor();
    const slots = readSvg(ed.exportData('svg', undefined, { formulaSlots: true })).ops.filter((o) => o.kind === 'formula');
    expect(slots).toEqual([expect.objectContaining({ kind: 'formula', text: TEXT, font: expect.stringMatching(/px/) })]);
    expect(slots[0].box.w).toBeGreaterThanOrEqual(drawing.w);
  });

  it('draws the formula from its drawing: KaTeX glyphs (embedded subsets), rules and paths, no LaTeX source', async () => {
    const ed = typesetEditor();
    const slot = readSvg(ed.exportData('svg', undefined, { formulaSlots: true })).ops.find((o) => o.kind === 'formula');
    const key = formulaKey(slot?.kind === 'formula' ? slot.font : '', TEXT);
    const r = await ed.exportPdf({ font, formulas: { [key]: drawing }, formulaFonts: fonts });
    expect(r.notices).toEqual([]);
    const { text, fonts: list } = poppler(r.data);
    expect(text).not.toContain('\\frac');
    expect(text).not.toContain('$');
    for (const t of ['代数', '分数', 'a', 'b', '+', 'x', '2']) expect(text).toContain(t);
    // the KaTeX faces are embedded as subsets (pdffonts: "emb sub" yes yes), beside the CJK font
    expect(list).toMatch(/[A-Z]{6}\+KaTeX_Math-Italic\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(list).toMatch(/[A-Z]{6}\+KaTeX_Main-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    const ops = await content(r.data);
    // the fraction bar: a filled 8 × 0.6 px rect (× 0.75 pt/px)
    expect(ops).toMatch(/\b0 0 m\s+0 0\.4\d* l\s+6 0\.4\d* l\s+6 0 l\s+h\s+f/);
    // the radical: its path clipped to its box, mapped from KaTeX's viewBox units by a cm
    expect(ops).toMatch(/ re\s+W\s+n\s+0\.0075 0 0 0\.015 [\d.]+ [\d.]+ cm/);
    // glyph runs squeezed to the widths the page laid them out at
    expect(ops).toMatch(/\d Tz/);
    // the A4 print pages draw it too
    const tiled = await ed.exportPdf({ font, mode: 'tiled', formulas: { [key]: drawing }, formulaFonts: fonts });
    const printed = poppler(tiled.data);
    expect(printed.text).not.toContain('\\frac');
    expect(printed.fonts).toContain('+KaTeX_Math-Italic');
  });

  it('writes the LaTeX source and says so when the page gave no drawing for a typeset label', async () => {
    const ed = typesetEditor();
    const r = await ed.exportPdf({ font, formulas: {}, formulaFonts: fonts });
    expect(poppler(r.data).text).toContain('\\frac{a}{b}');
    expect(r.notices.map((n) => n.message)).toEqual(['1 个含公式的主题还没有排版好，公式以 LaTeX 源码写出（稍候再导出一次）']);
  });

  it('on the command line (no page to typeset in) writes the LaTeX source and says so in Chinese', async () => {
    const ed = new MindEditor();
    ed.load(doc());
    const r = await ed.exportPdf({ font });
    expect(poppler(r.data).text).toContain('\\frac{a}{b}');
    expect(r.notices.map((n) => n.message)).toEqual(['公式以 LaTeX 源码写出：命令行导出没有排版公式的浏览器，请在编辑器中导出 PDF']);
    // a title whose `$` is no formula is not one
    const plain = new MindEditor();
    plain.load(doc('价格 $5 到 $6'));
    expect((await plain.exportPdf({ font })).notices).toEqual([]);
  });
});
