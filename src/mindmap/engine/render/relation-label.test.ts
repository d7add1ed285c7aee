import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import type { KmDocument, KmNode } from '../model/types';
import { pointAt, relationCurve, sampleCurve, type BoxLike, type Curve } from './relation-geometry';
import { LABEL_H, LABEL_PAD, placeLabel } from './relation-label';

// A relationship line's label sits where it overlaps the nodes least (t in 0.3–0.7 of the curve),
// on an opaque background: the same place for the canvas and the SVG export (so PNG and PDF).

const hit = (a: BoxLike, b: BoxLike): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const straight: Curve = { p0: { x: 0, y: 0 }, c1: { x: 100, y: 0 }, c2: { x: 200, y: 0 }, p3: { x: 300, y: 0 } };

describe('placeLabel', () => {
  it('stays at the middle when nothing is in the way', () => {
    const b = placeLabel(straight, 40, () => []);
    expect(b.t).toBe(0.5);
    expect(b).toMatchObject({ x: 150 - 20 - LABEL_PAD, w: 40 + 2 * LABEL_PAD, h: LABEL_H });
  });

  it('goes beside a line too short to carry it (it hid the whole line and its arrow), on the side free of topics', () => {
    // a vertical 30 px line from a topic to the next one below (an outside walk's 父子 label)
    const short: Curve = { p0: { x: 0, y: 0 }, c1: { x: 0, y: 10 }, c2: { x: 0, y: 20 }, p3: { x: 0, y: 30 } };
    const inBox = (b: BoxLike, p: { x: number; y: number }) => p.x >= b.x && p.x <= b.x + b.w && p.y >= b.y && p.y <= b.y + b.h;
    const free = placeLabel(short, 24, () => []);
    for (const p of sampleCurve(short, 16)) expect(inBox(free, p)).toBe(false);
    // a topic on one side: the other
    const right = { x: 4, y: -10, w: 80, h: 50 };
    const b = placeLabel(short, 24, () => [right]);
    expect(hit(b, right)).toBe(false);
    expect(b.x + b.w).toBeLessThan(0);
    // a long line keeps it on the curve
    expect(placeLabel(straight, 24, () => []).y).toBe(-LABEL_H / 2);
  });

  it('moves along the curve (never beyond 0.3–0.7) off a node at the middle', () => {
    const node = { x: 120, y: -15, w: 60, h: 30 };
    const b = placeLabel(straight, 40, () => [node]);
    expect(hit(b, node)).toBe(false);
    expect(b.t).toBeGreaterThanOrEqual(0.3);
    expect(b.t).toBeLessThanOrEqual(0.7);
    const p = pointAt(straight, b.t);
    expect(b.x + b.w / 2).toBeCloseTo(p.x, 6);
    // Nowhere free: the least covered place, still on the curve's middle part.
    const wall = { x: -1000, y: -1000, w: 2000, h: 2000 };
    expect(placeLabel(straight, 40, () => [wall]).t).toBe(0.5);
  });
});

describe('relationship labels in the SVG export', () => {
  const leaf = (id: string): KmNode => ({ data: { id, text: id }, children: [] });
  // Three same-width topics stacked under the root: a straight line from a to c crosses b at t = 0.5.
  const doc: KmDocument = {
    root: { data: { id: 'r', text: '中心' }, children: [leaf('aa'), leaf('bb'), leaf('cc')] },
    template: 'right',
    theme: 'fresh-blue',
    version: '1.4.43',
    relationships: [
      {
        id: 'x',
        from: 'aa',
        to: 'cc',
        title: '因果',
        controls: [
          { x: 0, y: 0 },
          { x: 0, y: 0 },
        ],
      },
    ],
  };

  it('puts the label box (opaque, rounded) clear of every node box', () => {
    const ed = new MindEditor();
    ed.load(doc);
    const svg = ed.exportData('svg');
    const m = /<rect class="relation-label" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)" rx="3" fill="#[0-9a-f]{6}"/i.exec(svg);
    expect(m).toBeTruthy();
    const label = { x: Number(m![1]), y: Number(m![2]), w: Number(m![3]), h: Number(m![4]) };
    for (const id of ['r', 'aa', 'bb', 'cc']) {
      const [x, y, w, h] = ed.boxOf(id);
      expect(hit(label, { x, y, w, h }), `label over ${id}`).toBe(false);
    }
  });

  it('the image holds a long label where the curve runs along its edge', () => {
    const ed = new MindEditor();
    const title = '一个很长很长很长很长很长很长很长很长的关联线标签';
    ed.load({
      ...doc,
      relationships: [
        {
          id: 'x',
          from: 'aa',
          to: 'cc',
          title,
          controls: [
            { x: -400, y: 0 },
            { x: -400, y: 0 },
          ],
        },
      ],
    });
    const svg = ed.exportData('svg');
    const [, ox, oy] = /<g transform="translate\(([-\d.]+),([-\d.]+)\)">/.exec(svg)!.map(Number);
    const width = Number(/width="(\d+)"/.exec(svg)![1]);
    const m = /<rect class="relation-label" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)"/.exec(svg)!;
    const x = Number(m[1]) + ox;
    expect(Number(m[2]) + oy).toBeGreaterThanOrEqual(0);
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + Number(m[3])).toBeLessThanOrEqual(width);
  });
});

describe('automatic relationship curves in the SVG export', () => {
  it('bow clear of the topics between the two ends (the root, a branch) where the usual bow crosses them', () => {
    const leaf = (id: string): KmNode => ({ data: { id, text: `主题${id}` }, children: [] });
    const ed = new MindEditor();
    ed.load({
      root: { data: { id: 'r', text: '中心主题很长很长' }, children: ['a', 'b', 'c', 'd', 'e', 'f'].map(leaf) },
      template: 'structure',
      theme: 'fresh-blue',
      version: '1.4.43',
      // siblings under an organisation chart's root: the usual bow goes up through the root
      relationships: [{ id: 'x', from: 'a', to: 'e' }],
    });
    const box = (id: string): BoxLike => {
      const [x, y, w, h] = ed.boxOf(id);
      return { x, y, w, h };
    };
    const others = ['r', 'b', 'c', 'd', 'f'].map(box);
    const on = (pts: { x: number; y: number }[]) =>
      others.filter((o) => pts.slice(2, -2).some((p) => p.x >= o.x && p.x <= o.x + o.w && p.y >= o.y && p.y <= o.y + o.h));
    // the usual bow runs over topics here (what a student saw) …
    expect(on(sampleCurve(relationCurve(box('a'), box('e')), 24)).length).toBeGreaterThan(0);
    // … the exported line does not
    const d = /<path class="relation" [^>]*d="M([-\d.]+) ([-\d.]+) C([-\d.]+) ([-\d.]+),? ?([-\d.]+) ([-\d.]+),? ?([-\d.]+) ([-\d.]+)"/.exec(
      ed.exportData('svg'),
    );
    expect(d).toBeTruthy();
    const n = d!.slice(1).map(Number);
    const c: Curve = { p0: { x: n[0], y: n[1] }, c1: { x: n[2], y: n[3] }, c2: { x: n[4], y: n[5] }, p3: { x: n[6], y: n[7] } };
    expect(on(sampleCurve(c, 24))).toEqual([]);
  });
});
