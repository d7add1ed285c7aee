import type { CommandDef } from './command';
import type { MindDoc } from '../model/doc';
import { newId } from '../model/ids';
import { MAX_ITEMS, type Summary } from '../model/items';
import { SUMMARY_CROSS_ERROR, SUMMARY_SPINE_ERROR, SUMMARY_TIANPAN_ERROR, undrawableReason } from '../layout/summary-side';

export const SUMMARY_SIBLINGS_ERROR = '概要只能加在同一主题的相邻下级主题上';
export const SUMMARY_DEFAULT_TEXT = '概要';
export const SUMMARY_MISSING_ERROR = '概要不存在（可能已被删除）';

/**
 * A summary (概要) over the given nodes: they must share a parent (so never the root) and form
 * one contiguous run of its children, in any order, that the layout can draw (summary-side.ts).
 * Answers the new summary's id.
 */
export const addSummary = {
  name: 'addSummary',
  edits: true,
  run(doc: MindDoc, ids: string[], text?: string): string {
    if (!ids.length) throw new Error(SUMMARY_SIBLINGS_ERROR);
    const nodes = ids.map((id) => doc.get(id));
    const parent = nodes[0].parent;
    if (!parent || nodes.some((n) => n.parent !== parent)) throw new Error(SUMMARY_SIBLINGS_ERROR);
    const idx = [...new Set(nodes.map((n) => parent.children.indexOf(n)))].sort((x, y) => x - y);
    if (idx[idx.length - 1] - idx[0] !== idx.length - 1) throw new Error(SUMMARY_SIBLINGS_ERROR);
    // A run the current structure has no side for (across the mind root, a fish-bone spine, tianpan)
    // would be kept but never drawn, removable only by undo: refused with the reason instead.
    // (each reason thrown by its constant: tests/lint/engine-errors.test.ts reads every message)
    const why = undrawableReason(doc, parent, idx[0], idx[idx.length - 1]);
    if (why === SUMMARY_CROSS_ERROR) throw new Error(SUMMARY_CROSS_ERROR);
    if (why === SUMMARY_SPINE_ERROR) throw new Error(SUMMARY_SPINE_ERROR);
    if (why) throw new Error(SUMMARY_TIANPAN_ERROR);
    if (doc.items.summaries.length >= MAX_ITEMS) throw new Error(`一张导图最多 ${MAX_ITEMS} 个概要`);
    const summary: Summary = {
      id: newId(),
      parent: parent.id,
      first: parent.children[idx[0]].id,
      last: parent.children[idx[idx.length - 1]].id,
      text: text ?? SUMMARY_DEFAULT_TEXT,
    };
    doc.setItem('summaries', summary.id, summary);
    return summary.id;
  },
} satisfies CommandDef;
