import type { FormulaBox } from '../../../engine/measure/formula-boxes';

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
