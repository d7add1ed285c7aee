import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import type { AppliedSet, ChangeSet } from '../model/change-set';
import type { KmDocument } from '../model/types';
import { mulberry32, randomOp } from '../testing/random-ops';
import { SimServer } from './sim-server';
import { mapText, SMALL_MAP } from '../testing/sync-fixtures';

const START = SMALL_MAP;
const text = (km: KmDocument) => mapText(km);
const json = (ed: MindEditor) => text(ed.doc.toKm());

interface Tab {
  ed: MindEditor;
  /** A save sent whose answer never came (the network dropped it): resent with the next one. */
  online: boolean;
}

function sync(server: SimServer, tab: Tab, answered = true): void {
  const { version, sets } = tab.ed.takeChangeSets();
  const reply: AppliedSet[] = server.save(version, structuredClone(sets) as ChangeSet[]);
  if (answered) tab.ed.receiveChangeSets(reply);
}

describe('tabs of one map syncing by change sets (property)', () => {
  it('converge on the server map, which is its log replayed; nothing acknowledged is lost', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 2, max: 5 }), fc.integer({ min: 5, max: 60 }), (seed, tabCount, steps) => {
        const rnd = mulberry32(seed);
        const server = new SimServer(START);
        const tabs: Tab[] = Array.from({ length: tabCount }, (_, i) => {
          const ed = new MindEditor();
          ed.load(structuredClone(START));
          ed.startSync(`t${i}`, 0);
          return { ed, online: true };
        });
        const acknowledged: AppliedSet[] = [];
        for (let i = 0; i < steps; i++) {
          const tab = tabs[Math.floor(rnd() * tabs.length)];
          const roll = rnd();
          if (roll < 0.5) randomOp(tab.ed, rnd);
          else if (roll < 0.6) tab.ed.undo();
          else if (roll < 0.65) tab.ed.redo();
          else if (roll < 0.7) tab.online = !tab.online;
          else if (roll < 0.75) server.restart();
          else if (tab.online) {
            const lost = rnd() < 0.2;
            sync(server, tab, !lost);
            if (!lost) acknowledged.push(...server.since(0));
          }
        }
        for (const tab of tabs) tab.online = true;
        for (let round = 0; round < 2; round++) for (const tab of tabs) sync(server, tab);
        const want = text(server.doc.toKm());
        for (const tab of tabs) expect(json(tab.ed)).toBe(want);
        for (const tab of tabs) expect(tab.ed.takeChangeSets().sets).toEqual([]);
        // the log replayed from the start is the map (a server restarted from its database)
        server.restart();
        expect(text(server.doc.toKm())).toBe(want);
        // every set ever acknowledged is still in the log, as it was applied
        const log = new Map(server.log.map((s) => [s.id, JSON.stringify(s.changes)]));
        for (const s of acknowledged) expect(log.get(s.id)).toBe(JSON.stringify(s.changes));
      }),
      { numRuns: 60 },
    );
  });
});
