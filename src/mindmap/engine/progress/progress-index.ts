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
 *
 * Opening a study map must cost little more than opening it (bench: "open 50k .km + progress
 * roll-up"), so the full count is lazy and lean: a load only marks the counts stale and the study
 * set only stores the ids, and the first read (take, of, an edit) counts once — a load followed by
 * setStudy counts once, not twice, and a map without a study set never walks its nodes. Study-ness
 * is a flag per slot, not a string set: the set of ids is built only when an edit adds nodes (an
 * id may come back by undo) or when asked for it.
 */
export class ProgressIndex {
  /** The study ids as given, and as a set once an edit or a caller needs one. */
  private ids: readonly string[] = [];
  private idSet: Set<string> | null = null;
  /** Per slot: 1 for a study node. Valid for live slots; a reused slot is set when its node is added. */
  private own = new Uint8Array(0);
  private learnt = new Int32Array(0);
  private total = new Int32Array(0);
  /** The document to count, and the one the arrays describe (differs: a full count is due). */
  private doc: MindDoc | null = null;
  private built: MindDoc | null = null;
  /** The nodes with study nodes below them as the last full count found them (a full patch's list). */
  private counted: NodeRec[] = [];
  /** Preorder scratch of the full count, kept between counts so it is not allocated each time. */
  private order: NodeRec[] = [];
  private pending: { full: boolean; nodes: Set<NodeRec> } = { full: true, nodes: new Set() };

  get studyCount(): number {
    return this.ids.length;
  }

  private get study(): ReadonlySet<string> {
    return (this.idSet ??= new Set(this.ids));
  }

  /** A new study set: counted in full on the next read. */
  setStudy(ids: readonly string[], doc: MindDoc): void {
    this.ids = ids.slice(); // the caller's array may change later
    this.idSet = null;
    this.invalidate(doc);
  }

  /** A new document (load, import, undo of an import): counted in full on the next read. */
  invalidate(doc: MindDoc): void {
    this.doc = doc;
    this.built = null;
  }

  isStudyNode(id: string): boolean {
    return this.study.has(id);
  }

  of(n: NodeRec): Progress {
    this.fresh();
    return n.slot < this.total.length ? { learnt: this.learnt[n.slot], total: this.total[n.slot] } : { learnt: 0, total: 0 };
  }

  private fresh(doc: MindDoc | null = this.doc): void {
    if (doc && this.built !== doc) this.rebuild(doc);
  }

  /** Full count: own flags from the study ids, then each node adds its totals into its parent, children first. */
  rebuild(doc: MindDoc): void {
    this.doc = this.built = doc;
    this.ensure(doc.slotCapacity);
    this.pending = { full: true, nodes: new Set() };
    const { learnt, total, own } = this;
    learnt.fill(0);
    total.fill(0);
    own.fill(0);
    this.counted = [];
    if (!this.ids.length) return;
    for (const id of this.ids) {
      const n = doc.byId.get(id);
      if (!n) continue;
      own[n.slot] = 1;
      total[n.slot] = 1;
      if (isLearnt(n.data)) learnt[n.slot] = 1;
    }
    const order = this.order;
    order.push(doc.root);
    for (let i = 0; i < order.length; i++) for (const c of order[i].children) order.push(c);
    for (let i = order.length - 1; i > 0; i--) {
      const n = order[i];
      const s = n.slot;
      if (total[s] === 0) continue;
      const p = n.parent!.slot;
      learnt[p] += learnt[s];
      total[p] += total[s];
    }
    for (const n of order) if (total[n.slot] > 0) this.counted.push(n);
    order.length = 0; // no hold on the nodes between counts
  }

  /** After an edit, undo or redo: recounts the touched nodes and their ancestors only. */
  apply(doc: MindDoc, changes: readonly Change[]): void {
    // Not counted yet (or another document): the full count due will see these changes.
    if (this.built !== doc) return void (this.doc = doc);
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
    if (added.length) {
      const study = this.study;
      for (const id of added) {
        const n = doc.byId.get(id);
        if (n) this.own[n.slot] = study.has(id) ? 1 : 0;
      }
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

  /** What changed since the last call (the first call after a load or a new study set is full). */
  take(doc: MindDoc): ProgressPatch {
    this.fresh(doc);
    const { full, nodes } = this.pending;
    this.pending = { full: false, nodes: new Set() };
    let list: NodeRec[] = [];
    if (full) {
      // Edits since the full count: look again; else its list is the answer.
      if (nodes.size) for (const n of doc.byId.values()) if (this.total[n.slot] > 0) list.push(n);
      if (!nodes.size) list = this.counted;
    } else for (const n of nodes) if (doc.byId.get(n.id) === n) list.push(n);
    const counts = new Int32Array(list.length * 2);
    const ids = new Array<string>(list.length);
    for (let i = 0; i < list.length; i++) {
      const s = list[i].slot;
      ids[i] = list[i].id;
      counts[i * 2] = this.learnt[s];
      counts[i * 2 + 1] = this.total[s];
    }
    return { full, ids, counts };
  }

  /** Own flag + children's counts; true when the node's counts changed. */
  private recount(n: NodeRec): boolean {
    const own = this.own[n.slot] === 1;
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
    const o = new Uint8Array(size);
    l.set(this.learnt);
    t.set(this.total);
    o.set(this.own);
    this.learnt = l;
    this.total = t;
    this.own = o;
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
