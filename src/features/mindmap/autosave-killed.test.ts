import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { draftKey, idbDraftStore, type KeptTitle } from '../../mindmap';
import type { AutosaveDeps } from './autosave';
import { rename, server, tab, until } from './autosave-test-kit';

// A browser killed outright (a crash, the power): no pagehide, no synchronous copy — only what
// IndexedDB holds. Measured on a real Chromium (two pages, a burst of new topics, the browser's
// process SIGKILLed): with the draft written 100 ms after a change, a kill 50-100 ms after the
// burst lost the last page's topics. Change sets now go to the draft as soon as the worker
// answers, and a confirmed title at once, beside the sets last read. Real engine, the server's
// rule for sets (autosave-test-kit.ts); timers faked: a draft that waits on a timer is not written.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

/** A page on a map saved once (saving by change sets), its draft in IndexedDB under `key`. */
async function savedOnce(more: Partial<AutosaveDeps> = {}) {
  const srv = server();
  const key = draftKey('s1', `case-killed-${Math.random()}`);
  const t = await tab(srv, 't1', idbDraftStore(), key, undefined, more);
  await rename(t, 'a', '先存一次');
  await t.saver.flush();
  // (the timers of that first edit run out)
  await vi.advanceTimersByTimeAsync(200);
  await idbDraftStore().delete(key);
  return { srv, key, t };
}

describe('a browser killed right after an edit', () => {
  it('a change by change sets is in the IndexedDB draft without waiting for a timer', async () => {
    const { key, t } = await savedOnce();
    await rename(t, 'b', '刚改');
    await vi.advanceTimersByTimeAsync(1);
    await until(async () => !!(await idbDraftStore().get(key))?.sets?.length);
    expect(JSON.stringify((await idbDraftStore().get(key))!.sets)).toContain('刚改');
  });

  it('a title confirmed is in the IndexedDB draft before the worker answers it, no timer run', async () => {
    const { srv, key, t } = await savedOnce();
    t.saver.prime();
    await new Promise((r) => setImmediate(r));
    // the worker is busy: nothing it answers from now on comes back in time
    vi.spyOn(t.engine, 'takeChangeSets').mockReturnValue(new Promise(() => {}));
    t.saver.confirm({ id: 'b', text: '回车确认' });
    t.saver.confirmInsert({ name: 'appendSibling', at: 'b' }, '新建未答');
    await until(async () => ((await idbDraftStore().get(key))?.typed?.length ?? 0) === 2);
    expect((await idbDraftStore().get(key))!).toMatchObject({
      baseVersion: srv.sim.version,
      typed: [
        { id: 'b', text: '回车确认' },
        { at: { name: 'appendSibling', at: 'b' }, text: '新建未答' },
      ],
    });
  });

  it('a title confirmed on a page just opened, before its first read answered: in the IndexedDB draft', async () => {
    const srv = server();
    const first = await tab(srv, 't0');
    await rename(first, 'a', '先存一次');
    await first.saver.flush();
    const key = draftKey('s1', `case-opened-${Math.random()}`);
    const t = await tab(srv, 't1', idbDraftStore(), key);
    // the worker, busy opening the map, answers no read in time
    vi.spyOn(t.engine, 'takeChangeSets').mockReturnValue(new Promise(() => {}));
    t.saver.resolve(srv.sim.version, false);
    t.saver.prime();
    t.saver.confirm({ id: 'b', text: '刚打开就改' });
    await until(async () => !!(await idbDraftStore().get(key)));
    expect((await idbDraftStore().get(key))!).toMatchObject({ baseVersion: srv.sim.version, sets: [], typed: [{ id: 'b', text: '刚打开就改' }] });
  });

  it('keys queued behind an insert the worker has not answered are in the IndexedDB draft as they are queued', async () => {
    let ahead: KeptTitle[] = [];
    const { key, t } = await savedOnce({ keysAhead: () => ahead });
    t.saver.prime();
    await new Promise((r) => setImmediate(r));
    vi.spyOn(t.engine, 'takeChangeSets').mockReturnValue(new Promise(() => {}));
    // (what the editor's keys-ahead answers while Tab, 甲, Enter, Enter, 乙 wait: the editor's own test is burst-ime.test.tsx)
    ahead = [
      { id: 'n1', at: { name: 'appendChild', at: 'b' }, text: '排队甲' },
      { id: 'n2', at: { name: 'appendSibling', at: 'n1' }, text: '排队乙' },
    ];
    t.saver.keepTyped();
    await until(async () => ((await idbDraftStore().get(key))?.typed?.length ?? 0) === 2);
    expect((await idbDraftStore().get(key))!.typed).toEqual(ahead);
    // the keys drained (nothing ahead), a title confirmed: the next draft has it, not a stale queue
    ahead = [];
    t.saver.confirm({ id: 'n1', text: '排队甲', at: { name: 'appendChild', at: 'b' } });
    await until(async () => ((await idbDraftStore().get(key))?.typed?.length ?? 0) === 1);
  });

  it('a map never saved (a whole draft of megabytes) still waits for the draft timer: a burst writes it once', async () => {
    const srv = server();
    const key = draftKey('s1', `case-whole-${Math.random()}`);
    const t = await tab(srv, 't1', idbDraftStore(), key);
    expect(srv.sim.version).toBe(0);
    await rename(t, 'b', '整图');
    t.saver.confirm({ id: 'a', text: '整图标题' });
    await vi.advanceTimersByTimeAsync(50);
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(await idbDraftStore().get(key)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60);
    await until(async () => !!(await idbDraftStore().get(key))?.document);
  });
});
