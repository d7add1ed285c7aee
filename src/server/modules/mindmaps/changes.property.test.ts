import { caseRef } from './map-log';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL, applyTo } from '../../../../tests/server/helpers';
import { MindEditor, type AppliedSet, type ChangeSet, MindDoc, restoreDocument } from '../../../mindmap/core';
import { SimServer, SMALL_MAP, mulberry32, randomOp } from '../../../mindmap/testing';

// The server's rule is engine/sync/sim-server.ts's: random edits from 2-3 tabs saved through the
// real route, with answers lost now and then, end with the map SimServer makes of the same sets
// in the same order — and the route's log is SimServer's, set for set.

const t = useTestApp({ normal: NORMAL });
const START = SMALL_MAP;
const canonical = (km: object) => JSON.stringify(new MindDoc(restoreDocument(structuredClone(km))).toKm());

describe('saveChanges follows SimServer (property-ish)', () => {
  it.each([1, 2, 3, 4])('seed %i: tabs converge on the map SimServer makes of the same sets', async (seed) => {
    const caseId = ['case-02', 'case-03', 'case-05', 'case-06'][seed - 1];
    await applyTo(t.app, t.tokens.normal, caseId);
    const first = await t.post(t.tokens.normal, '/api/course/mindStudent/saveStuMind', { caseId, version: 0, document: START });
    expect(first.resultCode).toBe(200);
    const stored = (await t.get(t.tokens.normal, `/api/course/mindStudent/showMind?caseId=${caseId}`)).data.document;
    // SimServer counts from 0; the route's log starts after the whole save (version 1)
    const sim = new SimServer(stored);
    const rnd = mulberry32(seed * 7919);
    const tabs = Array.from({ length: 2 + (seed % 2) }, (_, i) => {
      const ed = new MindEditor();
      ed.load(structuredClone(stored));
      ed.startSync(`t${i}`, 1);
      return ed;
    });
    const sync = async (ed: MindEditor, answered: boolean) => {
      const { version, sets } = ed.takeChangeSets();
      if (!sets.length) {
        // nothing to send: the tab catches up with what the others saved
        const caught = await t.get(t.tokens.normal, `/api/course/mindStudent/mapChanges?caseId=${caseId}&since=${version}`);
        expect(caught.resultCode, caught.errMsg).toBe(200);
        if (answered) ed.receiveChangeSets(caught.data.sets as AppliedSet[]);
        return;
      }
      const res = await t.post(t.tokens.normal, '/api/course/mindStudent/saveChanges', { caseId, base: version, sets });
      expect(res.resultCode, res.errMsg).toBe(200);
      // (SimServer's versions are one below the server's, whose version 1 is the whole save)
      const simSets = structuredClone(sets).map((s) => ({ ...s, base: s.base === undefined ? undefined : s.base - 1 })) as ChangeSet[];
      const want = sim.save(version - 1, simSets).map((s) => ({ id: s.id, version: s.version + 1, base: s.base! + 1, changes: s.changes }));
      expect(JSON.stringify(res.data.sets)).toBe(JSON.stringify(want));
      if (answered) ed.receiveChangeSets(res.data.sets as AppliedSet[]);
    };
    for (let step = 0; step < 40; step++) {
      const ed = tabs[Math.floor(rnd() * tabs.length)];
      const roll = rnd();
      if (roll < 0.55) randomOp(ed, rnd);
      else if (roll < 0.62) ed.undo();
      else if (roll < 0.66) ed.redo();
      else await sync(ed, rnd() > 0.2);
    }
    for (let round = 0; round < 2; round++) for (const ed of tabs) await sync(ed, true);
    const want = JSON.stringify(sim.doc.toKm());
    for (const ed of tabs) expect(JSON.stringify(ed.doc.toKm())).toBe(want);
    expect(canonical((await t.get(t.tokens.normal, `/api/course/mindStudent/showMind?caseId=${caseId}`)).data.document)).toBe(want);
    // a process without the cached head rebuilds the same map from the snapshot and the log
    t.app.mapHeads.drop(caseRef('stu-0001', caseId));
    expect(canonical((await t.get(t.tokens.normal, `/api/course/mindStudent/showMind?caseId=${caseId}`)).data.document)).toBe(want);
  });
});
