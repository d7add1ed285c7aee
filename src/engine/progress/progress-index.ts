import type { Change } from '../model/change';
import type { MindDoc, NodeRec } from '../model/doc';
import type { KmNode } from '../model/types';
import { isLearnt, type Progress } from './rollup';

/**
 * Roll-up counts that changed, for the canvas, tree and outline (a channel of its own beside the
 * render patch). `full`: forget every earlier count first; then `ids` lists every node with study
 * nodes below it. Otherwise `ids` are the nodes whose counts changed (0/0 = no ring any more).
 * counts[2i] learnt, counts[2i+1] total.
 */
export interface ProgressPatch {
  full: boolean;
  ids: string[];
  counts: Int32Array;
}

/**
 * Per-node learnt/total over the study nodes of its subtree (rollup.ts is the rule), kept in flat
 * arrays by node slot. A full count runs only when a document is loaded or the study set changes;
 * an edit recomputes just the nodes it touched and their ancestor chains, each from its own flag
 * and its children's counts — so one isStudy toggle costs the chain, not the map.
 */
export class ProgressIndex {
  private study: ReadonlySet<string> = new Set();
  private learnt = new Int32Array(0);
  private total = new Int32Array(0);
  private pending: { full: boolean; nodes: Set<NodeRec> } = { full: true, nodes: new Set() };

  get studyCount(): number {
    return this.study.size;
  }

  setStudy(ids: Iterable<string>, doc: MindDoc): void {
    this.study = new Set(ids);
    this.rebuild(doc);
  }

  isStudyNode(id: string): boolean {
    return this.study.has(id);
  }

  of(n: NodeRec): Progress {
    return n.slot < this.total.length ? { learnt: this.learnt[n.slot], total: this.total[n.slot] } : { learnt: 0, total: 0 };
  }

  /** Full count (load, import, new study set): each node adds its totals into its parent, children first. */
  rebuild(doc: MindDoc): void {
    this.ensure(doc.slotCapacity);
    this.pending = { full: true, nodes: new Set() };
    const { learnt, total } = this;
    learnt.fill(0);
    total.fill(0);
    if (!this.study.size) return;
    for (const id of this.study) {
      const n = doc.byId.get(id);
      if (!n) continue;
      total[n.slot] = 1;
      if (isLearnt(n.data)) learnt[n.slot] = 1;
    }
    const order: NodeRec[] = [];
    const stack = [doc.root];
    while (stack.length) {
      const n = stack.pop()!;
      order.push(n);
      for (const c of n.children) stack.push(c);
    }
    for (let i = order.length - 1; i > 0; i--) {
      const s = order[i].slot;
      const p = order[i].parent!.slot;
      learnt[p] += learnt[s];
      total[p] += total[s];
    }
  }

  /** After an edit, undo or redo: recounts the touched nodes and their ancestors only. */
  apply(doc: MindDoc, changes: readonly Change[]): void {
    this.ensure(doc.slotCapacity);
    const marks: string[] = [];
    const added: string[] = [];
    for (const c of changes) {
      if (c.op === 'add') {
        marks.push(c.parent);
        // Added nodes own fresh (maybe reused) slots: every one is counted anew and reported.
        collectIds(c.node, added);
      } else if (c.op === 'remove') marks.push(c.parent);
      else if (c.op === 'move') marks.push(c.from, c.to);
      else if (c.op === 'set' && c.key === 'isStudy') marks.push(c.id);
    }
    marks.push(...added);
    if (!marks.length) return;
    // Every mark still in the document, with its whole ancestor chain; a chain stops where it
    // meets one already taken. depth orders the recount children-first.
    const depth = new Map<NodeRec, number>();
    const chain: NodeRec[] = [];
    for (const id of marks) {
      const n = doc.byId.get(id);
      if (!n || depth.has(n)) continue;
      chain.length = 0;
      let top: NodeRec | null = n;
      while (top && !depth.has(top)) {
        chain.push(top);
        top = top.parent;
      }
      let d = top ? depth.get(top)! : -1;
      for (let i = chain.length - 1; i >= 0; i--) depth.set(chain[i], ++d);
    }
    const nodes = [...depth.keys()].sort((a, b) => depth.get(b)! - depth.get(a)!);
    for (const n of nodes) if (this.recount(n)) this.pending.nodes.add(n);
    for (const id of added) {
      const n = doc.byId.get(id);
      if (n) this.pending.nodes.add(n);
    }
  }

  /** What changed since the last call (the first call after a load is full). */
  take(doc: MindDoc): ProgressPatch {
    const { full, nodes } = this.pending;
    this.pending = { full: false, nodes: new Set() };
    const list: NodeRec[] = [];
    if (full) {
      if (this.study.size) for (const n of doc.byId.values()) if (this.total[n.slot] > 0) list.push(n);
    } else for (const n of nodes) if (doc.byId.get(n.id) === n) list.push(n);
    const counts = new Int32Array(list.length * 2);
    list.forEach((n, i) => {
      counts[i * 2] = this.learnt[n.slot];
      counts[i * 2 + 1] = this.total[n.slot];
    });
    return { full, ids: list.map((n) => n.id), counts };
  }

  /** Own flag + children's counts; true when the node's counts changed. */
  private recount(n: NodeRec): boolean {
    const own = this.study.has(n.id);
    let l = own && isLearnt(n.data) ? 1 : 0;
    let t = own ? 1 : 0;
    for (const c of n.children) {
      l += this.learnt[c.slot];
      t += this.total[c.slot];
    }
    const s = n.slot;
    if (this.learnt[s] === l && this.total[s] === t) return false;
    this.learnt[s] = l;
    this.total[s] = t;
    return true;
  }

  private ensure(cap: number): void {
    if (cap <= this.total.length) return;
    const size = Math.max(cap, this.total.length * 2, 64);
    const l = new Int32Array(size);
    const t = new Int32Array(size);
    l.set(this.learnt);
    t.set(this.total);
    this.learnt = l;
    this.total = t;
  }
}

function collectIds(node: KmNode, out: string[]): void {
  const stack = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (typeof n.data.id === 'string') out.push(n.data.id);
    if (n.children) for (const c of n.children) stack.push(c);
  }
}
