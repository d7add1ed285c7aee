import type { CommandDef } from './command';
import type { MindDoc, NodeRec } from '../model/doc';

/**
 * kityminder levels here (root = 0): nodes above `level` expand, non-leaf nodes at `level`
 * collapse, deeper nodes keep their state. Allowed in read-only mode, like kityminder.
 * Only the nodes down to `level` are visited (deeper ones keep their state): Alt+1 on a
 * 200,000-topic map touches the root's children, not the whole tree.
 */
export const expandToLevel = {
  name: 'expandToLevel',
  edits: false,
  view: true,
  run(doc: MindDoc, level: number): void {
    // Preorder with an explicit depth stack (no depth map over every node).
    const nodes: NodeRec[] = [doc.root];
    const depths: number[] = [0];
    while (nodes.length) {
      const n = nodes.pop()!;
      const d = depths.pop()!;
      if (d < level) {
        if (n.data.expandState === 'collapse') doc.set(n.id, 'expandState', 'expand');
        for (let i = n.children.length - 1; i >= 0; i--) {
          nodes.push(n.children[i]);
          depths.push(d + 1);
        }
      } else if (d === level && n.children.length) doc.set(n.id, 'expandState', 'collapse');
    }
  },
} satisfies CommandDef;
