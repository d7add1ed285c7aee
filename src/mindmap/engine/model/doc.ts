import type { Change } from './change';
import type { StructWatch } from './item-follow';
import type { DocItems, Item, ItemColl } from './items';
import { KM_VERSION, OWN_SUBTREE_ERROR, ROOT_MOVE_ERROR, type KmDocument, type KmNode, type KmNodeData } from './types';

/** A live node. `slot` is a small dense integer reused after removal: layouts index flat typed arrays by it. */
export interface NodeRec {
  id: string;
  data: KmNodeData;
  parent: NodeRec | null;
  children: NodeRec[];
  slot: number;
}

/**
 * The indexed in-memory document: id → node, parent links, ordered children. All mutation goes
 * through the five primitives below so that every edit is recorded as a Change while a recorder
 * is attached (commands) and replayed without recording (undo/redo).
 */
export class MindDoc {
  root: NodeRec;
  template = 'default';
  theme = 'fresh-blue';
  readOnly = false;
  /** 'none': `$` is literal text in this map (KmDocument.formulas); fixed for the document's life. */
  readonly formulas: 'none' | undefined;
  readonly byId = new Map<string, NodeRec>();
  recorder: Change[] | null = null;
  /** Set by runCommand on a map with items: structural edits note what items must follow. */
  watch: StructWatch | null = null;
  /** Relationship lines and summaries (model/items.ts), in file order. */
  readonly items: DocItems = { relationships: [], summaries: [] };
  private freeSlots: number[] = [];
  private nextSlot = 0;

