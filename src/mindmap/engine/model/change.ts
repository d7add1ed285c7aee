import type { Item, ItemColl } from './items';
import type { KmNode } from './types';

// The one currency of change in the engine. A command records a list of these; history
// undoes by applying the inverse list in reverse order, and the layout/render side reads the
// same list to know which nodes to re-measure and re-pack.
export type Change =
  | { op: 'add'; parent: string; index: number; node: KmNode }
  | { op: 'remove'; parent: string; index: number; node: KmNode }
  | { op: 'move'; id: string; from: string; fromIndex: number; to: string; toIndex: number }
  // before/after undefined = key absent; pos = key position before a delete, so undo keeps key order.
  | { op: 'set'; id: string; key: string; before: unknown; after: unknown; pos?: number }
  | { op: 'meta'; key: 'template' | 'theme'; before: string; after: string }
  // A document-level item (model/items.ts) added (before undefined), removed (after undefined)
  // or replaced, by id; `index` = its place in the list, so undo puts a removed one back there.
  | { op: 'item'; coll: ItemColl; id: string; index: number; before: Item | undefined; after: Item | undefined };

export function invertChange(c: Change): Change {
  switch (c.op) {
    case 'add':
      return { op: 'remove', parent: c.parent, index: c.index, node: c.node };
    case 'remove':
      return { op: 'add', parent: c.parent, index: c.index, node: c.node };
    case 'move':
      return { op: 'move', id: c.id, from: c.to, fromIndex: c.toIndex, to: c.from, toIndex: c.fromIndex };
    case 'set':
      return { op: 'set', id: c.id, key: c.key, before: c.after, after: c.before, pos: c.pos };
    case 'meta':
      return { op: 'meta', key: c.key, before: c.after, after: c.before };
    case 'item':
      return { op: 'item', coll: c.coll, id: c.id, index: c.index, before: c.after, after: c.before };
  }
}

export function invertChanges(list: readonly Change[]): Change[] {
  const out: Change[] = [];
  for (let i = list.length - 1; i >= 0; i--) out.push(invertChange(list[i]));
  return out;
}

/** The {added, updated, removed} summary (ids) that render patches and autosave read. */
export interface DiffSummary {
  added: string[];
  updated: string[];
  removed: string[];
  meta: boolean;
  /** Some relationship or summary was added, changed or removed. */
  items: boolean;
}

function collectIds(node: KmNode, out: string[]): void {
  const stack = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (typeof n.data.id === 'string') out.push(n.data.id);
    if (n.children) for (const c of n.children) stack.push(c);
  }
}

export function summarize(list: readonly Change[]): DiffSummary {
  const added = new Set<string>();
  const removed = new Set<string>();
  const updated = new Set<string>();
  let meta = false;
  let items = false;
  for (const c of list) {
    if (c.op === 'add' || c.op === 'remove') {
      const ids: string[] = [];
      collectIds(c.node, ids);
      for (const id of ids) {
        if (c.op === 'add') {
          if (removed.delete(id)) updated.add(id);
          else added.add(id);
        } else if (!added.delete(id)) {
          updated.delete(id);
          removed.add(id);
        }
      }
      updated.add(c.parent);
    } else if (c.op === 'move') {
      updated.add(c.id).add(c.from).add(c.to);
    } else if (c.op === 'set') updated.add(c.id);
    else if (c.op === 'item') items = true;
    else meta = true;
  }
  for (const id of added) updated.delete(id);
  for (const id of removed) updated.delete(id);
  return { added: [...added], updated: [...updated], removed: [...removed], meta, items };
}
