import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../app/ui/use-remote';
import { type KmDocument, type KmNode, withText, draftKey, idbDraftStore, withSyncCopy } from '../../mindmap';
import { Autosaver, type SaveState } from './autosave';

// The autosave's timers are faked (its real delays: 1.5 s debounce, 200 ms draft, 5 s retry), so
// the clock moves only when a test says so. IndexedDB (fake-indexeddb) runs its callbacks on
// setImmediate, which stays real: `until` lets it settle without moving the clock.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('never settled');
}
const doc = (text: string): KmDocument => ({ root: { data: { id: 'r', text } }, template: 'default', theme: 'fresh-blue', version: '1.4.43' });

function setup(save: (d: KmDocument, v: number) => Promise<number>, version = 0) {
  let current = doc('一');
  const drafts = idbDraftStore();
  const key = draftKey('s1', `case-${Math.random()}`);
  const saver = new Autosaver({ snapshot: async () => current, save, drafts, key }, version);
  const states: SaveState[] = [];
  saver.onState = (s) => states.push(s);
  const draftText = async () => (await drafts.get(key))?.document?.root.data.text;
  return { saver, drafts, key, states, draftText, edit: (t: string) => ((current = doc(t)), saver.markDirty()) };
}

describe('autosave', () => {
  it('debounces a burst of edits into one save 1.5 s after the last, with the version, then drops the draft', async () => {
    const save = vi.fn(async (_d: KmDocument, v: number) => v + 1);
    const t = setup(save, 4);
    t.edit('二');
    await vi.advanceTimersByTimeAsync(1000);
    t.edit('三'); // restarts the debounce
    // the draft is written 200 ms after the change, long before the server save
    await vi.advanceTimersByTimeAsync(200);
    await until(async () => (await t.draftText()) === '三');
    await vi.advanceTimersByTimeAsync(1299);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await until(() => t.saver.state === 'saved');
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0].root.data.text).toBe('三');
    expect(save.mock.calls[0][1]).toBe(4);
    expect(t.saver.version).toBe(5);
    expect(t.states).toEqual(['dirty', 'saving', 'saved']);
    await until(async () => (await t.drafts.get(t.key)) === undefined);
  });

  it('a student editing without a pause is saved 5 s after the first change, not only once they stop', async () => {
    const save = vi.fn(async (_d: KmDocument, v: number) => v + 1);
    const t = setup(save, 4);
    for (let k = 0; k < 5; k++) {
      t.edit(`第${k}次`); // one change a second: each restarts the 1.5 s debounce
      await vi.advanceTimersByTimeAsync(1000);
    }
    // 5 s after the first change the save runs, with what was made by then
    await until(() => save.mock.calls.length === 1);
    expect(save.mock.calls[0][0].root.data.text).toBe('第4次');
    t.edit('第5次');
    await vi.advanceTimersByTimeAsync(1000);
    t.edit('第6次');
    await vi.advanceTimersByTimeAsync(1499);
    expect(save).toHaveBeenCalledTimes(1);
    // then the debounce again: 1.5 s after the last change (the first unsent one is 2.5 s old)
    await vi.advanceTimersByTimeAsync(1);
    await until(() => save.mock.calls.length === 2);
    expect(save.mock.calls[1][0].root.data.text).toBe('第6次');
  });

  it('reads the document once per save: the draft and the save share the read made after the change', async () => {
    const save = vi.fn(async (_d: KmDocument, v: number) => v + 1);
    let reads = 0;
    const drafts = idbDraftStore();
    const key = draftKey('s1', `case-${Math.random()}`);
    let current = doc('一');
    const saver = new Autosaver({ snapshot: async () => (reads++, current), save, drafts, key, delayMs: 60, draftDelayMs: 5 }, 0);
    current = doc('二');
    saver.markDirty();
    await vi.waitFor(() => expect(saver.state).toBe('saved'));
    expect(save.mock.calls[0][0].root.data.text).toBe('二');
    expect(reads).toBe(1);
    // A change after the read is read again before it is saved.
    current = doc('三');
    saver.markDirty();
    await saver.flush();
    expect(save.mock.calls[1][0].root.data.text).toBe('三');
    expect(reads).toBe(2);
    saver.dispose();
  });

  it('a 409 stops saving and hands over my document; resolve() continues from the new version', async () => {
    let calls = 0;
    const save = vi.fn(async (_d: KmDocument, v: number) => {
      if (calls++ === 0) throw new ApiFailure('思维导图已在其他页面更新', 409);
      return v + 1;
    });
    const t = setup(save, 1);
    const mine: KmDocument[] = [];
    t.saver.onConflict = (d) => mine.push(d);
    t.edit('我的');
    await vi.advanceTimersByTimeAsync(1500);
    await until(() => t.saver.state === 'conflict');
    expect(mine[0].root.data.text).toBe('我的');
    // the draft survives a conflict
    expect(await t.draftText()).toBe('我的');
    t.edit('我的2');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    t.saver.resolve(7, true);
    await vi.advanceTimersByTimeAsync(1500);
    await until(() => t.saver.state === 'saved');
    expect(save).toHaveBeenLastCalledWith(expect.anything(), 7, expect.stringMatching(/^[\w-]{1,64}$/));
  });

  it('offline keeps the draft and retries after 5 s; other API errors stay unsaved with a message', async () => {
    let online = false;
    const save = vi.fn(async (_d: KmDocument, v: number) => {
      if (!online) throw new Error('Network Error');
      return v + 1;
    });
    const t = setup(save);
    let told = 0;
    t.saver.onOffline = () => told++;
    t.edit('离线');
    await vi.advanceTimersByTimeAsync(1500);
    await until(() => t.saver.state === 'offline');
    expect(await t.draftText()).toBe('离线');
    // said once (the edits are kept here), not again for each retry that fails
    expect(told).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    await until(() => save.mock.calls.length === 2 && t.saver.state === 'offline');
    expect(told).toBe(1);
    online = true;
    await vi.advanceTimersByTimeAsync(4999);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => t.saver.state === 'saved');
    await until(async () => (await t.drafts.get(t.key)) === undefined);
    // offline again after a save went through: said again
    online = false;
    t.edit('又离线');
    await vi.advanceTimersByTimeAsync(1500);
    await until(() => t.saver.state === 'offline');
    expect(told).toBe(2);

    const refused = setup(async () => {
      throw new ApiFailure('您正在进行学生端体验，管理案例课程请登录教师端进行。', 403);
    });
    const errors: string[] = [];
    refused.saver.onError = (m) => errors.push(m);
    refused.edit('x');
    await vi.advanceTimersByTimeAsync(1500);
    await until(() => refused.saver.state === 'refused');
    // the same refusal is said once, not once per autosave; the draft keeps the work
    refused.edit('y');
    await refused.saver.flush();
    expect(refused.saver.state).toBe('refused');
    expect(errors).toEqual(['您正在进行学生端体验，管理案例课程请登录教师端进行。']);
    expect(await refused.draftText()).toBe('y');
  });

  it('retry (重试, Ctrl+S) saves a refused map now, with no new edit; a refusal again is said again (issue 31.7)', async () => {
    let accept = false;
    const t = setup(async (_d, v) => {
      if (!accept) throw new ApiFailure('您尚未报名该案例，请先报名再学习', 403);
      return v + 1;
    });
    const errors: string[] = [];
    t.saver.onError = (m) => errors.push(m);
    t.edit('x');
    await vi.advanceTimersByTimeAsync(1500);
    await until(() => t.saver.state === 'refused');
    await t.saver.retry();
    expect(t.saver.state).toBe('refused');
    expect(errors).toHaveLength(2);
    accept = true; // applied for the case in another tab
    await t.saver.retry();
    expect(t.saver.state).toBe('saved');
    expect(t.saver.version).toBe(1);
    expect(await t.draftText()).toBeUndefined();
  });

  it('keepNow keeps the last document read synchronously; the newer copy is the draft', async () => {
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const key = draftKey('s1', `case-${Math.random()}`);
    let current = doc('一');
    const saver = new Autosaver({ snapshot: async () => current, save: async (_d, v) => v + 1, drafts, key }, 3);
    current = doc('刚改的');
    saver.markDirty();
    // the in-memory copy is read at once (promises settle; the clock does not move), not after the draft delay
    await vi.advanceTimersByTimeAsync(0);
    saver.keepNow();
    saver.dispose();
    expect((await drafts.get(key))?.document?.root.data.text).toBe('刚改的');
    expect((await drafts.get(key))?.baseVersion).toBe(3);
    await drafts.delete(key);
    expect(await drafts.get(key)).toBeUndefined();
  });

  it('keepNow(typed): text committed from the open edit field is in the kept draft, also before any edit, until a read has it', async () => {
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const key = draftKey('s1', `case-${Math.random()}`);
    const two = (text: string): KmDocument => ({
      ...doc('根'),
      root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: '甲' } }, { data: { id: 'b', text } }] },
    });
    let current = two('乙');
    const saver = new Autosaver({ snapshot: async () => current, save: async (_d, v) => v + 1, drafts, key, delayMs: 10_000, draftDelayMs: 10_000 }, 2);
    saver.prime(); // the edit field opened: no change yet, the document is read once
    await vi.advanceTimersByTimeAsync(0);
    const before = current;
    saver.keepNow({ id: 'b', text: '正在输入' });
    const kept = (await drafts.get(key))!;
    expect(kept.document!.root.children?.map((c) => c.data.text)).toEqual(['甲', '正在输入']);
    const copy = withText(before, { id: 'b', text: '正在输入' });
    expect(copy.root.children?.[0]).toBe(before.root.children?.[0]); // only the path to the node is copied
    expect(before.root.children?.[1].data.text).toBe('乙');
    // A second page-hide event (beforeunload, then pagehide) still keeps it …
    saver.keepNow();
    expect((await drafts.get(key))?.document?.root.children?.[1].data.text).toBe('正在输入');
    // … until a read after the commit has it: from then on the document read is kept as it is.
    current = two('正在输入');
    saver.markDirty();
    await vi.advanceTimersByTimeAsync(0);
    current = two('后来');
    saver.markDirty();
    await vi.advanceTimersByTimeAsync(0);
    saver.keepNow();
    saver.dispose();
    expect((await drafts.get(key))?.document?.root.children?.[1].data.text).toBe('后来');
  });

  it('titles confirmed with Enter are in the kept copy at once, before the worker answers, until a read started after them has them', async () => {
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const key = draftKey('s1', `case-${Math.random()}`);
    const two = (a: string, b: string): KmDocument => ({
      ...doc('根'),
      root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: a } }, { data: { id: 'b', text: b } }] },
    });
    // The worker answers reads only when the test says so: a read under way when Enter is pressed
    // started before the rename and cannot have it.
    let current = two('甲', '乙');
    const answers: Array<() => void> = [];
    const snapshot = () => new Promise<KmDocument>((r) => answers.push(() => r(current)));
    const saver = new Autosaver({ snapshot, save: async (_d, v) => v + 1, drafts, key, delayMs: 10_000, draftDelayMs: 10_000 }, 2);
    const texts = async () => (await drafts.get(key))?.document?.root.children?.map((c) => c.data.text);
    saver.prime();
    answers.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    saver.markDirty(); // an earlier edit: its read is under way
    saver.confirm({ id: 'a', text: '甲改' });
    saver.confirm({ id: 'b', text: '乙改' });
    saver.keepNow(); // the tab closes 0 ms after the second Enter
    expect(await texts()).toEqual(['甲改', '乙改']);
    answers.shift()!(); // the read begun before the renames answers without them: still kept
    await vi.advanceTimersByTimeAsync(0);
    saver.keepNow();
    expect(await texts()).toEqual(['甲改', '乙改']);
    current = two('甲改', '乙改');
    saver.markDirty(); // the worker applied them; a read after them has them, and later changes win
    answers.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    current = two('甲改', '后来');
    saver.markDirty();
    answers.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    saver.keepNow();
    saver.dispose();
    expect(await texts()).toEqual(['甲改', '后来']);
  });

  it('a title confirmed for a topic still being inserted is kept with the topic where it goes; a refused insert is not', async () => {
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const key = draftKey('s1', `case-${Math.random()}`);
    let current: KmDocument = {
      ...doc('根'),
      root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: '甲' } }, { data: { id: 'b', text: '乙' } }] },
    };
    const saver = new Autosaver({ snapshot: async () => current, save: async (_d, v) => v + 1, drafts, key, delayMs: 10_000, draftDelayMs: 10_000 }, 2);
    const outline = async () => {
      const walk = (n: KmNode): string => `${n.data.text}${n.children?.length ? `(${n.children.map(walk).join(' ')})` : ''}`;
      return walk((await drafts.get(key))!.document!.root);
    };
    saver.prime();
    await vi.advanceTimersByTimeAsync(0);
    // Tab on 甲, typed, Enter; Enter, typed, Enter: the tab closes before the worker made either topic.
    const child = saver.confirmInsert({ name: 'appendChild', at: 'a' }, '甲的下级');
    const sibling = saver.confirmInsert({ name: 'appendSibling', at: 'a' }, '甲的同级');
    saver.confirmInsert({ name: 'appendSibling', at: 'r' }, '根的下级');
    saver.keepNow();
    expect(await outline()).toBe('根(甲(甲的下级) 甲的同级 乙 根的下级)');
    // The worker refuses the second: it goes at once.
    sibling('');
    saver.keepNow();
    expect(await outline()).toBe('根(甲(甲的下级) 乙 根的下级)');
    // It made the first: its patch starts a read, which has the topic still as 分支主题; then the
    // answer reaches the field, which sends the title (text-edit.ts#endInsert → confirm).
    current = {
      ...current,
      root: { ...current.root, children: [{ data: { id: 'a', text: '甲' }, children: [{ data: { id: 'n', text: '分支主题' } }] }, current.root.children![1]] },
    };
    saver.markDirty();
    child('n');
    saver.confirm({ id: 'n', text: '甲的下级' });
    saver.keepNow();
    expect(await outline()).toBe('根(甲(甲的下级) 乙 根的下级)');
    await vi.advanceTimersByTimeAsync(0);
    saver.keepNow(); // the read has the topic: it gets the title, no second topic
    expect(await outline()).toBe('根(甲(甲的下级) 乙 根的下级)');
    // A read begun after the answer (and the rename sent with it) is kept as it is.
    current = {
      ...current,
      root: { ...current.root, children: [{ data: { id: 'a', text: '甲' }, children: [{ data: { id: 'n', text: '后来' } }] }, current.root.children![1]] },
    };
    saver.markDirty();
    await vi.advanceTimersByTimeAsync(0);
    saver.keepNow();
    saver.dispose();
    expect(await outline()).toBe('根(甲(后来) 乙 根的下级)');
  });

  it('a closed engine (snapshot rejects) never rejects the flush; nothing opened means nothing saved', async () => {
    const save = vi.fn(async (_d: KmDocument, v: number) => v + 1);
    const gone = new Autosaver(
      { snapshot: () => Promise.reject(new Error('Proxy has been released and is not useable')), save, drafts: idbDraftStore(), key: 'k-gone' },
      0,
    );
    gone.markDirty();
    await expect(gone.flush()).resolves.toBeUndefined();
    gone.dispose();

    let opened = false;
    const t = new Autosaver({ snapshot: async () => doc(''), save, drafts: idbDraftStore(), key: 'k-unopened', canSave: () => opened }, 0);
    t.markDirty();
    await t.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).not.toHaveBeenCalled();
    expect(t.state).toBe('saved');
    opened = true;
    t.markDirty();
    await t.flush();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('flush saves at once (page hide)', async () => {
    const save = vi.fn(async (_d: KmDocument, v: number) => v + 1);
    const t = setup(save);
    t.edit('马上');
    await t.saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
    await t.saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
  });
});
