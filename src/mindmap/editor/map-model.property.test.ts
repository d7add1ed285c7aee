import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MindEditor } from '../engine/editor';
import { mulberry32, randomOp } from '../engine/testing/random-ops';
import { extrasOf, nodeAt, NODE_STRIDE, NodeInt, type RenderPatch } from '../engine/render/render-patch';
import type { NodeInfo } from './map-model';
import { SlotDocument } from './slot-document';

// The tree model reads the document view's one slot-indexed store (no copy of its own): after any
// run of edits, undos and redos taken as patches, what it reads — rows, each node's fields and
// children in order, the boxes the painter draws — is what a fresh full patch of the same map says.

/** The visible tree a full patch describes, read straight from it: nodes by id, rows in preorder. */
function expected(p: RenderPatch): { nodes: Map<string, NodeInfo>; rows: string[]; boxes: Map<string, number[]> } {
  const extras = extrasOf(p);
  const nodes = new Map<string, NodeInfo>();
  const boxes = new Map<string, number[]>();
  const kids: Array<[string, string, number]> = [];
  let root = '';
  for (let i = 0; i < p.ids.length; i++) {
    const n = nodeAt(p, i, extras);
    if (!n) continue;
    const { index: _i, progress: _p, imageSize: _s, ...rest } = n;
    nodes.set(n.id, { ...rest, children: [] });
    boxes.set(n.id, [...p.boxes.slice(4 * i, 4 * i + 4)]);
    if (n.parentId) kids.push([n.parentId, n.id, p.ints[i * NODE_STRIDE + NodeInt.index]]);
    else root = n.id;
  }
  kids.sort((a, b) => a[2] - b[2]);
  for (const [pid, id] of kids) nodes.get(pid)!.children.push(id);
  const rows: string[] = [];
  const walk = (id: string) => {
    rows.push(id);
    nodes.get(id)!.children.forEach(walk);
  };
  if (root) walk(root);
  return { nodes, rows, boxes };
}

const START =
  '{"root":{"data":{"id":"r","text":"中心"},"children":[{"data":{"id":"a","text":"A","hyperlink":"https://x.cn/a"},"children":[{"data":{"id":"a1","text":""},"children":[]},{"data":{"id":"a2","text":"A2","resource":["定义"]},"children":[]}]},{"data":{"id":"b","text":"B","isNow":1},"children":[]}]},"template":"default","theme":"fresh-blue","version":"1.4.43"}';

describe('the tree model over the slot store (property)', () => {
  it('after random edits, undos and redos as patches: rows, fields, children in order and boxes are those of a fresh full patch', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 60 }), (seed, steps) => {
        const ed = new MindEditor();
        const live = new SlotDocument();
        live.take(ed.load(START));
        const rnd = mulberry32(seed);
        for (let i = 0; i < steps; i++) {
          const roll = rnd();
          const p = roll < 0.12 ? ed.undo() : roll < 0.2 ? ed.redo() : null;
          if (p) live.take(p);
          else if (roll >= 0.2) randomOp(ed, rnd, (q) => live.take(q));
        }
        const want = expected(ed.relayoutAll());
        const rows = live.model.rows();
        expect(rows.ids).toEqual(want.rows);
        expect(rows.posInSet).toEqual(want.rows.map((id) => (want.nodes.get(want.nodes.get(id)!.parentId ?? '')?.children.indexOf(id) ?? 0) + 1));
        expect(live.model.size).toBe(want.nodes.size);
        for (const [id, n] of want.nodes) {
          expect(live.model.get(id)).toEqual(n);
          const b = live.store.boxOf(id)!;
          const [x, y, w, h] = want.boxes.get(id)!;
          expect([b.x, b.y, b.w, b.h].map((v, k) => Math.abs(v - [x, y, w, h][k]) < 1e-6)).toEqual([true, true, true, true]);
        }
      }),
      { numRuns: 150 },
    );
  });
});
