// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Graphics } from 'pixi.js';
import { SceneStore } from '../canvas/scene-store';
import type { SceneNode } from '../canvas/scene-types';
import { drawMarks, OverlayStore } from './overlay-state';

/** A Graphics stand-in that records the shapes drawn. */
function recorder() {
  const calls: string[] = [];
  const g = {
    clear: () => (calls.splice(0), g),
    roundRect: (x: number, y: number, w: number, h: number) => (calls.push(`rect ${x} ${y} ${w} ${h}`), g),
    circle: (x: number, y: number, r: number) => (calls.push(`circle ${x} ${y} ${r}`), g),
    fill: () => g,
    stroke: (s: { width: number }) => (calls.push(`stroke ${s.width}`), g),
  };
  return { g: g as unknown as Graphics, calls };
}

const node = (id: string, x: number, shape: 'rect' | 'circle' = 'rect'): SceneNode =>
  ({ id, level: 1, x, y: 0, w: 40, h: 20, text: id, style: { shape, fontSize: 14 } }) as unknown as SceneNode;

describe('overlay layers', () => {
  it('rings selected nodes 3 screen px outside at any zoom, and highlights only matches near the view', () => {
    const store = new SceneStore();
    store.replace({ nodes: [node('a', 0), node('b', 100), node('far', 5000)] });
    const { g, calls } = recorder();
    drawMarks(g, { store, selected: ['a'], highlighted: ['b', 'far'] }, { tx: 0, ty: 0, zoom: 2 }, { x: -50, y: -50, w: 400, h: 300 });
    // zoom 2: 1 screen px is 0.5 world units
    expect(calls).toEqual(['rect 99 -1 42 22', 'stroke 1', 'rect -1.5 -1.5 43 23', 'stroke 1']);
  });

  it('tells subscribers of each change and keeps the other fields', () => {
    const s = new OverlayStore();
    let heard = 0;
    const off = s.subscribe(() => heard++);
    s.set({ marquee: { x: 1, y: 2, w: 3, h: 4 } });
    s.set({ drop: { x: 0, y: 0, w: 10, h: 4 } });
    const ghost = { x: 5, y: 6, w: 80, h: 24, text: '甲', fontSize: 12 };
    s.set({ ghost });
    expect(s.get()).toEqual({ marquee: { x: 1, y: 2, w: 3, h: 4 }, drop: { x: 0, y: 0, w: 10, h: 4 }, dropRefused: false, ghost });
    off();
    s.set({ marquee: null });
    expect(heard).toBe(3);
  });
});
