import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { ApiFailure } from '../../app/ui/use-remote';
import { SimServer, createEngineHost, localEngine, type EngineClient } from '../../mindmap/testing';
import { MindDoc, type DraftStore, type KmDocument, draftKey, idbDraftStore, keptTitleEdit, withSyncCopy } from '../../mindmap';
import { Autosaver } from './autosave';

// The autosaver saving by change sets, with the real engine behind the worker protocol and the
// server's rule for sets (engine/sync/sim-server.ts, which the route implements and is tested
// against in the server suite). Timers are faked as in autosave.test.ts.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('never settled');
}

const START: KmDocument = {
  root: { data: { id: 'r', text: '中心' }, children: [{ data: { id: 'a', text: 'A' } }, { data: { id: 'b', text: 'B' } }] },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

/** The server: whole saves (version check) and change sets on one map, counting what each save sent. */
function server() {
  const sim = new SimServer(START);
  let wholeAt = 0;
  const sent = { whole: 0, sets: 0 };
  return {
    sim,
    sent,
    /** catch-ups that had to ask the server */
    fetched: 0,
    /** event-loop turns a catch-up's request takes */
    fetchTicks: 0,
    save: async (doc: KmDocument, version: number) => {
      if (version !== sim.version) throw new ApiFailure('思维导图已在其他页面更新，请刷新后再保存', 409);
      sent.whole++;
      sim.doc = new MindDoc(structuredClone(doc));
      sim.version++;
      wholeAt = sim.version;
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

async function tab(
  srv: ReturnType<typeof server>,
  name: string,
  drafts: DraftStore = idbDraftStore(),
  key = draftKey('s1', `case-${name}-${Math.random()}`),
): Promise<{ engine: EngineClient; saver: Autosaver }> {
  const engine = localEngine(createEngineHost());
  await engine.load(structuredClone(srv.sim.doc.toKm()));
  await engine.startSync(name, srv.sim.version);
  const saver = new Autosaver(
    {
      snapshot: () => engine.toKm(),
      save: srv.save,
      drafts,
      key,
      changes: {
        take: () => engine.takeChangeSets(),
        send: srv.send,
        receive: async (sets) => engine.receiveChangeSets(sets),
        wholeSaved: (v, seq) => engine.wholeSaved(v, name, seq),
        fetch: async (since) => {
          srv.fetched++;
          // a request takes longer than the worker's apply (as over a network)
          for (let i = 0; i < srv.fetchTicks; i++) await new Promise((r) => setImmediate(r));
          return { version: srv.sim.version, sets: srv.sim.since(since) };
        },
      },
    },
    srv.sim.version,
  );
  return { engine, saver };
}

const rename = async (t: { engine: EngineClient; saver: Autosaver }, id: string, text: string) => {
  await t.engine.execute('editText', [id, text]);
  t.saver.markDirty();
};
const textOf = async (engine: EngineClient, id: string) => (await engine.getNodeData(id)).text;

describe('autosave by change sets', () => {
  it('a title confirmed for a topic not made yet, the page going before any read answered: kept with no sets (a slow device)', async () => {
    const srv = server();
    const key = draftKey('s1', `case-slow-${Math.random()}`);
    const t = await tab(srv, 't1', withSyncCopy(idbDraftStore(), localStorage), key);
    await rename(t, 'a', '先存一次');
    await t.saver.flush();
    // a worker too busy to answer: the read the open field started never comes back in time
    vi.spyOn(t.engine, 'takeChangeSets').mockReturnValue(new Promise(() => {}));
    t.saver.prime();
    t.saver.confirmInsert({ name: 'appendSibling', at: 'a' }, '关闭前的新主题');
    t.saver.keepNow();
    const kept = JSON.parse(localStorage.getItem(`xuetu-mindmap-draft:${key}`)!);
    expect(kept).toMatchObject({ baseVersion: srv.sim.version, sets: [], typed: [{ at: { name: 'appendSibling', at: 'a' }, text: '关闭前的新主题' }] });
  });

  it('a topic inserted and answered, its title confirmed, the page going before the read after the insert answered: kept, and made again on reopening', async () => {
    const srv = server();
    const key = draftKey('s1', `case-made-${Math.random()}`);
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const first = await tab(srv, 't0');
    await rename(first, 'a', '先存一次');
    await first.saver.flush();
    // a page opening the saved map: the saver starts from its version
    const t = await tab(srv, 't1', drafts, key);
    t.saver.resolve(srv.sim.version, false);
    await new Promise((r) => setImmediate(r));
    // the worker answered the insert; the read after it never comes back in time
    const at = { name: 'appendSibling', at: 'a' } as const;
    const id = (await t.engine.execute(at.name, [at.at, '分支主题'])).result as string;
    vi.spyOn(t.engine, 'takeChangeSets').mockReturnValue(new Promise(() => {}));
    t.saver.markDirty();
    t.saver.confirm({ id, text: '刚建的主题', at });
    t.saver.keepNow();
    const draft = (await drafts.get(key))!;
    expect(draft.sets).toEqual([]);
    const again = localEngine(createEngineHost());
    await again.load(structuredClone(srv.sim.doc.toKm()));
    for (const kept of draft.typed!) {
      const doc = new MindDoc(await again.toKm());
      const edit = keptTitleEdit((i) => (doc.byId.has(i) ? doc.get(i).data : undefined) as { text: string } | undefined, kept);
      expect(edit && 'insert' in edit).toBe(true);
      if (edit && 'insert' in edit) await again.execute(edit.insert[0].name, [edit.insert[0].at, edit.insert[1]]);
    }
    expect((await again.toKm()).root.children!.map((c) => c.data.text)).toEqual(['先存一次', '刚建的主题', 'B']);
  });

  it('Enter before the insert was answered, then its title sent once it was: one kept title, with where the topic was made', async () => {
    const srv = server();
    const key = draftKey('s1', `case-once-${Math.random()}`);
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const t = await tab(srv, 't1', drafts, key);
    await rename(t, 'a', '先存一次');
    await t.saver.flush();
    const at = { name: 'appendSibling', at: 'a' } as const;
    const answered = t.saver.confirmInsert(at, '早按的回车');
    const id = (await t.engine.execute(at.name, [at.at, '分支主题'])).result as string;
    vi.spyOn(t.engine, 'takeChangeSets').mockReturnValue(new Promise(() => {}));
    t.saver.markDirty();
    answered(id);
    t.saver.confirm({ id, text: '早按的回车' });
    t.saver.keepNow();
    // (two would make the topic, then say the second one's topic was deleted elsewhere)
    expect((await drafts.get(key))!.typed).toEqual([{ id, at, text: '早按的回车' }]);
  });

  it("its first edit made, the page going before that edit's read answered: the titles confirmed are kept (the read made on opening stands in)", async () => {
    const srv = server();
    const key = draftKey('s1', `case-first-${Math.random()}`);
    const first = await tab(srv, 't0');
    await rename(first, 'a', '先存一次');
    await first.saver.flush();
    // a page opening the saved map: the saver starts from its version, no edit read yet
    const t = await tab(srv, 't1', withSyncCopy(idbDraftStore(), localStorage), key);
    t.saver.resolve(srv.sim.version, false);
    await new Promise((r) => setImmediate(r));
    // a worker too busy to answer the read after the next edit
    await t.engine.execute('editText', ['b', '乙改']);
    vi.spyOn(t.engine, 'takeChangeSets').mockReturnValue(new Promise(() => {}));
    t.saver.markDirty();
    t.saver.confirm({ id: 'b', text: '乙改' });
    t.saver.confirmInsert({ name: 'appendSibling', at: 'b' }, '新主题');
    t.saver.keepNow();
    const kept = JSON.parse(localStorage.getItem(`xuetu-mindmap-draft:${key}`)!);
    expect(kept.typed.map((k: { text: string }) => k.text)).toEqual(['乙改', '新主题']);
  });

  it('an edit reads only its change sets: the drafts (IndexedDB, and the copy kept as the page goes) hold them, never the whole map, and replay to the edit', async () => {
    const srv = server();
    const key = draftKey('s1', `case-light-${Math.random()}`);
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const t = await tab(srv, 't1', drafts, key);
    await rename(t, 'a', '先存一次');
    await t.saver.flush();
    const toKm = vi.spyOn(t.engine, 'toKm');
    await rename(t, 'b', '草稿');
    await vi.advanceTimersByTimeAsync(200);
    await until(async () => !!(await idbDraftStore().get(key))?.sets?.length);
    const stored = (await idbDraftStore().get(key))!;
    expect(stored.document).toBeUndefined();
    expect(stored.baseVersion).toBe(srv.sim.version);
    t.saver.keepNow();
    const kept = localStorage.getItem(`xuetu-mindmap-draft:${key}`)!;
    expect(JSON.parse(kept).document).toBeUndefined();
    // a one-topic rename's draft: its change, not the map
    expect(kept.length).toBeLessThan(1000);
    // no whole read of the map after the first save (the draft, the save)
    await t.saver.flush();
    expect(toKm).not.toHaveBeenCalled();
    // reopened on the server's map as it was before that save, the kept sets give the edit
    const reopened = localEngine(createEngineHost());
    await reopened.load(structuredClone(START));
    await reopened.replayPending(JSON.parse(kept).sets);
    expect(await textOf(reopened, 'b')).toBe('草稿');
  });

  it('saves the first time whole, then only the change; the version follows the server', async () => {
    const srv = server();
    const t = await tab(srv, 't1');
    await rename(t, 'a', '第一次');
    await t.saver.flush();
    expect(srv.sent).toEqual({ whole: 1, sets: 0 });
    await rename(t, 'b', '第二次');
    await t.saver.flush();
    expect(srv.sent).toEqual({ whole: 1, sets: 1 });
    expect(t.saver.version).toBe(2);
    expect(srv.sim.doc.get('b').data.text).toBe('第二次');
  });

  it('two tabs rename different topics: both renames are kept in both tabs and on the server, with no conflict', async () => {
    const srv = server();
    const one = await tab(srv, 't1');
    const two = await tab(srv, 't2');
    const conflicts: unknown[] = [];
    one.saver.onConflict = two.saver.onConflict = (d) => conflicts.push(d);
    // the first saves of both tabs: the second one is merged (reload + replay), not a conflict
    two.saver.onReload = async () => {
      const pending = await two.engine.takeChangeSets();
      await two.engine.load(structuredClone(srv.sim.doc.toKm()));
      const r = await two.engine.replayPending(pending.sets);
      await two.engine.startSync('t2', srv.sim.version, { pending: r.pending, seq: pending.seq });
      return srv.sim.version;
    };
    await rename(one, 'a', '甲改');
    await one.saver.flush();
    await rename(two, 'b', '乙改');
    await two.saver.flush();
    await until(() => two.saver.state === 'dirty' || two.saver.state === 'saved');
    await two.saver.flush();
    await rename(one, 'a', '甲再改');
    await one.saver.flush();
    await two.saver.catchUp();
    expect(conflicts).toEqual([]);
    for (const t of [one, two]) {
      expect(await textOf(t.engine, 'a')).toBe('甲再改');
      expect(await textOf(t.engine, 'b')).toBe('乙改');
    }
    expect(srv.sim.doc.get('a').data.text).toBe('甲再改');
    expect(srv.sim.doc.get('b').data.text).toBe('乙改');
  });

  it('sets a live frame brought are applied as they are when they follow on; a gap is asked for', async () => {
    const srv = server();
    const one = await tab(srv, 't1');
    await rename(one, 'a', '先存一次');
    await one.saver.flush();
    const two = await tab(srv, 't2');
    await rename(one, 'a', '第二次');
    await one.saver.flush();
    // the live socket's `set` frame: the version right after two's
    await two.saver.catchUp(srv.sim.since(two.saver.version));
    expect(srv.fetched).toBe(0);
    expect(await textOf(two.engine, 'a')).toBe('第二次');
    expect(two.saver.version).toBe(srv.sim.version);
    // a frame already applied changes nothing
    await two.saver.catchUp(srv.sim.since(srv.sim.version - 1));
    expect(srv.fetched).toBe(0);
    // two saves, and only the second one's frame reached the page (a gap): it asks for both
    await rename(one, 'a', '第三次');
    await one.saver.flush();
    await rename(one, 'b', '乙第三次');
    await one.saver.flush();
    await two.saver.catchUp(srv.sim.since(srv.sim.version - 1));
    expect(srv.fetched).toBe(1);
    expect([await textOf(two.engine, 'a'), await textOf(two.engine, 'b')]).toEqual(['第三次', '乙第三次']);
  });

  it('frames heard in a row, or while its own save is on its way, are all applied (none dropped)', async () => {
    const srv = server();
    const one = await tab(srv, 't1');
    await rename(one, 'a', '先存一次');
    await one.saver.flush();
    const two = await tab(srv, 't2');
    await rename(one, 'a', '一');
    await one.saver.flush();
    const first = srv.sim.since(srv.sim.version - 1);
    await rename(one, 'b', '二');
    await one.saver.flush();
    const second = srv.sim.since(srv.sim.version - 1);
    srv.fetchTicks = 50;
    // the second frame comes while the first is being applied
    await Promise.all([two.saver.catchUp(first), two.saver.catchUp(second)]);
    await until(async () => two.saver.version === srv.sim.version);
    expect([await textOf(two.engine, 'a'), await textOf(two.engine, 'b')]).toEqual(['一', '二']);

    // a frame heard while two's own save is on its way, of a set stored after that save
    await rename(two, 'a', '两页的一');
    const saving = two.saver.flush();
    await rename(one, 'b', '三');
    await one.saver.flush();
    await two.saver.catchUp(srv.sim.since(srv.sim.version - 1));
    await saving;
    await until(async () => two.saver.version === srv.sim.version);
    expect(await textOf(two.engine, 'b')).toBe('三');
  });

  it('an edit to a topic another tab deleted meanwhile brings the topic back with it, said; the rest of the set kept', async () => {
    const srv = server();
    const one = await tab(srv, 't1');
    await rename(one, 'a', '先存一次');
    await one.saver.flush();
    const two = await tab(srv, 't2');
    await one.engine.execute('removeNode', [['b']]);
    one.saver.markDirty();
    await one.saver.flush();
    const notices: string[][] = [];
    two.saver.onNotices = (n) => notices.push(n);
    await rename(two, 'b', '已删的主题');
    await rename(two, 'a', '还在的主题');
    await two.saver.flush();
    expect(await textOf(two.engine, 'a')).toBe('还在的主题');
    expect(await textOf(two.engine, 'b')).toBe('已删的主题');
    expect(notices.flat()).toContain('「B」已在别处删除；你在其中的修改保留了，这个分支已恢复');
    expect(srv.sim.doc.get('b').data.text).toBe('已删的主题');
    // the tab that deleted it gets it back on its next catch-up: one map everywhere
    await one.saver.flush();
  });

  it('the page goes while its last save is on its way and a title is still unanswered: reopened on the map that save made, both are there', async () => {
    const srv = server();
    const engine = localEngine(createEngineHost());
    await engine.load(structuredClone(srv.sim.doc.toKm()));
    await engine.startSync('t1', srv.sim.version);
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const key = draftKey('s1', `case-gone-${Math.random()}`);
    let gone = false;
    const saver = new Autosaver(
      {
        snapshot: () => engine.toKm(),
        save: srv.save,
        drafts,
        key,
        changes: {
          take: () => engine.takeChangeSets(),
          // once the page is going, the server stores the sets but its answer never arrives
          send: async (base, sets) => {
            const reply = await srv.send(base, sets);
            if (gone) await new Promise(() => {});
            return reply;
          },
          receive: async (sets) => engine.receiveChangeSets(sets),
          wholeSaved: (v, seq) => engine.wholeSaved(v, 't1', seq),
          fetch: async (since) => {
            srv.fetched++;
            // a request takes longer than the worker's apply (as over a network)
            for (let i = 0; i < srv.fetchTicks; i++) await new Promise((r) => setImmediate(r));
            return { version: srv.sim.version, sets: srv.sim.since(since) };
          },
        },
      },
      srv.sim.version,
    );
    await rename({ engine, saver }, 'a', '第一次');
    await saver.flush();
    await rename({ engine, saver }, 'b', '乙改');
    gone = true;
    void saver.flush();
    await until(() => srv.sim.doc.get('b').data.text === '乙改');
    // Enter on 甲's new title and on a new topic after 乙: the worker answers neither before the page is gone
    saver.confirm({ id: 'a', text: '甲最后' });
    saver.confirmInsert({ name: 'appendSibling', at: 'b' }, '新的');
    saver.keepNow();

    const draft = (await drafts.get(key))!;
    expect(draft.typed).toEqual([
      { id: 'a', text: '甲最后' },
      { at: { name: 'appendSibling', at: 'b' }, text: '新的' },
    ]);
    expect(srv.sim.version).toBeGreaterThan(draft.baseVersion);
    // reopened: the server's newer map, the draft's sets replayed on it, then its kept titles
    const again = localEngine(createEngineHost());
    await again.load(structuredClone(srv.sim.doc.toKm()));
    const r = await again.replayPending(draft.sets!);
    await again.startSync('t2', srv.sim.version, { pending: r.pending, seq: draft.seq ?? 0 });
    for (const kept of draft.typed!) {
      const doc = new MindDoc(await again.toKm());
      const edit = keptTitleEdit((id) => (doc.byId.has(id) ? doc.get(id).data : undefined) as { text: string } | undefined, kept);
      if (edit && 'rename' in edit) await again.execute('editText', edit.rename);
      else if (edit && 'insert' in edit) await again.execute(edit.insert[0].name, [edit.insert[0].at, edit.insert[1]]);
    }
    const km = await again.toKm();
    expect(km.root.children!.map((c) => c.data.text)).toEqual(['甲最后', '乙改', '新的']);
  });
});
