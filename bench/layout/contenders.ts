import ELK from 'elkjs/lib/elk.bundled.js';
import { flextree } from 'd3-flextree';
import { MindDoc, type KmNode, LayoutEngine, createTableMeasurer } from '../../src/mindmap/core';
import type { LayoutModule, LayoutTree, Position, Positions, Size, Sizes } from './contract';

// What the layout benchmark measures. The engine is driven through its own state (a MindDoc and
// its flat-array LayoutEngine, template "right"); everything else — d3-flextree, elkjs and any
// plug-in — is a LayoutModule (contract.ts) and goes through the same wrapper.

/** One tree prepared for measuring: sizes from the engine's text measurement, one insert to replay. */
export interface Prepared {
  tree: LayoutTree;
  sizes: Sizes;
  /** The node appended in the "insert" step: under the middle node of a preorder walk. */
  insert: { parentId: string; child: LayoutTree; size: Size };
  km: KmNode;
}

export interface Session {
  /** One full layout (timed). */
  layout(): unknown;
  /** The positions of the last layout (not timed). */
  positions(): Positions;
  /** Puts the prepared node into the tree (not timed), relays out (timed), takes it out again (not timed). */
  beforeInsert(): void;
  insert(): unknown;
  afterInsert(): unknown;
  /** A full layout from fresh state, for the heap figure (default: layout()). */
  fresh?(): unknown;
}

export interface Contender {
  name: string;
  /** True when the insert step is an incremental relayout; false: a full layout after the insert. */
  incremental: boolean;
  /** Larger trees are not run (stated in the tables). */
  maxNodes?: number;
  note?: string;
  open(p: Prepared): Session;
}

const toKm = (t: LayoutTree): KmNode => {
  const root: KmNode = { data: { id: t.id, text: t.text }, children: [] };
  const stack: Array<[LayoutTree, KmNode]> = [[t, root]];
  while (stack.length) {
    const [n, k] = stack.pop()!;
    for (const c of n.children) {
      const kc: KmNode = { data: { id: c.id, text: c.text }, children: [] };
      k.children!.push(kc);
      stack.push([c, kc]);
    }
  }
  return root;
};
const engineDoc = (km: KmNode) => new MindDoc({ root: km, template: 'right', theme: 'fresh-blue', version: '1.4.43' });

function preorderMiddle(tree: LayoutTree): LayoutTree {
  const order: LayoutTree[] = [];
  const stack = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    order.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return order[Math.floor(order.length / 2)];
}

/** Sizes as the engine measures them (theme fresh-blue, its glyph-width table), the same for every layout. */
export function prepare(tree: LayoutTree): Prepared {
  const km = toKm(tree);
  const doc = engineDoc(km);
  const le = new LayoutEngine(createTableMeasurer());
  le.full(doc, true);
  const sizes: Sizes = new Map();
  for (const [id, rec] of doc.byId) sizes.set(id, { w: le.a.w[rec.slot], h: le.a.h[rec.slot] });
  const parent = preorderMiddle(tree);
  const child: LayoutTree = { id: 'inserted', text: '新节点', children: [] };
  doc.recorder = [];
  doc.insert(parent.id, parent.children.length, { data: { id: child.id, text: child.text }, children: [] });
  le.update(doc, doc.recorder);
  const [, , w, h] = le.boxOf(doc.get(child.id));
  return { tree, sizes, insert: { parentId: parent.id, child, size: { w, h } }, km };
}

export const engine: Contender = {
  name: 'xuetu engine',
  incremental: true,
  note: 'template "right"; full = LayoutEngine.full with sizes cached; insert = LayoutEngine.update (changed subtree + ancestor chain)',
  open(p) {
    const doc = engineDoc(p.km);
    const measurer = createTableMeasurer();
    const le = new LayoutEngine(measurer);
    le.full(doc, true);
    let changes = doc.recorder;
    return {
      layout: () => le.full(doc, false),
      positions() {
        le.flush(doc);
        const out = new Map<string, Position>();
        for (const [id, rec] of doc.byId) out.set(id, { x: le.a.absX[rec.slot], y: le.a.absY[rec.slot] });
        return out;
      },
      beforeInsert() {
        doc.recorder = [];
        const c = p.insert.child;
        doc.insert(p.insert.parentId, doc.get(p.insert.parentId).children.length, { data: { id: c.id, text: c.text }, children: [] });
        changes = doc.recorder;
        doc.recorder = null;
      },
      insert: () => le.update(doc, changes!),
      afterInsert() {
        doc.recorder = [];
        doc.remove(p.insert.child.id);
        le.update(doc, doc.recorder);
        doc.recorder = null;
      },
      // A new LayoutEngine: its flat arrays are part of what a layout allocates.
      fresh: () => new LayoutEngine(measurer).full(doc, true),
    };
  },
};

