import type { FormulaBox } from '../engine/measure/formula-boxes';
import { formulaKey, type FormulaDrawing } from '../engine/protocols/formula-drawing';

// The editor's door to formula typesetting (issue 19.3). KaTeX (~270 kB) and its CSS load only
// when a map first shows a formula: a formula-free map never imports typeset.ts.

const typeset = () => import('./typeset');

/**
 * The boxes the worker asked for (a patch's `formulas`: [CSS font, text]), typeset and measured
 * in the page. A label that cannot be measured is left out: it stays laid out as plain text.
 */
export async function measureFormulas(requests: ReadonlyArray<readonly [string, string]>): Promise<FormulaBox[]> {
  const { measureLabel } = await typeset();
  const out = await Promise.all(
    requests.map(async ([font, text]) => {
      try {
        return { font, text, ...(await measureLabel(font, text)) };
      } catch {
        return null;
      }
    }),
  );
  return out.filter((b): b is FormulaBox => !!b && b.w > 0 && b.h > 0);
}

/** KaTeX's CSS with its fonts inlined, for an SVG/PNG export of a map with formulas. */
export async function exportCss(): Promise<string> {
  return (await typeset()).formulaCss();
}

/**
 * The PDF export's drawings of formula labels ([CSS font, text] as the layout measured them),
 * keyed by `formulaKey`, and the KaTeX fonts they name (engine/protocols/pdf-formula.ts). A label
 * that cannot be drawn is left out: the PDF then writes its LaTeX source and says so.
 */
export async function pdfFormulas(
  labels: ReadonlyArray<readonly [string, string]>,
): Promise<{ formulas: Record<string, FormulaDrawing>; formulaFonts: Record<string, Uint8Array> }> {
  const formulas: Record<string, FormulaDrawing> = {};
  if (!labels.length) return { formulas, formulaFonts: {} };
  const { labelDrawing, faceFonts } = await import('./drawing');
  for (const [font, text] of labels) {
    try {
      formulas[formulaKey(font, text)] = await labelDrawing(font, text);
    } catch (e) {
      console.warn('formula drawing', e);
    }
  }
  const faces = Object.values(formulas).flatMap((d) => d.runs.map((r) => r.face).filter(Boolean));
  return { formulas, formulaFonts: await faceFonts(faces) };
}
