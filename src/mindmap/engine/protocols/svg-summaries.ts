import type { SummaryPlace } from '../layout/summary-space';
import type { MindDoc } from '../model/doc';
import { summaryLook, summarySvg } from '../render/summary-shape';
import type { FormulaLabel } from '../render/svg-node';
import type { Theme } from '../theme/themes';

/** The drawn summaries (概要) of the SVG export, above the nodes (few: no clipping needed). */
/** `formulaOf`: a typeset label for a text with formulas in a font (svg.ts), as nodes get. */
export function summariesSvg(
  doc: MindDoc,
  places: readonly SummaryPlace[],
  theme: Theme,
  formulaOf: (text: string, font: string) => FormulaLabel | undefined = () => undefined,
): string {
  if (!places.length) return '';
  const byId = new Map(doc.items.summaries.map((s) => [s.id, s]));
  let out = '';
  for (const p of places) {
    const s = byId.get(p.id);
    const parent = s && doc.byId.get(s.parent);
    if (!s || !parent) continue;
    const look = summaryLook(theme, depthOf(parent));
    out += summarySvg(p, s.text, look, formulaOf(s.text, look.font));
  }
  return out;
}

function depthOf(n: { parent: unknown }): number {
  let d = 0;
  for (let p = n.parent as { parent: unknown } | null; p; p = p.parent as { parent: unknown } | null) d++;
  return d;
}
