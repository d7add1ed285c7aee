// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MindEditor } from '../engine/editor';
import { EnginePatchAdapter } from './engine-adapter';
import { circleRadius, contentInset, shapeContains } from './node-shape';
import { SceneStore } from './scene-store';
import type { NodeStyle, SceneNode } from './scene-types';

const rect: NodeStyle = { fill: 0xa4c5c0, stroke: null, strokeWidth: 0, textColor: 0, fontSize: 10, bold: false, italic: false, radius: 5, paddingX: 12 };
const circle: NodeStyle = { ...rect, shape: 'circle' };
const node = (id: string, style: NodeStyle, x = 0, y = 0): SceneNode => ({ id, x, y, w: 100, h: 100, text: '天盘', level: 1, style });

describe('circle nodes (tianpan themes)', () => {
  it('contain the points of their circle only, not the corners of their box', () => {
    expect(circleRadius(100, 100)).toBe(50);
    expect(shapeContains(circle, 0, 0, 100, 100, 50, 1)).toBe(true);
    expect(shapeContains(circle, 0, 0, 100, 100, 85, 85)).toBe(true);
    expect(shapeContains(circle, 0, 0, 100, 100, 90, 90)).toBe(false);
    expect(shapeContains(rect, 0, 0, 100, 100, 90, 90)).toBe(true);
  });

  it('are hit-tested by their circle through the spatial index', () => {
    const s = new SceneStore();
    s.replace({ nodes: [node('c', circle), node('r', rect, 200, 0)] });
    expect(s.records[s.hitTest(50, 50)]!.id).toBe('c');
    expect(s.hitTest(5, 5)).toBe(-1); // box corner, outside the circle
    expect(s.records[s.hitTest(205, 5)]!.id).toBe('r');
  });

  it('centre their content: the text starts half the free width in, a rect node after its padding', () => {
    // no canvas in jsdom: the glyph table gives CJK 1 em, so '天盘' at 10 px is 20 px wide
    expect(contentInset(node('c', circle))).toBe(40);
    expect(contentInset(node('r', rect))).toBe(12);
    // markers count as content: a priority badge (20 + 5, the theme gap) moves the start left by 12.5
    expect(contentInset({ ...node('c', circle), markers: { priority: 1 } })).toBe(27.5);
  });

  it('come from the engine for tianpan themes, with the theme shadow', () => {
    const store = new SceneStore();
    const adapter = new EnginePatchAdapter(store);
    const km = {
      root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: '甲' }, children: [{ data: { id: 'a1', text: '甲一' } }] }] },
      template: 'tianpan',
      theme: 'tianpan',
      version: '1.4.43',
    };
    store.replace(adapter.convert(new MindEditor().load(km)).patch);
    for (const id of ['r', 'a', 'a1']) {
      const n = store.node(id)!;
      expect(n.style.shape, id).toBe('circle');
      expect(n.style.shadow, id).toEqual({ color: 0, alpha: 0.25 });
      const b = store.boxOf(id)!;
      expect(b.w, id).toBe(b.h); // the box is the circle's bounding square
    }
    expect(store.node('a1')!.connector?.kind).toBe('arc_tp');
    store.replace(adapter.convert(new MindEditor().load({ ...km, theme: 'fresh-blue' })).patch);
    expect(store.node('r')!.style.shape).toBeUndefined();
    expect(store.node('r')!.style.shadow).toBeUndefined();
  });
});
