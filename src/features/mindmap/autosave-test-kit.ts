import { ApiFailure } from '../../app/ui/use-remote';
import { SimServer, createEngineHost, localEngine, type EngineClient } from '../../mindmap/testing';
import { MindDoc, type DraftStore, type KmDocument, draftKey, idbDraftStore } from '../../mindmap';
import { Autosaver, type AutosaveDeps } from './autosave';
import { titleSet } from './autosave-change-saving';

// For the autosaver's tests by change sets (autosave-changes.test.ts, autosave-leaving.test.ts):
// a server with the route's rule for sets (engine/sync/sim-server.ts, which the route implements
// and is tested against in the server suite), and tabs of the real engine saving to it.

export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('never settled');
}

export const START: KmDocument = {
  root: { data: { id: 'r', text: '中心' }, children: [{ data: { id: 'a', text: 'A' } }, { data: { id: 'b', text: 'B' } }] },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

/** The server: whole saves (version check) and change sets on one map, counting what each save sent. */
export function server() {
  const sim = new SimServer(START);
  let wholeAt = 0;
  let named = { id: '', version: -1 };
  /** the id of the last whole save, sets after it or not (ShownMind.wholeSaveId) */
  let lastWholeId = '';
  const sent = { whole: 0, sets: 0 };
  return {
    sim,
    sent,
    /** catch-ups that had to ask the server */
    fetched: 0,
    /** requests sent as the page went (sendAsPageGoes) */
    sentAsPageWent: 0,
    /** event-loop turns a catch-up's request takes */
    fetchTicks: 0,
    wholeSaveId: () => lastWholeId,
    /** the version the last whole save made */
    wholeAt: () => wholeAt,
    save: async (doc: KmDocument, version: number, saveId?: string) => {
      // (as the route: the 409 names the whole save that made the map stored now, while nothing is written over it)
      if (version !== sim.version)
        throw new ApiFailure('思维导图已在其他页面更新，请刷新后再保存', 409, {
          version: sim.version,
          ...(named.version === sim.version ? { saveId: named.id } : {}),
        });
      sent.whole++;
      sim.doc = new MindDoc(structuredClone(doc));
      sim.version++;
      wholeAt = sim.version;
      named = { id: saveId ?? '', version: saveId ? sim.version : -1 };
      lastWholeId = saveId ?? '';
      return sim.version;
    },
    send: async (base: number, sets: Parameters<SimServer['save']>[1]) => {
      if (base < wholeAt) throw new ApiFailure('导图已整体更新', 409);
      sent.sets++;
      const out = sim.save(base, sets);
      return { version: sim.version, sets: out, notices: sim.lastNotices };
    },
  };
}

export async function tab(
  srv: ReturnType<typeof server>,
  name: string,
  drafts: DraftStore = idbDraftStore(),
  key = draftKey('s1', `case-${name}-${Math.random()}`),
  /** the whole save as the page goes (a map never saved), if the test wants one */
  saveAsPageGoes?: (doc: KmDocument, version: number, saveId: string) => boolean,
  /** what the page's editor would add (the keys queued ahead, …) */
  more: Partial<AutosaveDeps> = {},
): Promise<{ engine: EngineClient; saver: Autosaver }> {
  const engine = localEngine(createEngineHost());
  await engine.load(structuredClone(srv.sim.doc.toKm()));
  await engine.startSync(name, srv.sim.version);
  const saver = new Autosaver(
    {
      snapshot: () => engine.toKm(),
      save: (doc, v, id) => srv.save(doc, v, id),
      saveAsPageGoes,
      drafts,
      key,
      ...more,
      changes: {
        take: () => engine.takeChangeSets(),
        send: srv.send,
        // (as fetch keepalive: on its way at once, its answer never read)
        sendAsPageGoes: (base, sets, titles) => {
          srv.sentAsPageWent++;
          const renames = titleSet(`${name}-left:${srv.sentAsPageWent}`, base, titles);
          void srv.send(base, renames ? [...sets, renames] : sets).catch(() => {});
          return true;
        },
        receive: async (sets) => engine.receiveChangeSets(sets),
        wholeSaved: (v, seq) => engine.wholeSaved(v, name, seq),
        fetch: async (since) => {
          srv.fetched++;
          // a request takes longer than the worker's apply (as over a network)
          for (let i = 0; i < srv.fetchTicks; i++) await new Promise((r) => setImmediate(r));
          // (as the route: the log starts at the last whole save; a page behind it opens the map again)
          if (since < srv.wholeAt()) throw new ApiFailure('导图已整体更新', 409);
          return { version: srv.sim.version, sets: srv.sim.since(since) };
        },
      },
    },
    srv.sim.version,
  );
  return { engine, saver };
}

/**
 * `t` opens the server's map with its unsaved sets replayed on it (its onReload, as the page's:
 * use-autosave.ts), resolving the version: for a 409 that says the map was saved whole since.
 */
export function reloadsFrom(srv: ReturnType<typeof server>, t: { engine: EngineClient; saver: Autosaver }, name: string): void {
  t.saver.onReload = async () => {
    // (the unsaved sets taken, the map replaced, the sets replayed and synced: one step, as the page's)
    await t.engine.reopen(structuredClone(srv.sim.doc.toKm()), { tab: name, version: srv.sim.version });
    return srv.sim.version;
  };
}

export const rename = async (t: { engine: EngineClient; saver: Autosaver }, id: string, text: string) => {
  await t.engine.execute('editText', [id, text]);
  t.saver.markDirty();
};
export const textOf = async (engine: EngineClient, id: string) => (await engine.getNodeData(id)).text;
