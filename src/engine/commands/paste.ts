import type { CommandDef } from './command';
import { asIds, checkChildDepth, cloneFresh } from './helpers';
import { kmHeight, type MindDoc } from '../model/doc';
import type { KmNode } from '../model/types';

/**
 * Appends clones of the clipboard subtrees under each target, in clipboard order, with fresh ids
 * and cleared offsets (kityminder reused the ids and reversed odd orders). Returns the new top ids.
 */
export const paste = {
  name: 'paste',
  edits: true,
  run(doc: MindDoc, targetIds: string | string[], nodes: KmNode[]): string[] {
    const out: string[] = [];
    for (const tid of asIds(targetIds)) {
      const target = doc.get(tid);
      for (const n of nodes) checkChildDepth(target, kmHeight(n));
      if (target.data.expandState === 'collapse') doc.set(tid, 'expandState', 'expand');
      for (const n of nodes) {
        const copy = cloneFresh(n, doc);
        doc.insert(tid, target.children.length, copy);
        out.push(copy.data.id as string);
      }
    }
    return out;
  },
} satisfies CommandDef;
