import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc, NodeRec } from '../model/doc';

/**
 * kityminder's ArrangeUp / ArrangeDown (Alt+↑ / Alt+↓): every listed non-root node moves one
 * place among its siblings (`dir` −1 = up, +1 = down). Selected neighbours move as a block, and
 * a block already at the edge stays put. Returns whether anything moved.
 */
export const arrange = {
  name: 'arrange',
  edits: true,
  run(doc: MindDoc, ids: string | string[], dir: -1 | 1): boolean {
    const byParent = new Map<NodeRec, Set<NodeRec>>();
    for (const id of asIds(ids)) {
      const n = doc.get(id);
      if (!n.parent) continue;
      const set = byParent.get(n.parent) ?? new Set<NodeRec>();
      set.add(n);
      byParent.set(n.parent, set);
    }
    let moved = false;
    for (const [parent, set] of byParent) {
      const order = [...set].map((n) => parent.children.indexOf(n)).sort((a, b) => (dir < 0 ? a - b : b - a));
      // A node whose place is taken by a selected node that could not move stays too.
      const blocked = new Set<number>();
      for (const i of order) {
        const j = i + dir;
        if (j < 0 || j >= parent.children.length || blocked.has(j)) {
          blocked.add(i);
          continue;
        }
        doc.move(parent.children[i].id, parent.id, j);
        moved = true;
      }
    }
    return moved;
  },
} satisfies CommandDef;
