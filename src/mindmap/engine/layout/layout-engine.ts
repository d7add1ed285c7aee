import type { Change } from '../model/change';
import type { MindDoc, NodeRec } from '../model/doc';
import type { TextMeasurer } from '../measure/text-measurer';
import { FormulaBoxes } from '../measure/formula-boxes';
import { getTheme, nodeTypeForLevel, type Theme } from '../theme/themes';
import { kindFor } from './kinds';
import { absolutePass, exactBox, flushShifts, isOpen, type AbsResult } from './absolute';
import { measureNode } from './node-size';
import { allocLayoutArrays, ensureSlots } from './layout-storage';
import { pack, type LayoutArrays } from './pack';
import type { Summary } from '../model/items';
import { placeSummaries, summariesByParent, topicSize, type SummaryPlace } from './summary-space';

/**
 * Tidy-tree layout over flat typed arrays, linear in the number of visible nodes.
 * Incremental: update() re-measures changed nodes, re-packs only the changed subtrees and
 * their ancestor chains (each pack is O(children) thanks to cached subtree boxes), then
 * re-derives absolute positions only below nodes whose relative position moved.
 * Collapsed children are not laid out (kityminder laid them out anyway).
 */
export class LayoutEngine {
  a: LayoutArrays = allocLayoutArrays(0);
  /** 1 = laid out and visible in the last pass. */
  visible = new Uint8Array(0);
  /** Pending translations (see absolute()). */
  tx = new Float64Array(0);
  ty = new Float64Array(0);
  private theme!: Theme;
  private template = '';
  /** Summaries by parent id, and their places relative to the parent (layout/summary-space.ts). */
  private sums = new Map<string, Summary[]>();
  readonly placed = new Map<string, SummaryPlace[]>();

  /** Boxes of labels with formulas, measured on the main thread (measure/formula-boxes.ts). */
  readonly formulas = new FormulaBoxes();

  constructor(readonly measurer: TextMeasurer) {}

  private prepare(node: NodeRec, parentKind: number, depth: number, index: number, count: number, remeasure: boolean): void {
    const a = this.a;
    const s = node.slot;
    a.depth[s] = depth;
    a.kind[s] = kindFor(this.template, node.data.layout, parentKind, depth, index, count);
    if (remeasure) {
      const style = this.theme[nodeTypeForLevel(depth + 1)];
      const size = measureNode(node.data, style, this.theme, this.measurer, this.formulas);
      a.w[s] = size.w;
      a.h[s] = size.h;
      a.mv[s] = style.margin[0];
      a.mh[s] = style.margin[1];
    }
  }

  /** Lays out the visible part of `top`'s subtree from scratch (kinds, optional measure, pack). */
  private layoutSubtree(top: NodeRec, remeasure: boolean): void {
    const a = this.a;
    const order: NodeRec[] = [top];
    for (let i = 0; i < order.length; i++) {
      const n = order[i];
      this.visible[n.slot] = 1;
      if (!isOpen(n)) continue;
      const k = a.kind[n.slot];
      const d = a.depth[n.slot] + 1;
      const ch = n.children;
      for (let j = 0; j < ch.length; j++) {
        this.prepare(ch[j], k, d, j, ch.length, remeasure);
        order.push(ch[j]);
      }
    }
    // A map without summaries (nearly all of them, and every 50k-node one measured) packs
    // without the per-node summary probe: the bench's full layout was 6-15 % slower with it.
    if (!this.sums.size && !this.placed.size) for (let i = order.length - 1; i >= 0; i--) pack(a, order[i], isOpen(order[i]));
    else for (let i = order.length - 1; i >= 0; i--) this.pack(order[i]);
  }

  /** pack(); then room for the node's summaries, if the map has any (else exactly pack()). */
  private pack(n: NodeRec): void {
    const open = isOpen(n);
    pack(this.a, n, open);
    if (!this.sums.size && !this.placed.size) return;
    const list = this.sums.get(n.id);
    if (list && open) {
      const d = this.a.depth[n.slot];
      this.placed.set(
        n.id,
        placeSummaries(this.a, n, list, (s) => topicSize(s, d, this.theme, this.measurer, this.formulas), this.template),
      );
    } else this.placed.delete(n.id);
  }

