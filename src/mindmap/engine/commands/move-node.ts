import type { CommandDef } from './command';
import { checkChildDepth, levelOf, subtreeHeight } from './helpers';
import { isAncestorOrSelf, type MindDoc } from '../model/doc';
import { OWN_SUBTREE_ERROR, ROOT_MOVE_ERROR } from '../model/types';

/**
 * Reparent and/or reorder. `index` is the position among the new parent's children after the
 * move (default: last). Moving into the node's own subtree is refused; the target is expanded.
 * The depth rule refuses a move that takes the subtree below level 4 AND deeper than it already
 * was: content imported deeper than 4 levels may still be rearranged at its own depth.
 */
export const moveNode = {
  name: 'moveNode',
  edits: true,
  run(doc: MindDoc, id: string, parentId: string, index?: number): void {
    const node = doc.get(id);
    const target = doc.get(parentId);
    if (!node.parent) throw new Error(ROOT_MOVE_ERROR);
    if (isAncestorOrSelf(node, target)) throw new Error(OWN_SUBTREE_ERROR);
    const height = subtreeHeight(node);
    if (target !== node.parent && levelOf(target) + 1 > levelOf(node)) checkChildDepth(target, height);
    const last = target === node.parent ? target.children.length - 1 : target.children.length;
    doc.move(id, parentId, index === undefined ? last : Math.max(0, Math.min(index, last)));
    if (target.data.expandState === 'collapse') doc.set(parentId, 'expandState', 'expand');
  },
} satisfies CommandDef;
