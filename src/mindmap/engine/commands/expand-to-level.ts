import type { CommandDef } from './command';
import { preorder, type MindDoc, type NodeRec } from '../model/doc';

/**
 * kityminder levels here (root = 0): nodes above `level` expand, non-leaf nodes at `level`
 * collapse, deeper nodes keep their state. Allowed in read-only mode, like kityminder.
 */
export const expandToLevel = {
  name: 'expandToLevel',
  edits: false,
  view: true,
  run(doc: MindDoc, level: number): void {
    const depth = new Map<NodeRec, number>([[doc.root, 0]]);
    for (const n of preorder(doc.root)) {
      const d = depth.get(n)!;
      for (const c of n.children) depth.set(c, d + 1);
      if (d < level) {
        if (n.data.expandState === 'collapse') doc.set(n.id, 'expandState', 'expand');
      } else if (d === level && n.children.length) doc.set(n.id, 'expandState', 'collapse');
    }
  },
} satisfies CommandDef;