  private indexSummaries(doc: MindDoc): void {
    this.sums = summariesByParent(doc.items.summaries);
  }

  full(doc: MindDoc, remeasure = true): AbsResult {
    ensureSlots(this, doc.slotCapacity);
    this.theme = getTheme(doc.theme);
    this.template = doc.template;
    this.visible.fill(0);
    this.indexSummaries(doc);
    this.placed.clear();
    this.prepare(doc.root, 0, 0, 0, 1, remeasure);
    this.layoutSubtree(doc.root, remeasure);
    return this.absolute(doc, true);
  }

  /**
   * Applies the effect of `changes` (already applied to `doc`). Returns the slots whose box
   * changed or that became visible, and the slots that became hidden.
   */
  update(doc: MindDoc, changes: readonly Change[]): AbsResult & { hidden: NodeRec[]; full: boolean } {
    ensureSlots(this, doc.slotCapacity);
    if (changes.some((c) => c.op === 'meta') || doc.theme !== this.theme?.name || doc.template !== this.template) {
      const themeChanged = doc.theme !== this.theme?.name;
      return { ...this.full(doc, themeChanged), hidden: [], full: true };
    }
    const a = this.a;
    const subtrees = new Set<NodeRec>(); // re-layout whole visible subtree
    const remeasure = new Set<NodeRec>();
    const repack = new Set<NodeRec>(); // parents whose children arrangement changed
    const offsetMoved = new Set<NodeRec>();
    const hidden: NodeRec[] = [];
    for (const c of changes) {
      if (c.op === 'add' || c.op === 'remove') {
        const p = doc.byId.get(c.parent);
        if (p) repack.add(p);
        const n = c.op === 'add' ? doc.byId.get(c.node.data.id as string) : undefined;
        if (n) {
          subtrees.add(n);
          // Slots are reused: clear a stale visible flag left by a removed node.
          if (!this.isShown(n)) {
            const st = [n];
            while (st.length) {
              const x = st.pop()!;
              this.visible[x.slot] = 0;
              st.push(...x.children);
            }
          }
        }
      } else if (c.op === 'move') {
        const n = doc.byId.get(c.id);
        for (const pid of [c.from, c.to]) {
          const p = doc.byId.get(pid);
          if (p) repack.add(p);
        }
        if (n) {
          subtrees.add(n);
          // Moved under a collapsed ancestor: its views must go.
          if (this.visible[n.slot] && !this.isShown(n)) {
            this.visible[n.slot] = 0;
            hidden.push(n);
            this.hideBelow(n, hidden);
          }
        }
      } else if (c.op === 'set') {
        const n = doc.byId.get(c.id);
        if (!n) continue;
        if (c.key === 'expandState') {
          if (isOpen(n)) subtrees.add(n);
          else {
            this.hideBelow(n, hidden);
            repack.add(n);
          }
        } else if (c.key === 'layout') subtrees.add(n);
        else if (c.key.startsWith('layout_')) offsetMoved.add(n);
        else remeasure.add(n);
      } else if (c.op === 'item' && c.coll === 'summaries') {
        // A summary added, edited or removed: its parent re-packs (and so its ancestor chain).
        this.indexSummaries(doc);
        for (const it of [c.before, c.after]) {
          const p = it ? doc.byId.get((it as Summary).parent) : undefined;
          if (p) repack.add(p);
        }
      }
    }
    // Sibling-index dependent kinds (mind sides, fish-bone rows): re-derive the children's kinds
    // of every re-packed parent; a child whose kind flipped gets its whole subtree redone.
    for (const p of repack) {
      if (!doc.byId.has(p.id) || !this.visible[p.slot] || !isOpen(p)) continue;
      const ch = p.children;
      for (let j = 0; j < ch.length; j++) {
        const k = kindFor(this.template, ch[j].data.layout, a.kind[p.slot], a.depth[p.slot] + 1, j, ch.length);
        if (k !== a.kind[ch[j].slot] && !subtrees.has(ch[j])) subtrees.add(ch[j]);
      }
    }
    const chain = new Set<NodeRec>();
    const relaid = new Set<NodeRec>();
    const touch = (n: NodeRec | null): void => {
      for (; n && !chain.has(n); n = n.parent) chain.add(n);
    };
    for (const n of subtrees) {
      if (!doc.byId.has(n.id) || !this.isShown(n)) continue;
      const p = n.parent;
      if (p) {
        const idx = p.children.indexOf(n);
        this.prepare(n, a.kind[p.slot], a.depth[p.slot] + 1, idx, p.children.length, true);
      } else this.prepare(n, 0, 0, 0, 1, true);
      this.layoutSubtree(n, true);
      a.moved[n.slot] = 1;
      relaid.add(n);
      touch(n.parent);
    }
    for (const n of remeasure) {
      if (!doc.byId.has(n.id) || !this.isShown(n) || subtrees.has(n)) continue;
      this.prepare(n, n.parent ? a.kind[n.parent.slot] : 0, a.depth[n.slot], n.parent ? n.parent.children.indexOf(n) : 0, n.parent?.children.length ?? 1, true);
      a.moved[n.slot] = 1;
      touch(n);
    }
    for (const n of repack) if (doc.byId.has(n.id) && this.isShown(n)) touch(n);
    for (const n of offsetMoved)
      if (doc.byId.has(n.id) && this.isShown(n)) {
        a.moved[n.slot] = 1;
        touch(n.parent);
      }
    // Deepest first, so every parent packs with its children's fresh subtree boxes.
    const list = [...chain].sort((x, y) => a.depth[y.slot] - a.depth[x.slot]);
    for (const n of list) this.pack(n);
    return { ...this.absolute(doc, false, chain, relaid), hidden, full: false };
  }

