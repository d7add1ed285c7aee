import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import type { KmDocument, KmNode } from '../model/types';
import { expanderCircle } from './expander-geometry';
import { connectorFor } from './kinds';

// A summary's brace and topic keep clear of what the canvas draws beside the range: the nodes of
// its subtrees (also those dragged away by a manual offset) and their expand/collapse circles —
// a folded node's circle sticks out of its subtree box — in every template that draws summaries.

const OFFSETS = {
  layout_right_offset: { x: 160, y: 0 },
  layout_left_offset: { x: -160, y: 0 },
  layout_bottom_offset: { x: 0, y: 90 },
  'layout_filetree-down_offset': { x: 160, y: 0 },
};

const n = (id: string, kids: KmNode[] = [], extra: Record<string, unknown> = {}): KmNode => ({ data: { id, text: `主题 ${id}`, ...extra }, children: kids });
const folded = (id: string) => n(id, [n(`${id}-x`)], { expandState: 'collapse' });

function km(template: string): KmDocument {
  return {
    root: {
      data: { id: 'r', text: '中心主题' },
      children: [
        n('a', [folded('a1'), n('a2', [n('a21', [], OFFSETS), folded('a22')]), n('a3')]),
        n('b', [n('b1'), folded('b2')]),
        n('c', [folded('c1'), n('c2', [folded('c21')])]),
        n('d', [folded('d1')]),
      ],
    },
    template,
    theme: 'fresh-blue',
    version: '1.4.43',
    summaries: [
      { id: 's1', parent: 'a', first: 'a1', last: 'a2', text: '前两个' },
      { id: 's2', parent: 'a', first: 'a1', last: 'a3', text: '全部' },
      { id: 's3', parent: 'b', first: 'b2', last: 'b2', text: '一个' },
      { id: 's4', parent: 'c', first: 'c1', last: 'c2', text: '左侧的概要' },
      { id: 's5', parent: 'd', first: 'd1', last: 'd1', text: '左' },
      { id: 's6', parent: 'r', first: 'c', last: 'd', text: '左边两支' },
    ],
  };
}

type R = [number, number, number, number];
const hit = (p: R, q: R): boolean => p[0] < q[0] + q[2] && q[0] < p[0] + p[2] && p[1] < q[1] + q[3] && q[1] < p[1] + p[3];

/** Every visible node's box and every expander circle's box (as the canvas draws them). */
function obstacles(ed: MindEditor, template: string): Array<[string, R]> {
  const out: Array<[string, R]> = [];
  const a = ed.layout.a;
  for (const node of ed.layout.visibleNodes(ed.doc)) {
    const b = ed.boxOf(node.id) as R;
    out.push([node.id, b]);
    const p = node.parent;
    if (!p || !node.children.length) continue;
    const pb = ed.boxOf(p.id) as R;
    const box = (r: R) => ({ x: r[0], y: r[1], w: r[2], h: r[3] });
    const e = expanderCircle(box(b), box(pb), connectorFor(template, a.kind[p.slot], a.depth[node.slot]), node.data.expandState === 'collapse');
    out.push([`${node.id} 的展开按钮`, [e.x - e.r, e.y - e.r, 2 * e.r, 2 * e.r]]);
  }
  return out;
}

describe('summary clearance', () => {
  for (const template of ['default', 'right', 'structure', 'filetree', 'fish-bone']) {
    it(`${template}: braces and topics clear every node, offset descendant and expander circle`, () => {
      const ed = new MindEditor();
      ed.load(km(template));
      const places = ed.layout.summaryPlaces(ed.doc);
      expect(places.length).toBeGreaterThan(template === 'fish-bone' ? 2 : 5);
      const obs = obstacles(ed, template);
      for (const p of places) {
        for (const [what, b] of obs) {
          expect(hit(p.brace, b), `${p.id} brace on ${what}`).toBe(false);
          expect(hit(p.topic, b), `${p.id} topic on ${what}`).toBe(false);
        }
        for (const q of places) if (q !== p) expect(hit(p.topic, q.topic), `${p.id} topic on ${q.id}`).toBe(false);
      }
    });
  }

  it('the mind template puts the left side on the left and the right side on the right', () => {
    const ed = new MindEditor();
    ed.load(km('default'));
    const side = Object.fromEntries(ed.layout.summaryPlaces(ed.doc).map((p) => [p.id, p.side]));
    expect(side).toEqual({ s1: 'right', s2: 'right', s3: 'right', s4: 'left', s5: 'left', s6: 'left' });
  });
});

describe('a tall summary topic beside a short range', () => {
  for (const template of ['default', 'right', 'structure', 'filetree']) {
    it(`${template}: keeps clear of the neighbouring siblings' subtrees`, () => {
      const ed = new MindEditor();
      ed.load({
        root: {
          data: { id: 'r', text: '中心主题' },
          children: [n('a', [n('a1'), n('a2', [n('a21-很长很长很长的下级主题'), n('a22')]), n('a0', [n('a01-很长很长很长的下级主题')])]), n('z')],
        },
        template,
        theme: 'fresh-blue',
        version: '1.4.43',
        summaries: [{ id: 't', parent: 'a', first: 'a1', last: 'a1', text: '第一行\n第二行\n第三行\n第四行\n第五行' }],
      });
      const [p] = ed.layout.summaryPlaces(ed.doc);
      expect(p.id).toBe('t');
      for (const [what, b] of obstacles(ed, template)) expect(hit(p.topic, b), `topic on ${what}`).toBe(false);
    });
  }
});
