import type { CommandDef } from './command';
import { offsetKeys } from './helpers';
import { preorder, type MindDoc } from '../model/doc';

/**
 * 整理布局: clears every layout_<L>_offset and sets layout null on non-root nodes that had an
 * override (kityminder writes null on every non-root node; we only touch nodes that had a key so
 * untouched files stay identical). Whole map when no ids are given. Allowed in read-only mode.
 */
export const resetLayout = {
  name: 'resetLayout',
  edits: false,
  run(doc: MindDoc, ids?: string[]): void {
    const roots = ids && ids.length ? ids.map((id) => doc.get(id)) : [doc.root];
    for (const r of roots) {
      for (const n of preorder(r)) {
        for (const k of offsetKeys(n.data)) doc.set(n.id, k, undefined);
        if (n.parent && n.data.layout != null) doc.set(n.id, 'layout', null);
      }
    }
  },
} satisfies CommandDef;
