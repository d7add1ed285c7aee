// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NODE_STRIDE, NodeInt } from '../engine/render/render-patch';
import { SceneStore } from './scene-store';
import type { SceneNode } from './scene-types';
import { topicAt } from './test-scene';

const conn = { kind: 'bezier' as const, color: 0x73a1bf, width: 1 };
const mk = (i: number, x: number, y: number): SceneNode => ({ ...topicAt(i, x, y), connector: i ? conn : undefined });

function brute(s: SceneStore, r: { x: number; y: number; w: number; h: number }): string[] {
  const out: string[] = [];
  for (const [id, slot] of s.slotOf) {
    const b = s.box(slot);
    if (b.x <= r.x + r.w && b.x + b.w >= r.x && b.y <= r.y + r.h && b.y + b.h >= r.y) out.push(id);
  }
  return out.sort();
}

describe('SceneStore', () => {
  const view = { x: 0, y: 0, w: 500, h: 400 };

  it('answers culling queries exactly after packed moves, before the idle re-index', () => {
    const s = new SceneStore();
    s.replace({ nodes: [...Array(200).keys()].map((i) => mk(i, 100 + (i % 5) * 100, i * 30 - 3000)) });
    const ids = (slots: number[]) => slots.map((k) => s.records[k]!.id).sort();
    expect(ids(s.queryNodes(view, []))).toEqual(brute(s, view));
    s.hitTest(-1e9, -1e9); // builds the grid: what follows runs on the stale grid + slack
    // Shift everything down by 45 px, as an insert above does.
    const moved = [...Array(200).keys()].map((i) => `n${i}`);
    const xy = new Float64Array(moved.flatMap((_, i) => [100 + (i % 5) * 100, i * 30 - 3000 + 45]));
    s.apply({ moves: { ids: moved, xy }, nodes: [mk(500, 150, 150)] });
    expect(ids(s.queryNodes(view, []))).toEqual(brute(s, view));
    expect(ids(s.queryNodes(view, []))).toContain('n500');
    // Connector culling returns at least every connector whose child is in view.
    const links = new Set(ids(s.queryLinks(view, [])));
    for (const id of brute(s, view)) if (id !== 'n0') expect(links.has(id)).toBe(true);
  });

  it('marks nodes due for review by id: across a new scene, and never on a recycled slot', () => {
    const s = new SceneStore();
    s.replace({ nodes: [mk(0, 0, 0), mk(1, 100, 0), mk(2, 200, 0)] });
    const v = s.version;
    expect(s.setReviewDue(new Set(['n1']))).toBe(true);
    expect(s.version).toBeGreaterThan(v);
    expect(s.setReviewDue(new Set(['n1']))).toBe(false); // the same set draws nothing new
    const slot = s.slotOf.get('n1')!;
    expect([0, 1, 2].map((i) => s.isReviewDue(s.slotOf.get(`n${i}`)!))).toEqual([false, true, false]);
    // n1 deleted, its slot taken by a new node: that node is not due.
    s.apply({ removeNodes: ['n1'], nodes: [mk(3, 300, 0)] });
    expect(s.slotOf.get('n3')).toBe(slot);
    expect(s.isReviewDue(slot)).toBe(false);
    // A new scene (an undone import brings n1 back) keeps the marks.
    s.replace({ nodes: [mk(0, 0, 0), mk(1, 100, 0)] });
    expect(s.isReviewDue(s.slotOf.get('n1')!)).toBe(true);
  });

  it('rings the topics other members are at, by id, never a recycled slot', () => {
    const s = new SceneStore();
    s.replace({ nodes: [mk(0, 0, 0), mk(1, 100, 0)] });
    const here = new Map([['n1', { colour: 0x1971c2, initial: '王', editing: false }]]);
    expect(s.setPresence(here)).toBe(true);
    expect(s.setPresence(here)).toBe(false);
    const slot = s.slotOf.get('n1')!;
    expect(s.presenceOf(slot)?.initial).toBe('王');
    expect(s.presenceOf(s.slotOf.get('n0')!)).toBeUndefined();
    s.apply({ removeNodes: ['n1'], nodes: [mk(3, 300, 0)] });
    expect(s.slotOf.get('n3')).toBe(slot);
    expect(s.presenceOf(slot)).toBeUndefined();
  });

  it('removes nodes from queries and hit tests, and recycles their slots', () => {
    const s = new SceneStore();
    s.replace({ nodes: [mk(0, 0, 0), mk(1, 100, 0)] });
    expect(s.records[s.hitTest(110, 10)]!.id).toBe('n1');
    s.apply({ removeNodes: ['n1'] });
    expect(s.hitTest(110, 10)).toBe(-1);
    s.apply({ nodes: [mk(2, 300, 0)] });
    expect(s.slotOf.get('n2')).toBe(1);
    expect(s.bounds()).toEqual({ x: 0, y: 0, w: 360, h: 20 });
  });

  it('answers from a scan until the grid is first built, then from the grid, with the same results', () => {
    const s = new SceneStore();
    const nodes = [...Array(300).keys()].map((i) => mk(i, ((i * 37) % 1400) - 200, ((i * 53) % 1100) - 300));
    s.replace({ nodes });
    const ids = (slots: number[]) => slots.map((k) => s.records[k]!.id).sort();
    const views = [view, { x: -300, y: -300, w: 100, h: 100 }, { x: 900, y: 500, w: 400, h: 50 }];
    const before = views.map((v) => [ids(s.queryNodes(v, [])), ids(s.queryLinks(v, []))]);
    for (const [i, v] of views.entries()) expect(before[i][0]).toEqual(brute(s, v));
    // A patch before the first build: removed nodes vanish, moved ones are found where they are.
    s.apply({ removeNodes: ['n7'], moves: { ids: ['n8'], xy: new Float64Array([5000, 5000]) } });
    expect(ids(s.queryNodes({ x: 4990, y: 4990, w: 20, h: 20 }, []))).toEqual(['n8']);
    // n8's connector now spans from the root to (5000, 5000): found in between, off both boxes.
    expect(ids(s.queryLinks({ x: 2500, y: 2500, w: 1, h: 1 }, []))).toEqual(['n8']);
    const after = views.map((v) => [ids(s.queryNodes(v, [])), ids(s.queryLinks(v, []))]);
    for (const [i, v] of views.entries()) expect(after[i][0]).toEqual(brute(s, v));
    s.hitTest(-1e9, -1e9); // builds the grid
    expect(views.map((v) => [ids(s.queryNodes(v, [])), ids(s.queryLinks(v, []))])).toEqual(after);
    // A re-centring move of thousands of px leaves the grid unfit: queries scan, still exact.
    const ids2 = nodes.filter((n) => n.id !== 'n7' && n.id !== 'n8').map((n) => n.id);
    s.apply({ moves: { ids: ids2, xy: new Float64Array(ids2.flatMap((id) => [s.boxOf(id)!.x, s.boxOf(id)!.y + 3000])) } });
    for (const v of [...views, { x: -300, y: 2700, w: 1500, h: 1100 }]) {
      expect(ids(s.queryNodes(v, []))).toEqual(brute(s, v));
      const links = new Set(ids(s.queryLinks(v, [])));
      for (const id of brute(s, v)) if (id !== 'n0') expect(links.has(id), id).toBe(true);
    }
  });

  it('shifts whole subtrees exactly, in preorder runs after a load and through every kind of edit', () => {
    // A reference model (parent links, boxes by id) against the store, over random edits.
    let seed = 7;
    const rnd = (n: number) => {
      // mulberry32: a plain LCG's low bits cycle, and so would the ops
      let t = (seed = (seed + 0x6d2b79f5) | 0);
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const parent = new Map<string, string | undefined>();
    const pos = new Map<string, [number, number]>();
    const node = (id: string, p: string | undefined): SceneNode => ({ ...mk(0, pos.get(id)![0], pos.get(id)![1]), id, parent: p, level: 2 });
    const kidsOf = (id: string) => [...parent].filter(([, p]) => p === id).map(([k]) => k);
    const subtree = (id: string): string[] => [id, ...kidsOf(id).flatMap(subtree)];
    const grow = (id: string, p: string | undefined, depth: number) => {
      parent.set(id, p);
      pos.set(id, [rnd(2000), rnd(2000)]);
      if (depth < 4) for (let k = rnd(5); k > 0; k--) grow(`${id}.${k}`, id, depth + 1);
    };
    grow('r', undefined, 0);
    const s = new SceneStore();
    const preorder = (id: string): string[] => [id, ...kidsOf(id).flatMap(preorder)];
    let fresh = 0;
    for (let step = 0; step < 600; step++) {
      // Reload every few edits: each edit breaks the runs on its path to the root.
      if (step % 6 === 0) s.replace({ nodes: preorder('r').map((id) => node(id, parent.get(id))) });
      const ids = [...parent.keys()];
      const pick = ids[rnd(ids.length)];
      const op = rnd(4);
      if (op === 0) {
        const id = `x${fresh++}`;
        parent.set(id, pick);
        pos.set(id, [rnd(2000), rnd(2000)]);
        s.apply({ nodes: [node(id, pick)] });
      } else if (op === 1 && pick !== 'r') {
        const gone = subtree(pick);
        for (const id of gone) parent.delete(id);
        s.apply({ removeNodes: gone });
      } else if (op === 2 && pick !== 'r') {
        const to = ids[rnd(ids.length)];
        if (subtree(pick).includes(to)) continue;
        parent.set(pick, to);
        s.apply({ nodes: [node(pick, to)] });
      } else {
        const dx = rnd(50) - 25,
          dy = rnd(50) - 25;
        for (const id of subtree(pick)) pos.set(id, [pos.get(id)![0] + dx, pos.get(id)![1] + dy]);
        s.apply({ shifts: { ids: [pick], deltas: new Float64Array([dx, dy]) } });
      }
      for (const [id, [x, y]] of pos) if (parent.has(id)) expect([id, s.boxOf(id)!.x, s.boxOf(id)!.y]).toEqual([id, x, y]);
    }
  });

  it('keeps the per-node field rows by slot: grown with the store, cleared when a node comes without them', () => {
    const s = new SceneStore();
    const n = 3000; // past the initial capacity once more nodes come
    const rows = (count: number, base: number) => {
      const ints = new Int32Array(count * NODE_STRIDE);
      for (let i = 0; i < count; i++) ints[i * NODE_STRIDE + NodeInt.childCount] = base + i;
      return ints;
    };
    s.replace({ nodes: [...Array(n).keys()].map((i) => mk(i, i * 70, 0)), ints: rows(n, 0) });
    s.apply({ nodes: [...Array(n).keys()].map((i) => mk(n + i, i * 70, 100)), ints: rows(n, n) });
    for (const i of [0, 1, n - 1, n, 2 * n - 1]) expect(s.nodeInt(s.slotOf.get(`n${i}`)!, NodeInt.childCount), `n${i}`).toBe(i);
    s.apply({ removeNodes: ['n5'] });
    s.apply({ nodes: [mk(99999, 0, 0)] }); // recycles n5's slot, carries no rows
    expect(s.slotOf.get('n99999')).toBe(5);
    expect(s.nodeInt(5, NodeInt.childCount)).toBe(0);
  });
});
