import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MindEditor } from '../editor';
import { mulberry32, randomOp } from '../testing/random-ops';
import { rollUpTree, type Progress } from './rollup';
import type { ProgressPatch } from './progress-index';

const MAP = JSON.stringify({
  root: {
    data: { id: 'r', text: '中心主题' },
    children: [
      {
        data: { id: 'a', text: 'A', isStudy: 1 },
        children: [
          { data: { id: 'a1', text: 'A1' }, children: [{ data: { id: 'a1x', text: 'x', isStudy: '1' }, children: [] }] },
          { data: { id: 'a2', text: 'A2' }, children: [] },
        ],
      },
      { data: { id: 'b', text: 'B' }, children: [{ data: { id: 'b1', text: 'B1', isStudy: 2 }, children: [] }] },
      { data: { id: 'c', text: 'C', expandState: 'collapse' }, children: [{ data: { id: 'c1', text: 'C1' }, children: [] }] },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});
const IDS = ['r', 'a', 'a1', 'a1x', 'a2', 'b', 'b1', 'c', 'c1'];

/** What a consumer of takeProgress() holds after applying every patch so far. */
function applyPatch(view: Map<string, Progress>, p: ProgressPatch): void {
  if (p.full) view.clear();
  p.ids.forEach((id, i) => view.set(id, { learnt: p.counts[i * 2], total: p.counts[i * 2 + 1] }));
}

function expectAgrees(ed: MindEditor, study: Set<string>, view: Map<string, Progress>): void {
  const full = rollUpTree(ed.toKm().root, study);
  expect(full.size).toBe(ed.doc.size);
  applyPatch(view, ed.takeProgress());
  for (const [id, p] of full) {
    expect(ed.progressOf(id), id).toEqual(p);
    if (p.total > 0) expect(view.get(id), id).toEqual(p);
    else if (view.has(id)) expect(view.get(id)!.total, id).toBe(0);
  }
}

describe('progress roll-up (property)', () => {
  it('after random command sequences, undo and redo, every node equals a full recount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 50 }), fc.subarray(IDS), (seed, steps, chosen) => {
        const ed = new MindEditor();
        const study = new Set(chosen);
        const view = new Map<string, Progress>();
        ed.load(MAP);
        ed.setStudyNodes([...study]);
        expectAgrees(ed, study, view);
        const rnd = mulberry32(seed);
        for (let i = 0; i < steps; i++) {
          randomOp(ed, rnd);
          // New nodes (fresh ids) sometimes become study nodes too: the set is rebuilt.
          if (rnd() < 0.05) {
            const ids = [...ed.doc.byId.keys()];
            study.add(ids[Math.floor(rnd() * ids.length)]);
            ed.setStudyNodes([...study]);
          }
          expectAgrees(ed, study, view);
        }
        while (ed.undo()) expectAgrees(ed, study, view);
        while (ed.redo()) expectAgrees(ed, study, view);
      }),
      { numRuns: 150 },
    );
  });
});
