import { describe, expect, it } from 'vitest';
import { MindEditor, type RenderPatch } from '../editor';
import type { KmDocument, KmNode } from '../model/types';
import { mulberry32, randomOp } from '../testing/random-ops';
import type { SummaryPlace } from './summary-space';

// Summaries (概要) take room in the layout: their topic never overlaps a node, the tree around
// them makes way, and a map without one lays out exactly as without the feature.

const leaf = (id: string, text = id): KmNode => ({ data: { id, text }, children: [] });
const branch = (id: string, kids: KmNode[]): KmNode => ({ data: { id, text: `主题 ${id}` }, children: kids });

function km(template: string, summaries: KmDocument['summaries'] = []): KmDocument {
  return {
    root: {
      data: { id: 'r', text: '中心主题' },
      children: [
        branch('a', [leaf('a1', '第一个很长的下级主题'), leaf('a2'), leaf('a3'), leaf('a4')]),
        branch('b', [leaf('b1'), leaf('b2')]),
        branch('c', [leaf('c1'), leaf('c2'), leaf('c3')]),
        branch('d', [leaf('d1')]),
      ],
    },
    template,
    theme: 'fresh-blue',
    version: '1.4.43',
    ...(summaries.length ? { summaries } : {}),
  };
}

const SUMS = [
  { id: 's1', parent: 'a', first: 'a2', last: 'a3', text: '中间两个的概要' },
  { id: 's2', parent: 'c', first: 'c1', last: 'c3', text: '概要' },
  { id: 's3', parent: 'r', first: 'a', last: 'b', text: '前两支' },
  { id: 's4', parent: 'a', first: 'a1', last: 'a4', text: '外层' },
];

const hit = (p: number[], q: number[]): boolean => p[0] < q[0] + q[2] && q[0] < p[0] + p[2] && p[1] < q[1] + q[3] && q[1] < p[1] + p[3];

/** Boxes of the visible nodes (what is under a fold is not laid out). */
function allBoxes(ed: MindEditor): Record<string, number[]> {
  return Object.fromEntries(ed.layout.visibleNodes(ed.doc).map((n) => [n.id, ed.boxOf(n.id)]));
}