const find = (t: LayoutTree, id: string): LayoutTree | undefined => {
  const stack = [t];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.id === id) return n;
    stack.push(...n.children);
  }
  return undefined;
};

/** Any LayoutModule (a plug-in, d3-flextree, elkjs) as a contender. */
export function moduleContender(name: string, mod: LayoutModule, opts: { maxNodes?: number; note?: string } = {}): Contender {
  return {
    name,
    incremental: !!mod.relayoutAfterInsert,
    ...opts,
    open(p) {
      let last: Positions = new Map();
      const keep = (x: Positions | Promise<Positions>) => (x instanceof Promise ? x.then((v) => (last = v)) : (last = x));
      const parent = find(p.tree, p.insert.parentId)!;
      const ins = { parentId: p.insert.parentId, id: p.insert.child.id };
      return {
        layout: () => keep(mod.layout(p.tree, p.sizes)),
        positions: () => last,
        beforeInsert() {
          parent.children.push(p.insert.child);
          p.sizes.set(ins.id, p.insert.size);
        },
        insert: () => keep(mod.relayoutAfterInsert ? mod.relayoutAfterInsert(p.tree, p.sizes, ins) : mod.layout(p.tree, p.sizes)),
        afterInsert() {
          parent.children.pop();
          p.sizes.delete(ins.id);
        },
      };
    },
  };
}

/** Gaps the reference layouts leave between boxes (the engine's come from its theme margins). */
const GAP_X = 40;
const GAP_Y = 10;

/** d3-flextree (van der Ploeg's linear non-layered tidy tree), turned to grow to the right. */
export const flextreeModule: LayoutModule = {
  layout(tree, sizes) {
    const s = (t: LayoutTree) => sizes.get(t.id)!;
    const lay = flextree<LayoutTree>({ nodeSize: (n) => [s(n.data).h + GAP_Y, s(n.data).w + GAP_X], spacing: 0 });
    const root = lay(lay.hierarchy(tree, (d) => d.children));
    const out = new Map<string, Position>();
    // flextree grows downwards with x at the box's centre: swap the axes.
    root.each((n) => out.set(n.data.id, { x: n.y, y: n.x - s(n.data).h / 2 }));
    return out;
  },
};

/** elkjs mrtree, direction RIGHT; the ELK graph is built inside the timed call (it is part of using ELK). */
export const elkModule: LayoutModule = {
  async layout(tree, sizes) {
    const children: Array<{ id: string; width: number; height: number }> = [];
    const edges: Array<{ id: string; sources: string[]; targets: string[] }> = [];
    const stack = [tree];
    while (stack.length) {
      const n = stack.pop()!;
      const s = sizes.get(n.id)!;
      children.push({ id: n.id, width: s.w, height: s.h });
      for (const c of n.children) {
        edges.push({ id: `e${edges.length}`, sources: [n.id], targets: [c.id] });
        stack.push(c);
      }
    }
    const g = await new ELK().layout({
      id: 'g',
      layoutOptions: { 'elk.algorithm': 'mrtree', 'elk.direction': 'RIGHT', 'elk.spacing.nodeNode': String(GAP_Y) },
      children,
      edges,
    });
    return new Map((g.children ?? []).map((c) => [c.id, { x: c.x ?? NaN, y: c.y ?? NaN }]));
  },
};

export function builtins(elkMax: number): Contender[] {
  return [
    engine,
    moduleContender('d3-flextree', flextreeModule, { note: `d3-flextree ${'2.1.2'}, axes swapped to grow right; no incremental mode` }),
    moduleContender('elkjs mrtree', elkModule, {
      maxNodes: elkMax,
      note: `elkjs 0.12.1 mrtree, not run above ${elkMax} nodes (BENCH_LAYOUT_ELK_MAX: seconds per 1,000 nodes here, and it overflows the stack near 19k nodes, kieler/elkjs#381); no incremental mode`,
    }),
  ];
}
