import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import type { AppliedSet, ChangeSet } from '../model/change-set';
import type { KmDocument } from '../model/types';
import { mulberry32, randomOp } from '../testing/random-ops';
import { SimServer } from './sim-server';
import { mapText, SMALL_MAP } from '../testing/sync-fixtures';

// My own undo, with nobody else on the map, whatever became of my saves meanwhile: answered at
// once, answered only after more edits (the network slow), never answered (lost, then resent).
// Each Ctrl+Z must give back the map as it was before the step, field for field. (An answer that
// came after a later edit once put a topic's first title back on the data a delete had recorded:
// undoing the delete brought the topic back as 分支主题.)

const START = SMALL_MAP;
/** The map as text, view state (folding) aside: what an undo must give back. */
const textOf = (km: KmDocument) => mapText(km, new Set(['expandState']));
const edited = (ed: MindEditor) => textOf(ed.doc.toKm());

describe('my own undo while my saves are answered late, lost or resent (property)', () => {
  it('each Ctrl+Z gives back the map as it was before the step it undoes, and Ctrl+Y all of them the map again', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 5, max: 50 }), (seed, steps) => {
        const rnd = mulberry32(seed);
        const server = new SimServer(START);
        const ed = new MindEditor();
        ed.load(structuredClone(START));
        ed.startSync('t0', 0);
        /** The map before each undo step still on the stack, oldest first. */
        const before: string[] = [];
        /** Answers on their way, oldest first (each the server's to one save). */
        const onTheWay: AppliedSet[][] = [];
        for (let i = 0; i < steps; i++) {
          const roll = rnd();
          if (roll < 0.55) {
            const [was, depth] = [edited(ed), ed.undoDepth];
            randomOp(ed, rnd);
            if (ed.undoDepth > depth) before.push(was);
          } else if (roll < 0.8) {
            const { version, sets } = ed.takeChangeSets();
            // as on the wire: what is sent is a copy of the sets as they are now
            onTheWay.push(server.save(version, structuredClone(sets) as ChangeSet[]));
          } else if (roll < 0.95) {
            const answer = onTheWay.shift();
            if (answer) ed.receiveChangeSets(answer);
          } else onTheWay.shift(); // lost: the sets are resent with the next save
        }
        for (const answer of onTheWay.splice(0)) ed.receiveChangeSets(answer);
        const { version, sets } = ed.takeChangeSets();
        ed.receiveChangeSets(server.save(version, structuredClone(sets) as ChangeSet[]));
        // synced: the tab holds the server's map
        expect(edited(ed)).toBe(textOf(server.doc.toKm()));
        const last = edited(ed);
        for (let k = before.length - 1; k >= 0; k--) {
          ed.undo();
          expect(edited(ed), `undo of step ${k + 1} of ${before.length} (seed ${seed})`).toBe(before[k]);
        }
        // and Ctrl+Y as often as it can makes them all again (a step whose undo changed nothing,
        // 这一步无需撤销, leaves nothing to redo)
        while (ed.canRedo) ed.redo();
        expect(edited(ed), `redo of every step (seed ${seed})`).toBe(last);
      }),
      { numRuns: 150 },
    );
  });
});
