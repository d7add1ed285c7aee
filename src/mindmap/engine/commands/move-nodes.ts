import type { CommandDef } from './command';
import { asIds, checkChildDepth, levelOf, subtreeHeight, topMost } from './helpers';
import { isAncestorOrSelf, preorder, type MindDoc } from '../model/doc';
import { OWN_SUBTREE_ERROR, ROOT_MOVE_ERROR } from '../model/types';

/**
 * Moves several topics at once (a dragged multi-selection) under `parentId`, together and in the
 * order they have in the map, as one undo step. `index`: where the first goes among the new
 * parent's children that stay (default: after the last). A topic inside another listed one moves
 * with it; the root is skipped. Refused as a whole, nothing moved, when one of them would go into
 * its own subtree or below the depth rule (moveNode's rules, checked for each first).
 * Returns the ids moved.
 */
export const moveNodes = {
  name: 'moveNodes',
  edits: true,
  run(doc: MindDoc, ids: string | string[], parentId: string, index?: number): string[] {
    const target = doc.get(parentId);
    const listed = topMost(
      doc,
      asIds(ids).filter((id) => doc.get(id).parent),
    );
    if (!listed.length) throw new Error(ROOT_MOVE_ERROR);
    const order = new Map(preorder(doc.root).map((n, i) => [n, i]));
    const nodes = listed.sort((a, b) => order.get(a)! - order.get(b)!);
    for (const node of nodes) {
      if (isAncestorOrSelf(node, target)) throw new Error(OWN_SUBTREE_ERROR);
      if (target !== node.parent && levelOf(target) + 1 > levelOf(node)) checkChildDepth(target, subtreeHeight(node));
    }
    // Each goes right before the child that is to follow them all (the one at `index` among those
    // that stay), so they end up side by side in their map order.
    const moving = new Set(nodes);
    const staying = target.children.filter((c) => !moving.has(c));
    const next = index === undefined ? undefined : staying[Math.max(0, index)];
    for (const node of nodes) {
      const others = target.children.filter((c) => c !== node);
      doc.move(node.id, parentId, next ? others.indexOf(next) : others.length);
    }
    if (target.data.expandState === 'collapse') doc.set(parentId, 'expandState', 'expand');
    return nodes.map((n) => n.id);
  },
} satisfies CommandDef;
