// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { GridIndex, type Boxes } from './spatial-grid';

function randomBoxes(n: number, seed = 1): Boxes & { x: number[]; y: number[]; w: number[]; h: number[] } {
  let s = seed;
  const rnd = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const b = { count: n, x: [] as number[], y: [] as number[], w: [] as number[], h: [] as number[] };
  for (let i = 0; i < n; i++) {
    b.x.push(rnd() * 5000 - 1000);
    b.y.push(rnd() * 5000 - 2500);
    b.w.push(20 + rnd() * 200);
    b.h.push(20 + rnd() * 40);
  }
  return b;
}

const brute = (b: Boxes, r: { x: number; y: number; w: number; h: number }) =>
  [...Array(b.count).keys()].filter((i) => b.x[i] <= r.x + r.w && b.x[i] + b.w[i] >= r.x && b.y[i] <= r.y + r.h && b.y[i] + b.h[i] >= r.y);

describe('GridIndex', () => {
  it('answers rectangle queries exactly like a linear scan', () => {
    const b = randomBoxes(2000);
    const g = new GridIndex(256);
    g.build(b);
    for (const r of [
      { x: 0, y: 0, w: 800, h: 600 },
      { x: -5000, y: -5000, w: 100, h: 100 },
      { x: 1234, y: -200, w: 3, h: 3 },
      { x: -2000, y: -3000, w: 9000, h: 9000 },
    ]) {
      expect(g.query(r).sort((p, q) => p - q)).toEqual(brute(b, r));
    }
  });

  it('keeps items spanning many cells in a side list and still finds them', () => {
    const b = { count: 2, x: [0, 10], y: [0, 10], w: [10, 20], h: [100000, 20] };
    const g = new GridIndex(64, 4);
    g.build(b);
    expect(g.query({ x: 0, y: 50000, w: 5, h: 5 })).toEqual([0]);
    expect(g.query({ x: 8, y: 12, w: 4, h: 1 }).sort()).toEqual([0, 1]);
  });

  it('reports each item once per query even when it straddles cells', () => {
    const g = new GridIndex(10);
    g.build({ count: 1, x: [5], y: [5], w: [30], h: [30] });
    expect(g.query({ x: 0, y: 0, w: 100, h: 100 })).toEqual([0]);
  });

  it('hit-tests the topmost (last drawn) item and misses empty space', () => {
    const g = new GridIndex(50);
    g.build({ count: 3, x: [0, 20, 500], y: [0, 20, 500], w: [100, 30, 10], h: [100, 30, 10] });
    expect(g.hitTest(25, 25)).toBe(1);
    expect(g.hitTest(5, 5)).toBe(0);
    expect(g.hitTest(300, 300)).toBe(-1);
    expect(g.hitTest(-10, -10)).toBe(-1);
  });

  it('skips dead (NaN) slots', () => {
    const g = new GridIndex(50);
    g.build({ count: 2, x: [NaN, 10], y: [NaN, 10], w: [0, 10], h: [0, 10] });
    expect(g.query({ x: -1e9, y: -1e9, w: 2e9, h: 2e9 })).toEqual([1]);
  });

  it('grows its cells instead of allocating a gigantic grid', () => {
    const g = new GridIndex(1);
    g.build({ count: 2, x: [0, 1e7], y: [0, 1e7], w: [1, 1], h: [1, 1] });
    expect(g.cellSize).toBeGreaterThan(1000);
    expect(g.query({ x: 1e7 - 1, y: 1e7 - 1, w: 5, h: 5 })).toEqual([1]);
  });
});
