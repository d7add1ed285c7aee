import type { MindDoc, NodeRec } from './doc';
import type { Summary } from './items';

// Where a summary (概要) sits in the tree now: its parent and the index range of the children its
// brace spans. A summary whose parent or ends are gone, or whose ends are no longer children of
// that parent, has no range: it stays in the document (an undo may bring the nodes back) but is
// neither laid out, drawn nor exported (model/items.ts).

export interface SummaryRange {
  parent: NodeRec;
  /** Child indexes, inclusive, from <= to. */
  from: number;
  to: number;
}

export function summaryRange(doc: MindDoc, s: Summary): SummaryRange | null {
  const parent = doc.byId.get(s.parent);
  const first = doc.byId.get(s.first);
  const last = doc.byId.get(s.last);
  if (!parent || !first || !last || first.parent !== parent || last.parent !== parent) return null;
  const a = parent.children.indexOf(first);
  const b = parent.children.indexOf(last);
  return { parent, from: Math.min(a, b), to: Math.max(a, b) };
}

/** The summaries that have a range now, with it (document order). */
export function liveSummaries(doc: MindDoc): Array<{ summary: Summary; range: SummaryRange }> {
  const out: Array<{ summary: Summary; range: SummaryRange }> = [];
  for (const summary of doc.items.summaries) {
    const range = summaryRange(doc, summary);
    if (range) out.push({ summary, range });
  }
  return out;
}
