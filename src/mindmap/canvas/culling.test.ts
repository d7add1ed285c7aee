// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contains, cullRect, diffVisible, needsRequery } from './culling';

describe('culling', () => {
  const cam = { tx: 0, ty: 0, zoom: 1 };

  it('queries viewport plus margin and re-queries only after leaving the slack', () => {
    const rect = cullRect(cam, 800, 600, 400);
    expect(rect).toEqual({ x: -400, y: -400, w: 1600, h: 1400 });
    const state = { rect, zoom: 1 };
    expect(needsRequery(null, cam, 800, 600, 400)).toBe(true);
    expect(needsRequery(state, { ...cam, tx: -250 }, 800, 600, 400)).toBe(false);
    expect(needsRequery(state, { ...cam, tx: -350 }, 800, 600, 400)).toBe(true);
    expect(needsRequery(state, { ...cam, zoom: 1.25 }, 800, 600, 400)).toBe(true);
  });

  it('diffs visible sets into entering and leaving items', () => {
    const d = diffVisible(new Set([1, 2, 3]), new Set([2, 3, 4, 5]));
    expect(d.enter.sort()).toEqual([4, 5]);
    expect(d.exit).toEqual([1]);
  });

  it('tests rectangle containment inclusively', () => {
    expect(contains({ x: 0, y: 0, w: 10, h: 10 }, { x: 0, y: 0, w: 10, h: 10 })).toBe(true);
    expect(contains({ x: 0, y: 0, w: 10, h: 10 }, { x: 1, y: 1, w: 10, h: 1 })).toBe(false);
  });
});
