import { describe, expect, it } from 'vitest';
import type { KmNode } from '../../../src/mindmap/engine/model/types';
import { FallbackLayout } from './fallback-layout';
import { SceneStore } from '../../../src/mindmap/canvas/scene-store';
import type { TextMeasurer } from '../../../src/mindmap/canvas/text-measure';

// Fixed widths reproduce kityminder §3.7: "Root" 32 px at 16, children 28 px at 14.
const measure: TextMeasurer = { width: (t) => (t === 'Root' ? 32 : 28) };
const node = (id: string, text: string, children: KmNode[] = []): KmNode => ({ data: { id, text }, children });

describe('FallbackLayout (right template, fresh-blue)', () => {
  it('matches the kityminder worked example', () => {
    const root = node('r', 'Root', [node('a', 'Kid'), node('b', 'Kid')]);
    const p = new FallbackLayout(measure).run(root);
    const by = new Map(p.nodes!.map((n) => [n.id, n]));
    const r = by.get('r')!,
      a = by.get('a')!,
      b = by.get('b')!;
    expect([r.w, r.h]).toEqual([80, 40]);
    expect([a.w, a.h]).toEqual([68, 26]);
    // Horizontal gap root → child 120 (margins 100 + 20), vertical gap 40, centred on the root.
    expect(a.x - (r.x + r.w)).toBe(120);
    expect(b.y - (a.y + a.h)).toBe(40);
    expect(a.y + a.h / 2 + (b.y + b.h / 2)).toBe(2 * (r.y + r.h / 2));
    expect(a.parent).toBe('r');
    expect(a.connector?.kind).toBe('arc');
  });

  it('lays an inserted child out incrementally exactly as a full layout would', () => {
    const mk = () => node('r', 'Root', [node('a', 'A', [node('a1', 'x'), node('a2', 'y')]), node('b', 'B', [node('b1', 'z')])]);
    const tree = mk();
    const inc = new FallbackLayout(measure);
    const store = new SceneStore();
    store.replace(inc.run(tree));
    const a = tree.children![0];
    a.children!.push(node('a3', 'new'));
    const patch = inc.childrenChanged(a);
    expect(patch.nodes!.map((n) => n.id)).toEqual(['a3']);
    expect(patch.moves!.ids.length).toBeGreaterThan(0);
    store.apply(patch);
    const full = new FallbackLayout(measure).run(tree).nodes!;
    for (const n of full) expect(store.boxOf(n.id)).toEqual({ x: n.x, y: n.y, w: n.w, h: n.h });
  });

  it('reports removed nodes and hides collapsed subtrees behind a count', () => {
    const tree = node('r', 'Root', [node('a', 'A', [node('a1', 'x'), node('a2', 'y')])]);
    const l = new FallbackLayout(measure);
    l.run(tree);
    tree.children![0] = { data: { ...tree.children![0].data, expandState: 'collapse' }, children: tree.children![0].children };
    const p = l.run(tree);
    expect(p.removeNodes!.sort()).toEqual(['a1', 'a2']);
    expect(p.nodes!.find((n) => n.id === 'a')!.markers?.collapsedCount).toBe(2);
  });
});
