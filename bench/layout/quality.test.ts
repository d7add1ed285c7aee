import { describe, expect, it } from 'vitest';
import type { LayoutTree, Position, Sizes } from './contract';
import { generate } from './corpus';
import { layout as naiveTidy } from './examples/naive-tidy';
import { checkLayout, countOverlaps } from './quality';

// The quality checks must pass a correct layout and catch each kind of broken one.

const leaf = (id: string): LayoutTree => ({ id, text: id, children: [] });
// r → a → (a1, a2, a3), r → b
const tree: LayoutTree = { id: 'r', text: 'r', children: [{ id: 'a', text: 'a', children: [leaf('a1'), leaf('a2'), leaf('a3')] }, leaf('b')] };
const sizes: Sizes = new Map(['r', 'a', 'a1', 'a2', 'a3', 'b'].map((id) => [id, { w: 50, h: 20 }]));
const good = () => naiveTidy(tree, sizes);
/** Every topic of `t` 40 × 20 px. */
function uniformSizes(t: LayoutTree): Sizes {
  const out: Sizes = new Map();
  for (const stack = [t]; stack.length;) {
    const n = stack.pop()!;
    out.set(n.id, { w: 40, h: 20 });
    stack.push(...n.children);
  }
  return out;
}

describe('layout quality checks', () => {
  it('pass a correct layout, on a hand-made tree and a generated one', () => {
    expect(checkLayout(tree, sizes, good())).toMatchObject({ missing: 0, overlaps: 0, sideErrors: 0, orderErrors: 0 });
    const big = generate('skewed', 2000);
    const s: Sizes = new Map();
    const stack = [big];
    for (let i = 0; stack.length; i++) {
      const n = stack.pop()!;
      s.set(n.id, { w: 30 + (i % 70), h: 18 + (i % 3) * 10 });
      stack.push(...n.children);
    }
    expect(checkLayout(big, s, naiveTidy(big, s))).toMatchObject({ missing: 0, overlaps: 0, sideErrors: 0, orderErrors: 0 });
  });

  it('pass a correct top-down layout whose first level is wider than the root (children below and beside it)', () => {
    // Layered, top-down: each level 60 px below its parent's, the leaves of a subtree side by
    // side and a parent centred over its children, as a classic tidy tree draws it.
    const topDown = (t: LayoutTree, s: Sizes) => {
      const p = new Map<string, Position>();
      let x = 0;
      const place = (n: LayoutTree, depth: number): number => {
        const w = s.get(n.id)!.w;
        let cx: number;
        if (!n.children.length) {
          cx = x + w / 2;
          x += w + 10;
        } else {
          const centres = n.children.map((c) => place(c, depth + 1));
          cx = (centres[0] + centres[centres.length - 1]) / 2;
        }
        p.set(n.id, { x: cx - w / 2, y: depth * 60 });
        return cx;
      };
      place(t, 0);
      return p;
    };
    expect(checkLayout(tree, sizes, topDown(tree, sizes))).toMatchObject({ missing: 0, overlaps: 0, sideErrors: 0, orderErrors: 0 });
    const big = generate('balanced', 1000);
    const s = uniformSizes(big);
    expect(checkLayout(big, s, topDown(big, s))).toMatchObject({ missing: 0, overlaps: 0, sideErrors: 0, orderErrors: 0 });
    // the root's childless children in one row below and right of it: siblings left to right, not a column of equal heights
    const hubs = generate('skewed', 1000);
    const h = uniformSizes(hubs);
    expect(hubs.children.filter((c) => !c.children.length).length).toBeGreaterThan(1);
    expect(checkLayout(hubs, h, topDown(hubs, h))).toMatchObject({ missing: 0, overlaps: 0, sideErrors: 0, orderErrors: 0 });
  });

  it('count a box moved onto its sibling as an overlap', () => {
    const p = good();
    p.set('a2', { x: p.get('a1')!.x + 10, y: p.get('a1')!.y + 5 });
    expect(checkLayout(tree, sizes, p).overlaps).toBe(1);
  });

  it('count siblings drawn in the wrong order, with no overlap', () => {
    const p = good();
    const [y1, y3] = [p.get('a1')!.y, p.get('a3')!.y];
    p.set('a1', { ...p.get('a1')!, y: y3 });
    p.set('a3', { ...p.get('a3')!, y: y1 });
    const q = checkLayout(tree, sizes, p);
    expect(q.overlaps).toBe(0);
    expect(q.orderErrors).toBeGreaterThan(0);
  });

  it('count a child on the wrong side of its branch, and a child on no side of its parent', () => {
    const p = good();
    const a = p.get('a')!;
    // a grows to the right of the root; its child a3 put on the left of a (clear of every other box)
    p.set('a3', { x: a.x - 60, y: a.y + 200 });
    expect(checkLayout(tree, sizes, p).sideErrors).toBe(1);
    const q = good();
    // b half over the root's right edge and overlapping it vertically: on no side
    const r = q.get('r')!;
    q.set('b', { x: r.x + 25, y: r.y + 10 });
    const c = checkLayout(tree, sizes, q);
    expect(c.sideErrors).toBe(1);
    expect(c.overlaps).toBe(1);
  });

  it('count a node the layout gave no position or a NaN', () => {
    const p: Map<string, Position> = good();
    p.delete('b');
    p.set('a2', { x: NaN, y: 0 });
    expect(checkLayout(tree, sizes, p).missing).toBe(2);
    // a plain object keyed by id is accepted too
    expect(checkLayout(tree, sizes, Object.fromEntries(good())).missing).toBe(0);
  });

  it('measure the bounding box, fill and aspect ratio', () => {
    const two: LayoutTree = { id: 'r', text: 'r', children: [leaf('c')] };
    const s: Sizes = new Map([
      ['r', { w: 100, h: 40 }],
      ['c', { w: 100, h: 40 }],
    ]);
    const q = checkLayout(
      two,
      s,
      new Map([
        ['r', { x: 0, y: 0 }],
        ['c', { x: 300, y: 60 }],
      ]),
    );
    expect(q).toMatchObject({ width: 400, height: 100, fill: 0.2, aspect: 4, overlaps: 0, sideErrors: 0 });
  });

  it('count a pair of large boxes sharing many grid cells once, and boxes that only touch not at all', () => {
    const small = Array.from({ length: 50 }, (_, i) => ({ x: i * 20, y: 0, w: 20, h: 10 }));
    expect(countOverlaps(small)).toBe(0);
    expect(countOverlaps([...small, { x: 0, y: 100, w: 500, h: 300 }, { x: 100, y: 150, w: 500, h: 300 }])).toBe(1);
    // everything at one spot: every pair
    expect(countOverlaps(Array.from({ length: 10 }, () => ({ x: 0, y: 0, w: 10, h: 10 })))).toBe(45);
  });
});
