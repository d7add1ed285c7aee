import { spokenText } from '../engine/render/formula';
import type { Relationship } from '../engine/model/items';
import { NODE_STRIDE, NodeFlag, NodeInt, type PatchNode, type RenderPatch } from '../engine/render/render-patch';
import type { SceneStore } from '../canvas/scene-store';
import { SummaryModel } from './summary-model';

// The visible tree as the ARIA tree, keyboard navigation and menus read it: a reader over the
// document view's slots (the canvas's SceneStore, fed by the same worker patches), not a copy of
// its own. Nodes hidden under a collapse are not there (the worker sends them as removed).

export type NodeInfo = Pick<
  PatchNode,
  'id' | 'parentId' | 'level' | 'text' | 'priority' | 'isStudy' | 'isNow' | 'hasNote' | 'href' | 'image' | 'resource' | 'collapsed' | 'childCount'
> & {
  /** Visible children in order. */
  children: string[];
};

export interface Rows {
  ids: readonly string[];
  /** aria-posinset of each row (1-based among its visible siblings). */
  posInSet: readonly number[];
  /** Row of a node id. */
  index: ReadonlyMap<string, number>;
}

const NO_RESOURCES: string[] = [];

export class MapModel {
  rootId = '';
  theme = 'fresh-blue';
  template = 'default';
  /** The map's `$` are literal text (RenderPatch.literalText): titles are said as written, never 公式. */
  literalText = false;
  /** A text as a screen reader hears it in this map: formulas as 公式：…, unless `$` is literal here. */
  say = (text: string): string => spokenText(text, this.literalText);
  /** The map's relationship lines (all of them; those whose ends are not mirrored are not drawn). */
  relationships: readonly Relationship[] = [];
  /** The map's summaries (概要) and the boxes of the drawn ones (summary-model.ts). */
  readonly summaries = new SummaryModel();
  /** Bumped on every applied patch (useSyncExternalStore snapshot). */
  version = 0;
  /** The pre-order rows and the store's shape they were walked at (a text or mark edit keeps them). */
  private order: Rows | null = null;
  private orderShape = -1;
  private listeners = new Set<() => void>();

  constructor(private readonly store: SceneStore) {}

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getVersion = (): number => this.version;

  /** A worker patch the store has taken: the map's own fields from it, and the listeners told. */
  apply(p: RenderPatch): void {
    this.summaries.apply(p);
    this.theme = p.theme;
    this.template = p.template;
    this.literalText = !!p.literalText;
    if (p.items) this.relationships = p.items.relationships;
    for (let i = 0; i < p.ids.length; i++) if (!p.parents[i] && p.look[i] >= 0) this.rootId = p.ids[i];
    this.version++;
    for (const fn of this.listeners) fn();
  }

  has(id: string): boolean {
    return this.store.slotOf.has(id);
  }

  /** How many nodes are visible. */
  get size(): number {
    return this.store.slotOf.size;
  }

  get(id: string): NodeInfo | undefined {
    const s = this.store.slotOf.get(id);
    return s === undefined ? undefined : this.info(s);
  }

  /** Every visible node (in no particular order). */
  *all(): Generator<NodeInfo> {
    for (const s of this.store.slotOf.values()) yield this.info(s);
  }

  /** The last node in the map's order marked 正在学 (a study map opens on it), else null. */
  lastNow(): string | null {
    const { ints } = this.store;
    let now: string | null = null;
    for (const [id, s] of this.store.slotOf) if (ints[s * NODE_STRIDE + NodeInt.flags] & NodeFlag.now) now = id;
    return now;
  }

  /** Pre-order list of visible nodes. */
  flatten(): NodeInfo[] {
    return this.rows().ids.map((id) => this.get(id)!);
  }

  /**
   * The visible nodes in pre-order (the ARIA tree's rows) with each one's position among its
   * siblings, walked once per change of the tree's shape: renders, selection moves, text and mark
   * edits read the same rows.
   */
  rows(): Rows {
    if (this.order && this.orderShape === this.store.shape) return this.order;
    const { records } = this.store;
    const ids: string[] = [];
    const posInSet: number[] = [];
    const index = new Map<string, number>();
    const root = this.store.slotOf.get(this.rootId);
    const stack: Array<[number, number]> = root === undefined ? [] : [[root, 1]];
    while (stack.length) {
      const [s, pos] = stack.pop()!;
      const id = records[s]!.id;
      index.set(id, ids.length);
      ids.push(id);
      posInSet.push(pos);
      const kids = this.store.childSlots(s);
      for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], i + 1]);
    }
    this.order = { ids, posInSet, index };
    this.orderShape = this.store.shape;
    return this.order;
  }

  /** True when `id` is `ancestor` or lies inside its subtree. */
  isInside(id: string, ancestor: string): boolean {
    const { records, parentSlot } = this.store;
    for (let s = this.store.slotOf.get(id) ?? -1; s >= 0; s = parentSlot[s]) if (records[s]?.id === ancestor) return true;
    return false;
  }

  hasChildren(n: NodeInfo): boolean {
    return n.children.length > 0 || (n.collapsed && n.childCount > 0);
  }

  /** The node in slot `s` as the tree reads it: the engine's ints, its record and its children. */
  private info(s: number): NodeInfo {
    const { records, ints } = this.store;
    const r = records[s]!;
    const o = s * NODE_STRIDE;
    const flags = ints[o + NodeInt.flags];
    const x = r.extra;
    return {
      id: r.id,
      parentId: r.parent ?? null,
      level: ints[o + NodeInt.level],
      text: r.blank ? '' : r.text,
      priority: ints[o + NodeInt.priority] || null,
      isStudy: (flags & NodeFlag.study) !== 0,
      isNow: (flags & NodeFlag.now) !== 0,
      hasNote: (flags & NodeFlag.note) !== 0,
      collapsed: (flags & NodeFlag.collapsed) !== 0,
      childCount: ints[o + NodeInt.childCount],
      href: x?.href ?? null,
      image: x?.image ?? null,
      resource: x?.resource ?? NO_RESOURCES,
      children: this.store.childSlots(s).map((c) => records[c]!.id),
    };
  }
}
