import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import type { KmDocument, KmNode } from '../model/types';
import type { SummaryPlace } from './summary-space';

// Two summaries sharing a topic (乙–丙 beside 丙–丁): each brace spans exactly its own range — the
// second one stands further out to clear the first, it does not grow along the first's range —
// and neither brace nor topic runs into the other summary.

const leaf = (id: string): KmNode => ({ data: { id, text: id }, children: [] });

function km(template: string, parentOfRun: 'r' | 'p'): KmDocument {
  const run = ['甲', '乙', '丙', '丁'].map(leaf);
  // The mind template splits the root's children over two sides: there the run goes one level down.
  const children = parentOfRun === 'r' ? run : [{ data: { id: 'p', text: '分支' }, children: run }];
  return {
    root: { data: { id: 'r', text: '学习计划' }, children },
    template,
    theme: 'fresh-blue',
    version: '1.4.43',
    summaries: [{ id: 's1', parent: parentOfRun, first: '丙', last: '丁', text: '后两个' }],
  };
}

type R = [number, number, number, number];
const hit = (p: R, q: R): boolean => p[0] < q[0] + q[2] && q[0] < p[0] + p[2] && p[1] < q[1] + q[3] && q[1] < p[1] + p[3];

/** The interval a rect covers along a brace's long side ([y, y+h] beside, [x, x+w] below/above). */
const along = (p: SummaryPlace, r: R): [number, number] => (p.side === 'right' || p.side === 'left' ? [r[1], r[1] + r[3]] : [r[0], r[0] + r[2]]);

const CASES: Array<[string, 'r' | 'p']> = [
  ['structure', 'r'],
  ['filetree', 'r'],
  ['right', 'r'],
  ['default', 'p'],
];

describe('summaries sharing a topic', () => {
  for (const [template, parent] of CASES) {
    it(`${template}: the brace of 乙–丙 spans 乙 and 丙 only, clear of the 丙–丁 summary`, () => {
      const ed = new MindEditor();
      ed.load(km(template, parent));
      ed.execute('addSummary', [['乙', '丙'], '中间两个']);
      const places = ed.layout.summaryPlaces(ed.doc);
      expect(places).toHaveLength(2);
      const ranges: Record<string, string[]> = { s1: ['丙', '丁'] };
      const added = places.find((p) => p.id !== 's1')!;
      ranges[added.id] = ['乙', '丙'];
      for (const p of places) {
        const [b0, b1] = along(p, p.brace);
        for (const id of ['甲', '乙', '丙', '丁']) {
          const [n0, n1] = along(p, ed.boxOf(id) as R);
          if (ranges[p.id].includes(id)) {
            expect(b0, `${p.id} brace starts before ${id}`).toBeLessThanOrEqual(n0);
            expect(b1, `${p.id} brace ends after ${id}`).toBeGreaterThanOrEqual(n1);
          } else expect(b1 <= n0 || n1 <= b0, `${p.id} brace reaches ${id}`).toBe(true);
        }
        for (const q of places)
          if (q !== p) {
            expect(hit(p.brace, q.brace), `${p.id} brace on ${q.id} brace`).toBe(false);
            expect(hit(p.brace, q.topic), `${p.id} brace on ${q.id} topic`).toBe(false);
            expect(hit(p.topic, q.topic), `${p.id} topic on ${q.id} topic`).toBe(false);
          }
      }
    });
  }
});