  constructor(km: KmDocument) {
    this.template = km.template;
    this.theme = km.theme;
    this.formulas = km.formulas === 'none' ? 'none' : undefined;
    this.root = this.build(km.root, null);
    if (km.relationships) this.items.relationships.push(...km.relationships);
    if (km.summaries) this.items.summaries.push(...km.summaries);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Highest slot handed out + 1: the length layouts must size their arrays to. */
  get slotCapacity(): number {
    return this.nextSlot;
  }

  get(id: string): NodeRec {
    const n = this.byId.get(id);
    if (!n) throw new Error('找不到这个主题（它可能已被删除）');
    return n;
  }

  /** `own`: the records get copies of the nodes' data objects (an insert), else share them (a load). */
  private build(km: KmNode, parent: NodeRec | null, own = false): NodeRec {
    // Iterative so that very deep imported maps cannot overflow the stack.
    const top = this.makeRec(km, parent, own);
    const stack: Array<[KmNode, NodeRec]> = [[km, top]];
    while (stack.length) {
      const [k, rec] = stack.pop()!;
      if (!k.children) continue;
      for (const ck of k.children) {
        const c = this.makeRec(ck, rec, own);
        rec.children.push(c);
        if (ck.children && ck.children.length) stack.push([ck, c]);
      }
    }
    return top;
  }

  private makeRec(km: KmNode, parent: NodeRec | null, own = false): NodeRec {
    const id = km.data.id;
    if (typeof id !== 'string' || this.byId.has(id)) throw new Error(`主题编号无效或重复：${String(id)}`);
    const slot = this.freeSlots.length ? this.freeSlots.pop()! : this.nextSlot++;
    const rec: NodeRec = { id, data: own ? { ...km.data } : km.data, parent, children: [], slot };
    this.byId.set(id, rec);
    return rec;
  }

  private unregister(rec: NodeRec): void {
    const stack = [rec];
    while (stack.length) {
      const n = stack.pop()!;
      this.byId.delete(n.id);
      this.freeSlots.push(n.slot);
      for (const c of n.children) stack.push(c);
    }
  }

  // ---- primitives -------------------------------------------------------------------------

  insert(parentId: string, index: number, km: KmNode): NodeRec {
    const parent = this.get(parentId);
    const i = Math.max(0, Math.min(index, parent.children.length));
    this.watch?.touch(parent);
    // The topics get data objects of their own: `km` is what the change records (history, the
    // sets to send), and must stay as it was inserted when the topic's fields change later — a
    // rebase takes edits back and replays them in another order than undo would.
    const rec = this.build(km, parent, true);
    parent.children.splice(i, 0, rec);
    this.recorder?.push({ op: 'add', parent: parentId, index: i, node: km });
    return rec;
  }

  remove(id: string): KmNode {
    const rec = this.get(id);
    const parent = rec.parent;
    if (!parent) throw new Error('根主题不能删除');
    if (this.watch) {
      this.watch.touch(parent);
      this.watch.removed = true;
    }
    const index = parent.children.indexOf(rec);
    parent.children.splice(index, 1);
    const node = toKmNode(rec);
    this.unregister(rec);
    this.recorder?.push({ op: 'remove', parent: parent.id, index, node });
    return node;
  }

  move(id: string, toParentId: string, toIndex: number): void {
    const rec = this.get(id);
    const from = rec.parent;
    if (!from) throw new Error(ROOT_MOVE_ERROR);
    const to = this.get(toParentId);
    if (isAncestorOrSelf(rec, to)) throw new Error(OWN_SUBTREE_ERROR);
    this.watch?.touch(from);
    this.watch?.touch(to);
    const fromIndex = from.children.indexOf(rec);
    from.children.splice(fromIndex, 1);
    const i = Math.max(0, Math.min(toIndex, to.children.length));
    to.children.splice(i, 0, rec);
    rec.parent = to;
    this.recorder?.push({ op: 'move', id, from: from.id, fromIndex, to: toParentId, toIndex: i });
  }

  /** value undefined deletes the key; setting an existing key keeps its position in the JSON. */
  set(id: string, key: string, value: unknown, restorePos?: number): void {
    const rec = this.get(id);
    const before = rec.data[key];
    const had = Object.prototype.hasOwnProperty.call(rec.data, key);
    if (had && before === value) return;
    if (!had && value === undefined) return;
    let pos: number | undefined;
    if (value === undefined) {
      pos = Object.keys(rec.data).indexOf(key);
      delete rec.data[key];
    } else if (!had && restorePos !== undefined) {
      insertKeyAt(rec.data, key, value, restorePos);
    } else rec.data[key] = value;
    this.recorder?.push({ op: 'set', id, key, before: had ? before : undefined, after: value, pos });
  }

  setMeta(key: 'template' | 'theme', value: string): void {
    const before = this[key];
    if (before === value) return;
    this[key] = value;
    this.recorder?.push({ op: 'meta', key, before, after: value });
  }

  /**
   * Adds (no item with that id yet), replaces or, with `value` undefined, removes a document item.
   * `index` places an added item (undo of a removal puts it back where it was); default: the end.
   */
  setItem(coll: ItemColl, id: string, value: Item | undefined, index?: number): void {
    const list = this.items[coll] as Item[];
    const at = list.findIndex((it) => it.id === id);
    const before = at >= 0 ? list[at] : undefined;
    if (before === value || (!before && !value)) return;
    if (value && value.id !== id) throw new Error('内部错误：项目编号不一致');
    let i = at;
    if (!value) list.splice(at, 1);
    else if (before) list[at] = value;
    else {
      i = Math.max(0, Math.min(index ?? list.length, list.length));
      list.splice(i, 0, value);
    }
    this.recorder?.push({ op: 'item', coll, id, index: i, before, after: value });
  }

  /** Replays a recorded change (used by undo/redo); records it too when a recorder is attached. */
  apply(c: Change): void {
    switch (c.op) {
      case 'add':
        this.insert(c.parent, c.index, c.node);
        break;
      case 'remove':
        this.remove(c.node.data.id as string);
        break;
      case 'move':
        this.move(c.id, c.to, c.toIndex);
        break;
      case 'set':
        // A delete recorded `pos`; its inverse (re-adding the key) puts it back there.
        this.set(c.id, c.key, c.after, c.after !== undefined ? c.pos : undefined);
        break;
      case 'meta':
        this.setMeta(c.key, c.after);
        break;
      case 'item':
        this.setItem(c.coll, c.id, c.after, c.index);
        break;
    }
  }

  toKm(): KmDocument {
    const km: KmDocument = { root: toKmNode(this.root), template: this.template, theme: this.theme, version: KM_VERSION };
    if (this.items.relationships.length) km.relationships = this.items.relationships;
    if (this.items.summaries.length) km.summaries = this.items.summaries;
    if (this.formulas) km.formulas = this.formulas;
    return km;
  }
}

/**
 * Re-inserts a key at its old position, in place (a topic's data object is its record's for as
 * long as the topic is in the document; a removal's recorded node holds it from then on).
 */
function insertKeyAt(data: KmNodeData, key: string, value: unknown, pos: number): void {
  const tail = Object.keys(data).slice(pos);
  const saved = tail.map((k) => data[k]);
  for (const k of tail) delete data[k];
  data[key] = value;
  tail.forEach((k, i) => (data[k] = saved[i]));
}

/** Builds the export shape; `data` objects are shared (the exporter stringifies, it never mutates). */
export function toKmNode(rec: NodeRec): KmNode {
  const top: KmNode = { data: rec.data, children: [] };
  const stack: Array<[NodeRec, KmNode]> = [[rec, top]];
  while (stack.length) {
    const [r, k] = stack.pop()!;
    for (const c of r.children) {
      const ck: KmNode = { data: c.data, children: [] };
      k.children!.push(ck);
      if (c.children.length) stack.push([c, ck]);
    }
  }
  return top;
}

export function isAncestorOrSelf(a: NodeRec, b: NodeRec): boolean {
  for (let n: NodeRec | null = b; n; n = n.parent) if (n === a) return true;
  return false;
}

/** Root = level 1. */
export function levelOf(rec: NodeRec): number {
  let l = 1;
  for (let n = rec.parent; n; n = n.parent) l++;
  return l;
}

/** Number of levels in the subtree, the node itself counting 1. */
export function subtreeHeight(rec: NodeRec): number {
  let max = 1;
  const stack: Array<[NodeRec, number]> = [[rec, 1]];
  while (stack.length) {
    const [n, d] = stack.pop()!;
    if (d > max) max = d;
    for (const c of n.children) stack.push([c, d + 1]);
  }
  return max;
}

export function kmHeight(node: KmNode): number {
  let max = 1;
  const stack: Array<[KmNode, number]> = [[node, 1]];
  while (stack.length) {
    const [n, d] = stack.pop()!;
    if (d > max) max = d;
    if (n.children) for (const c of n.children) stack.push([c, d + 1]);
  }
  return max;
}

/** Pre-order list of the whole tree, iterative. */
export function preorder(root: NodeRec): NodeRec[] {
  const out: NodeRec[] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}
