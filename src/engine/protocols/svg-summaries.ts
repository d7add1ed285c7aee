import type { SummaryPlace } from '../layout/summary-space';
import type { MindDoc } from '../model/doc';
import { summaryLook, summarySvg } from '../render/summary-shape';
import type { Theme } from '../theme/themes';

/** The drawn summaries (概要) of the SVG export, above the nodes (few: no clipping needed). */
export function summariesSvg(doc: MindDoc, places: readonly SummaryPlace[], theme: Theme): string {
  if (!places.length) return '';
  const byId = new Map(doc.items.summaries.map((s) => [s.id, s]));
  let out = '';
  for (const p of places) {
    const s = byId.get(p.id);
    const parent = s && doc.byId.get(s.parent);
    if (!s || !parent) continue;
    out += summarySvg(p, s.text, summaryLook(theme, depthOf(parent)));
  }
  return out;
}

function depthOf(n: { parent: unknown }): number {
  let d = 0;
  for (let p = n.parent as { parent: unknown } | null; p; p = p.parent as { parent: unknown } | null) d++;
  return d;
}
