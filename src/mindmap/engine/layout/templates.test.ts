import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';

// Shape checks per template: where the children of the root and of a main node end up.
function mapWith(template: string): MindEditor {
  const ed = new MindEditor();
  ed.load({
    root: {
      data: { id: 'r', text: 'Root' },
      children: ['a', 'b', 'c', 'd'].map((id) => ({ data: { id, text: id.toUpperCase() }, children: [{ data: { id: `${id}1`, text: `${id}1` } }] })),
    },
    template,
    theme: 'fresh-blue',
    version: '1.4.43',
  });
  return ed;
}

const centre = (b: number[]): [number, number] => [b[0] + b[2] / 2, b[1] + b[3] / 2];

describe('templates', () => {
  it('default (mind): first half right, second half left, grandchildren outward', () => {
    const ed = mapWith('default');
    expect(centre(ed.boxOf('a'))[0]).toBeGreaterThan(0);
    expect(centre(ed.boxOf('b'))[0]).toBeGreaterThan(0);
    expect(centre(ed.boxOf('c'))[0]).toBeLessThan(0);
    expect(ed.boxOf('c1')[0] + ed.boxOf('c1')[2]).toBeLessThan(ed.boxOf('c')[0]);
  });
  it('right: everything to the right, parents centred on children', () => {
    const ed = mapWith('right');
    for (const id of ['a', 'b', 'c', 'd']) expect(ed.boxOf(id)[0]).toBeGreaterThan(ed.boxOf('r')[0] + ed.boxOf('r')[2]);
    expect(centre(ed.boxOf('a'))[1]).toBeCloseTo(centre(ed.boxOf('a1'))[1]);
  });
  it('structure: children below, left to right', () => {
    const ed = mapWith('structure');
    expect(ed.boxOf('a')[1]).toBeGreaterThan(ed.boxOf('r')[1] + ed.boxOf('r')[3]);
    expect(ed.boxOf('b')[0]).toBeGreaterThan(ed.boxOf('a')[0]);
    expect(ed.boxOf('a1')[1]).toBeGreaterThan(ed.boxOf('a')[1] + ed.boxOf('a')[3]);
  });
  it('filetree: level-1 below the root, deeper levels indented below their parent', () => {
    const ed = mapWith('filetree');
    const a = ed.boxOf('a');
    const a1 = ed.boxOf('a1');
    expect(a1[1]).toBeGreaterThan(a[1] + a[3]);
    expect(a1[0]).toBeGreaterThan(a[0] + 20 - 1e-9);
  });
  it('fish-bone: even bones above the spine, odd bones below, right of the head', () => {
    const ed = mapWith('fish-bone');
    const r = ed.boxOf('r');
    expect(ed.boxOf('a')[1] + ed.boxOf('a')[3]).toBeLessThanOrEqual(centre(r)[1]);
    expect(ed.boxOf('b')[1]).toBeGreaterThanOrEqual(centre(r)[1]);
    expect(ed.boxOf('a')[0]).toBeGreaterThan(r[0] + r[2]);
  });
  it('tianpan: children spiral around the root', () => {
    const ed = mapWith('tianpan');
    const d = ['a', 'b', 'c', 'd'].map((id) => Math.hypot(...centre(ed.boxOf(id))));
    for (const x of d) expect(x).toBeGreaterThan(0);
    expect(new Set(d.map((x) => Math.round(x))).size).toBeGreaterThan(1);
  });
  it('manual offsets move the whole subtree; resetLayout clears them', () => {
    const ed = mapWith('right');
    const before = ed.boxOf('a1');
    const ed2 = new MindEditor();
    const km = ed.toKm();
    km.root.children![0].data.layout_right_offset = { x: 30, y: -10 };
    ed2.load(km);
    expect(ed2.boxOf('a1')).toEqual([before[0] + 30, before[1] - 10, before[2], before[3]]);
    ed2.execute('resetLayout', []);
    expect(ed2.boxOf('a1')).toEqual(before);
  });
});
