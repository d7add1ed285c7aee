import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MindEditor } from '../editor';
import { mulberry32, randomOp } from '../testing/random-ops';
import { levelOf, preorder, type MindDoc } from '../model/doc';
import { MAX_LEVEL } from '../model/types';

function checkInvariants(doc: MindDoc): void {
  const all = preorder(doc.root);
  expect(all.length).toBe(doc.byId.size);
  const ids = new Set<string>();
  for (const n of all) {
    expect(ids.has(n.id)).toBe(false);
    ids.add(n.id);
    expect(n.data.id).toBe(n.id);
    expect(doc.byId.get(n.id)).toBe(n);
    for (const c of n.children) expect(c.parent).toBe(n);
    expect(levelOf(n)).toBeLessThanOrEqual(MAX_LEVEL);
  }
}

/**
 * The document without its view state: expand/collapse are not undo steps (history mode
 * 'view'), so undo-all restores everything but the expandState the user last chose.
 */
const edits = (doc: MindDoc): string => JSON.stringify(doc.toKm(), (k, v: unknown) => (k === 'expandState' ? undefined : v));

describe('random command sequences (property)', () => {
  it('keep ids unique, the tree valid and the depth rule; undo all / redo all (view state aside)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 60 }), (seed, steps) => {
        const ed = new MindEditor();
        ed.load(
          '{"root":{"data":{"id":"r","text":"中心主题"},"children":[{"data":{"id":"a","text":"A","k":[1]},"children":[{"data":{"id":"a1","text":"A1"},"children":[]}]},{"data":{"id":"b","text":"B"},"children":[]}]},"template":"default","theme":"fresh-blue","version":"1.4.43"}',
        );
        const original = edits(ed.doc);
        const rnd = mulberry32(seed);
        for (let i = 0; i < steps; i++) {
          randomOp(ed, rnd);
          checkInvariants(ed.doc);
        }
        const final = edits(ed.doc);
        while (ed.undo()) checkInvariants(ed.doc);
        expect(edits(ed.doc)).toBe(original);
        while (ed.redo()) checkInvariants(ed.doc);
        expect(edits(ed.doc)).toBe(final);
      }),
      { numRuns: 100 },
    );
  });
});
