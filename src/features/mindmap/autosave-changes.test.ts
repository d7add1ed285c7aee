import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { createEngineHost, localEngine } from '../../mindmap/testing';
import { draftKey, idbDraftStore, withSyncCopy } from '../../mindmap';
import { START, reloadsFrom, rename, server, tab, textOf, until } from './autosave-test-kit';

// The autosaver saving by change sets, with the real engine behind the worker protocol and the
// server's rule for sets (autosave-test-kit.ts). Timers are faked as in autosave.test.ts.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

/** Every tab shows the topics' titles `texts` (id → title). */
async function bothShow(tabs: Awaited<ReturnType<typeof tab>>[], texts: Record<string, string>): Promise<void> {
  for (const t of tabs) for (const [id, text] of Object.entries(texts)) expect(await textOf(t.engine, id)).toBe(text);
}

/** Two tabs of one student on the kit's server, the conflict choices they would offer recorded. */
async function twoTabs() {
  const srv = server();
  const one = await tab(srv, 't1');
  const two = await tab(srv, 't2');
  const conflicts: unknown[] = [];
  one.saver.onConflict = two.saver.onConflict = (d) => conflicts.push(d);
  return { srv, one, two, conflicts };
}

describe('autosave by change sets', () => {
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
    await reopened.loadSynced(structuredClone(START), false, { tab: 't1', version: 1, sets: JSON.parse(kept).sets });
    expect(await textOf(reopened, 'b')).toBe('草稿');
  });

  it('the first whole saves of two tabs, one while a catch-up opens the map the other saved: both edits kept, no conflict', async () => {
    // (outside walk: two tabs of a map never saved, renamed at the same moment, offered the
    // choice of a version: tab two's catch-up was opening tab one's map when its own first save
    // went out from version 0; that save's 409 came after the map had moved on)
    const { srv, one, two, conflicts } = await twoTabs();
    const turns = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
    };
    // as the page's: the map read over the network, then reopened with the unsaved sets on it
    two.saver.onReload = async () => {
      await turns(10);
      await two.engine.reopen(structuredClone(srv.sim.doc.toKm()), { tab: 't2', version: srv.sim.version });
      return srv.sim.version;
    };
    await rename(one, 'a', '甲改');
    await rename(two, 'b', '乙改');
    await one.saver.flush();
    const save = srv.save;
    srv.save = async (...args: Parameters<typeof save>) => {
      await turns(30); // on its way over the network
      return save(...args);
    };
    const caught = two.saver.catchUp();
    await turns(3); // the catch-up has heard the 409 of its read and is opening the saved map
    await Promise.all([caught, two.saver.flush()]);
    await until(() => two.saver.state === 'saved' || two.saver.state === 'dirty' || two.saver.state === 'conflict');
    await two.saver.flush();
    await one.saver.catchUp();
    expect(conflicts).toEqual([]);
    await bothShow([one, two], { a: '甲改', b: '乙改' });
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
    const { srv, one, two, conflicts } = await twoTabs();
    // the first saves of both tabs: the second one is merged (reload + replay), not a conflict
    reloadsFrom(srv, two, 't2');
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
    await bothShow([one, two], { a: '甲再改', b: '乙改' });
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

  it('a page open on a map never saved hears of its first save (another device’s): it opens that map, its own edits replayed on it', async () => {
    const srv = server();
    const [one, two] = [await tab(srv, 't1'), await tab(srv, 't2')];
    reloadsFrom(srv, two, 't2');
    await rename(two, 'b', '二号页没存的');
    await rename(one, 'a', '一号页先存');
    await one.saver.flush();
    expect(srv.sim.version).toBe(1);
    // the live socket's `reload` frame (a whole save brings no sets)
    await two.saver.catchUp();
    expect([await textOf(two.engine, 'a'), await textOf(two.engine, 'b')]).toEqual(['一号页先存', '二号页没存的']);
    expect(two.saver.version).toBe(1);
    await two.saver.flush();
    expect(srv.sent).toEqual({ whole: 1, sets: 1 });
    expect([srv.sim.doc.get('a').data.text, srv.sim.doc.get('b').data.text]).toEqual(['一号页先存', '二号页没存的']);
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
});
