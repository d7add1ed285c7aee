import { DEPTH_ERROR, MAX_LEVEL } from '../engine/model/types';
import type { MapModel } from './map-model';

// The engine's depth rule (engine/commands/helpers.ts checkDepth) read from the view's mirror, so
// the editor can refuse at once what the engine would refuse after a round trip: a drop that would
// not be made is shown as refused while dragging, an insert below level 4 opens no edit field for
// a title that would have nowhere to go. A folded subtree counts one level below its node (its
// depth is not mirrored), so the mirror never refuses what the engine allows; the engine decides
// the rest.

/** The levels of `id`'s subtree as the mirror knows them (1 = the node alone). */
export function mirroredHeight(model: MapModel, id: string): number {
  let height = 1;
  const stack: Array<[string, number]> = [[id, 1]];
  while (stack.length) {
    const [at, d] = stack.pop()!;
    const n = model.get(at);
    if (!n) continue;
    const below = n.children.length || model.hasChildren(n) ? d + 1 : d;
    if (below > height) height = below;
    for (const c of n.children) stack.push([c, d + 1]);
  }
  return height;
}

/** Why inserting next to `at` would be refused (the depth rule), or undefined. */
export function insertRefusal(model: MapModel, how: 'appendChild' | 'appendSibling' | 'appendParent', at: string): string | undefined {
  const n = model.get(at);
  if (!n) return undefined;
  const deepest = how === 'appendChild' ? n.level + 1 : how === 'appendParent' ? n.level + mirroredHeight(model, at) : n.level;
  return deepest > MAX_LEVEL ? DEPTH_ERROR : undefined;
}
