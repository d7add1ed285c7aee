import type { SceneStore } from '../canvas/scene-store';
import type { MapModel } from './map-model';
import type { Rect } from '../canvas/scene-types';
import { nearestInDirection, type Direction, type NavBox } from './spatial-nav';
import { summaryEditId, summaryOfEdit } from './summary-model';
import { summaryByArrow } from './summary-nav';

// Arrow-key navigation of the editor: which node (or summary topic, by its summaryEditId) an
// arrow key moves the selection to.

/**
 * Boxes of the visible nodes as drawn (spatial arrow keys), read from the store's typed arrays
 * into ONE reused object: ~6 ms per key at 50k visible nodes instead of ~14 with an object each.
 */
function* navBoxes(model: MapModel, store: SceneStore, summaries = true): Generator<NavBox> {
  const { slotOf, boxes, records } = store;
  const box: NavBox = { id: '', parentId: null, x: 0, y: 0, w: 0, h: 0 };
  for (const [id, s] of slotOf) {
    box.id = id;
    box.parentId = records[s]!.parent ?? null;
    box.x = boxes.x[s];
    box.y = boxes.y[s];
    box.w = boxes.w[s];
    box.h = boxes.h[s];
    yield box;
  }
  // From a summary topic (概要) the other summaries are boxes too; from a topic they are reached
  // by summary-nav.ts's rule only. (No sibling bonus: a summary is no topic's sibling.)
  for (const s of summaries ? model.summaries.list : []) {
    const p = model.summaries.places.get(s.id);
    if (!p) continue;
    box.id = summaryEditId(s.id);
    box.parentId = null;
    [box.x, box.y, box.w, box.h] = p.topic;
    yield box;
  }
}

/** Maps laid out sideways (mind, right): children beside their parent, siblings stacked. */
const sideways = (template: string) => template === 'default' || template === 'right';

/** Whether ← / → from `from` leads away from its parent on a sideways map: its own children lie that way. */
function outward(template: string, parent: Rect | undefined, from: Rect, dir: Direction): boolean {
  if (!parent || !sideways(template)) return false;
  if (dir === 'right') return parent.x + parent.w <= from.x;
  if (dir === 'left') return parent.x >= from.x + from.w;
  return false;
}

function* childBoxes(store: SceneStore, children: readonly string[], parentId: string, side?: (b: Rect) => boolean): Generator<NavBox> {
  for (const id of children) {
    const b = store.boxOf(id);
    if (b && (!side || side(b))) yield { id, parentId, ...b };
  }
}

/**
 * ↑ / ↓ on a sideways map: the sibling drawn next on that side of the parent, if any — an open
 * sibling's children between them would otherwise leave the parent or a cousin nearer.
 */
function nextSibling(model: MapModel, store: SceneStore, id: string, parentId: string, from: Rect, parent: Rect, dir: Direction): string | null {
  const mid = (b: Rect) => b.x + b.w / 2;
  const right = mid(from) >= mid(parent);
  const sameSide = (b: Rect) => mid(b) >= mid(parent) === right;
  const siblings = model.get(parentId)?.children ?? [];
  return nearestInDirection({ id, parentId, ...from }, childBoxes(store, siblings, parentId, sameSide), dir);
}

/**
 * The node an arrow key moves to from `id`: spatial over the boxes on the canvas (spatial-nav.ts),
 * so ← / → follow the screen on both sides of the root; without a canvas (jsdom) over the tree:
 * up/down siblings, left parent, right first child.
 */
export function nodeInDirection(model: MapModel, store: SceneStore | null, id: string, dir: Direction, summaries = true): string | undefined {
  const sid = summaryOfEdit(id);
  const place = sid ? model.summaries.places.get(sid) : undefined;
  if (sid) {
    if (!place || !store) return model.summaries.get(sid ?? '')?.first;
    const [x, y, w, h] = place.topic;
    return nearestInDirection({ id, parentId: model.summaries.get(sid)!.parent, x, y, w, h }, navBoxes(model, store), dir) ?? undefined;
  }
  const n = model.get(id);
  if (!n) return undefined;
  const from = store?.boxOf(id);
  if (store && from) {
    const parent = n.parentId ? store.boxOf(n.parentId) : undefined;
    // Away from the parent on a map laid out sideways: into this topic's own branch only, never a
    // neighbour's children beside it (a folded topic or a leaf stays where it is).
    const own = outward(model.template, parent, from, dir) ? childBoxes(store, n.children, id) : navBoxes(model, store, false);
    const stacked = parent && n.parentId && sideways(model.template) && (dir === 'up' || dir === 'down');
    // Topics first; a summary only from its range's outer edge (summary-nav.ts).
    const topic =
      (stacked ? nextSibling(model, store, id, n.parentId!, from, parent, dir) : null) ??
      nearestInDirection({ id, parentId: n.parentId, ...from }, own, dir, parent);
    const sid = summaries ? summaryByArrow(model, id, dir, topic) : null;
    return sid ? summaryEditId(sid) : (topic ?? undefined);
  }
  if (dir === 'left') return n.parentId ?? undefined;
  if (dir === 'right') return n.children[0];
  if (!n.parentId) return undefined;
  const sibs = model.get(n.parentId)!.children;
  return sibs[sibs.indexOf(id) + (dir === 'up' ? -1 : 1)];
}

/**
 * ← / → on a row of the 大纲 tree, as in any tree (WAI-ARIA treeview), whatever side of the map
 * the topic is drawn on: → expands a collapsed row, else goes to its first child; ← collapses an
 * expanded row, else goes to its parent. Null: nothing to do (a leaf's →, the root's ← when folded).
 */
export function treeRowStep(model: MapModel, id: string, dir: 'left' | 'right'): { expand: string } | { collapse: string } | { select: string } | null {
  const n = model.get(id);
  if (!n) return null;
  if (dir === 'right') {
    if (n.collapsed && n.childCount > 0) return { expand: id };
    return n.children.length ? { select: n.children[0] } : null;
  }
  if (n.children.length && !n.collapsed) return { collapse: id };
  return n.parentId ? { select: n.parentId } : null;
}