describe('summary layout', () => {
  for (const template of ['default', 'right', 'structure', 'filetree']) {
    it(`${template}: every summary topic and brace clears every node and every other summary`, () => {
      const ed = new MindEditor();
      ed.load(km(template, SUMS));
      const places = ed.layout.summaryPlaces(ed.doc);
      expect(places.map((p) => p.id).sort()).toEqual(['s1', 's2', 's3', 's4']);
      for (const p of places) {
        for (const [id, b] of Object.entries(allBoxes(ed))) {
          expect(hit(p.topic, b), `${p.id} topic on ${id}`).toBe(false);
          expect(hit(p.brace, b), `${p.id} brace on ${id}`).toBe(false);
        }
        for (const q of places)
          if (q !== p) {
            expect(hit(p.topic, q.topic), `${p.id} on ${q.id}`).toBe(false);
            expect(hit(p.brace, q.topic), `${p.id} brace on ${q.id}`).toBe(false);
          }
      }
    });
  }

  it('braces sit on the outer side: right of right branches, left of left ones, below an org chart', () => {
    const side = (template: string, id: string): SummaryPlace => {
      const ed = new MindEditor();
      ed.load(km(template, SUMS));
      return ed.layout.summaryPlaces(ed.doc).find((p) => p.id === id)!;
    };
    expect(side('default', 's1').side).toBe('right');
    expect(side('default', 's2').side).toBe('left');
    expect(side('structure', 's2').side).toBe('bottom');
    expect(side('right', 's3').side).toBe('right');
    // Fish-bone spines and tianpan have no outer side: kept, not drawn.
    expect(side('tianpan', 's3')).toBeUndefined();
  });

  it('a map without summaries lays out exactly as the same map whose summaries were removed', () => {
    for (const template of ['default', 'right', 'structure', 'filetree', 'fish-bone', 'tianpan']) {
      const plain = new MindEditor();
      const first = plain.load(km(template));
      expect(first.summaryBoxes).toBeUndefined();
      const ed = new MindEditor();
      ed.load(km(template, SUMS));
      for (const s of SUMS) ed.execute('removeSummary', [s.id]);
      expect(allBoxes(ed)).toEqual(allBoxes(plain));
    }
  });

  it('incremental relayout after add / edit / undo / redo equals a fresh layout, and patches carry the boxes', () => {
    for (const template of ['default', 'right', 'structure']) {
      const ed = new MindEditor();
      ed.load(km(template));
      let last: RenderPatch = ed.execute('addSummary', [['a2', 'a3']]).patch;
      expect(last.summaryBoxes).toHaveLength(1);
      expect(last.items?.summaries).toHaveLength(1);
      const check = (): void => {
        const fresh = new MindEditor();
        fresh.load(ed.toKm());
        expect(allBoxes(ed)).toEqual(allBoxes(fresh));
        expect(ed.layout.summaryPlaces(ed.doc)).toEqual(fresh.layout.summaryPlaces(fresh.doc));
      };
      check();
      const id = ed.doc.items.summaries[0].id;
      last = ed.execute('summaryText', [id, '一个更长的概要文字']).patch;
      expect(last.summaryBoxes?.[0].topic[2]).toBeGreaterThan(60);
      check();
      ed.execute('appendChild', ['a2', '新的孙主题']);
      check();
      // (the range shrinks to a2: items follow the topics, model/item-follow.ts)
      ed.execute('removeNode', [['a3']]);
      expect(ed.doc.items.summaries[0]).toMatchObject({ first: 'a2', last: 'a2' });
      check();
      ed.undo();
      check();
      ed.undo();
      ed.undo();
      last = ed.undo()!;
      expect(last.summaryBoxes).toEqual([]);
      check();
      ed.redo();
      check();
      expect(ed.layout.summaryPlaces(ed.doc)).toHaveLength(1);
    }
  });

  it('a collapsed parent hides its summaries', () => {
    const ed = new MindEditor();
    ed.load(km('default', SUMS));
    const p = ed.execute('collapse', [['a']]).patch;
    expect(p.summaryBoxes?.map((x) => x.id).sort()).toEqual(['s2', 's3']);
  });
});

describe('summary layout under random edits', () => {
  it('incremental relayout with summaries equals a fresh layout after every command (boxes and summary places)', () => {
    for (const seed of [3, 11, 29, 47]) {
      for (const template of ['default', 'right', 'structure', 'filetree', 'fish-bone']) {
        const ed = new MindEditor();
        ed.load(km(template, SUMS));
        const rnd = mulberry32(seed);
        for (let step = 0; step < 30; step++) {
          if (rnd() < 0.15) ed.undo();
          else if (rnd() < 0.2) {
            // a summary over a random node and its next sibling, when it has one
            const ids = [...ed.doc.byId.values()].filter((n) => n.parent && n.parent.children.indexOf(n) < n.parent.children.length - 1);
            const n = ids[Math.floor(rnd() * ids.length)];
            try {
              if (n) ed.execute('addSummary', [[n.id, n.parent!.children[n.parent!.children.indexOf(n) + 1].id], `步骤 ${step}`]);
            } catch {
              // refused: a run the structure cannot draw (across the mind root, a fish-bone spine)
            }
          } else randomOp(ed, rnd, () => {});
          const fresh = new MindEditor();
          fresh.load(ed.toKm());
          const mine = allBoxes(ed);
          const theirs = allBoxes(fresh);
          expect(Object.keys(mine).sort()).toEqual(Object.keys(theirs).sort());
          for (const id of Object.keys(theirs)) for (let k = 0; k < 4; k++) expect(mine[id][k]).toBeCloseTo(theirs[id][k], 6);
          const places = (e: MindEditor) => new Map(e.layout.summaryPlaces(e.doc).map((p) => [p.id, [...p.brace, ...p.topic]]));
          const pm = places(ed);
          const pf = places(fresh);
          expect([...pm.keys()].sort()).toEqual([...pf.keys()].sort());
          for (const [id, v] of pf) v.forEach((x, k) => expect(pm.get(id)![k]).toBeCloseTo(x, 6));
        }
      }
    }
  });
});