  /** True when no ancestor is collapsed (O(depth)). */
  isShown(n: NodeRec): boolean {
    for (let p = n.parent; p; p = p.parent) if (!isOpen(p)) return false;
    return true;
  }

  private hideBelow(n: NodeRec, out: NodeRec[]): void {
    const stack = [...n.children];
    while (stack.length) {
      const c = stack.pop()!;
      if (!this.visible[c.slot]) continue;
      this.visible[c.slot] = 0;
      out.push(c);
      for (const g of c.children) stack.push(g);
    }
  }

  private absolute(doc: MindDoc, all: boolean, chain?: Set<NodeRec>, relaid?: Set<NodeRec>): AbsResult {
    return absolutePass(this, doc.root, all, chain, relaid);
  }

  flush(doc: MindDoc): void {
    flushShifts(this, doc.root);
  }

  boxOf(n: NodeRec): [number, number, number, number] {
    return exactBox(this, n);
  }

  /** Every drawn summary with absolute boxes (few: a walk over the placed ones, none without summaries). */
  summaryPlaces(doc: MindDoc): SummaryPlace[] {
    const out: SummaryPlace[] = [];
    for (const [pid, list] of this.placed) {
      const n = doc.byId.get(pid);
      if (!n || !this.visible[n.slot] || !isOpen(n) || !this.isShown(n)) continue;
      const [x, y] = exactBox(this, n);
      const at = (r: number[]): [number, number, number, number] => [x + r[0], y + r[1], r[2], r[3]];
      for (const p of list) out.push({ id: p.id, side: p.side, brace: at(p.brace), topic: at(p.topic) });
    }
    return out;
  }

  visibleNodes(doc: MindDoc): NodeRec[] {
    const out: NodeRec[] = [];
    const stack = [doc.root];
    while (stack.length) {
      const n = stack.pop()!;
      out.push(n);
      if (isOpen(n)) for (const c of n.children) stack.push(c);
    }
    return out;
  }
}
