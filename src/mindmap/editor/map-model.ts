import { spokenText } from '../engine/render/formula';
import type { Relationship } from '../engine/model/items';
import { extrasOf, nodeAt, type PatchNode, type RenderPatch } from '../engine/render/render-patch';
import { SummaryModel } from './summary-model';

// The main thread's mirror of the visible tree, kept from worker patches alone: what the ARIA
// tree, keyboard navigation and menus read. Nodes hidden under a collapse are not mirrored
// (the worker sends them as removed), exactly like the canvas.

export type NodeInfo = Pick<
  PatchNode,
  'id' | 'parentId' | 'level' | 'text' | 'priority' | 'isStudy' | 'isNow' | 'hasNote' | 'href' | 'image' | 'resource' | 'collapsed' | 'childCount'
> & {
  /** Visible children in order. */
  children: string[];
};

function infoOf(s: PatchNode, children: string[]): NodeInfo {
  return {
    id: s.id,
    parentId: s.parentId,
    level: s.level,
    text: s.text,
    priority: s.priority,
    isStudy: s.isStudy,
    isNow: s.isNow,
    hasNote: s.hasNote,
    href: s.href,
    image: s.image,
    resource: s.resource,
    collapsed: s.collapsed,
    childCount: s.childCount,
    children,
  };
}

export interface Rows {
  ids: readonly string[];
  /** aria-posinset of each row (1-based among its visible siblings). */
  posInSet: readonly number[];
  /** Row of a node id. */
  index: ReadonlyMap<string, number>;
}

export class MapModel {
  nodes = new Map<string, NodeInfo>();
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
  /** The pre-order rows, kept until the tree's shape changes (a text or mark edit keeps them). */
  private order: Rows | null = null;
  private listeners = new Set<() => void>();

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getVersion = (): number => this.version;

  apply(p: RenderPatch): void {
    this.summaries.apply(p);
    this.theme = p.theme;
    this.template = p.template;
    this.literalText = !!p.literalText;
    if (p.items) this.relationships = p.items.relationships;
    if (p.full || p.removed.length) this.order = null;
    if (p.full) {
      this.nodes.clear();
      const order: Array<[string, string, number]> = [];
      const extras = extrasOf(p);
      for (let i = 0; i < p.ids.length; i++) {
        const s = nodeAt(p, i, extras);
        if (!s) continue;
        this.nodes.set(s.id, infoOf(s, []));
        if (s.parentId) order.push([s.parentId, s.id, s.index]);
        else this.rootId = s.id;
      }
      order.sort((a, b) => a[2] - b[2]);
      for (const [pid, id] of order) this.nodes.get(pid)?.children.push(id);
    } else {
      for (const id of p.removed) this.drop(id);
      const extras = extrasOf(p);
      for (let i = 0; i < p.ids.length; i++) {
        const s = nodeAt(p, i, extras);
        if (!s) continue;
        const old = this.nodes.get(s.id);
        if (!old || old.parentId !== s.parentId || old.collapsed !== s.collapsed) this.order = null;
        if (old && old.parentId !== s.parentId && old.parentId) this.detach(old.parentId, s.id);
        this.nodes.set(s.id, infoOf(s, old?.children ?? []));
        if (!s.parentId) this.rootId = s.id;
        else if (!old || old.parentId !== s.parentId) {
          const parent = this.nodes.get(s.parentId);
          if (parent && !parent.children.includes(s.id)) parent.children.splice(s.index, 0, s.id);
        }
      }
      for (const [pid, kids] of p.structure) {
        const parent = this.nodes.get(pid);
        if (!parent) continue;
        const next = kids.filter((k) => this.nodes.has(k));
        if (next.length !== parent.children.length || next.some((k, i) => parent.children[i] !== k)) this.order = null;
        parent.children = next;
      }
    }
    this.version++;
    for (const fn of this.listeners) fn();
  }

  get(id: string): NodeInfo | undefined {
    return this.nodes.get(id);
  }

  /** Pre-order list of visible nodes. */
  flatten(): NodeInfo[] {
    return this.rows().ids.map((id) => this.nodes.get(id)!);
  }

  /**
   * The visible nodes in pre-order (the ARIA tree's rows) with each one's position among its
   * siblings, walked once per change of the tree's shape: renders, selection moves, text and mark
   * edits read the same rows.
   */
  rows(): Rows {
    if (this.order) return this.order;
    const ids: string[] = [];
    const posInSet: number[] = [];
    const index = new Map<string, number>();
    const root = this.nodes.get(this.rootId);
    const stack: Array<[NodeInfo, number]> = root ? [[root, 1]] : [];
    while (stack.length) {
      const [n, pos] = stack.pop()!;
      index.set(n.id, ids.length);
      ids.push(n.id);
      posInSet.push(pos);
      for (let i = n.children.length - 1; i >= 0; i--) {
        const c = this.nodes.get(n.children[i]);
        if (c) stack.push([c, i + 1]);
      }
    }
    this.order = { ids, posInSet, index };
    return this.order;
  }

  /** True when `id` is `ancestor` or lies inside its subtree. */
  isInside(id: string, ancestor: string): boolean {
    for (let n = this.nodes.get(id); n; n = n.parentId ? this.nodes.get(n.parentId) : undefined) if (n.id === ancestor) return true;
    return false;
  }

  hasChildren(n: NodeInfo): boolean {
    return n.children.length > 0 || (n.collapsed && n.childCount > 0);
  }

  private detach(parentId: string, id: string): void {
    const p = this.nodes.get(parentId);
    if (p) p.children = p.children.filter((c) => c !== id);
  }

  private drop(id: string): void {
    const n = this.nodes.get(id);
    if (!n) return;
    for (const c of n.children) this.drop(c);
    if (n.parentId) this.detach(n.parentId, id);
    this.nodes.delete(id);
  }
}
