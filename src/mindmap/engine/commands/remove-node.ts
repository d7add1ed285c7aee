import type { CommandDef } from './command';
import { asIds, topMost } from './helpers';
import type { MindDoc } from '../model/doc';

/** Removes the listed subtrees; the root is skipped. Returns the removed top-most ids. */
export const removeNode = {
  name: 'removeNode',
  edits: true,
  run(doc: MindDoc, ids: string | string[]): string[] {
    const nodes = topMost(
      doc,
      asIds(ids).filter((id) => doc.get(id).parent),
    );
    for (const n of nodes) doc.remove(n.id);
    return nodes.map((n) => n.id);
  },
} satisfies CommandDef;
