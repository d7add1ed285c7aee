import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../app/ui/use-remote';
import type { KmDocument } from '../../../engine/model/types';
import { Autosaver, type SaveState } from './autosave';
import { draftKey, idbDraftStore, withSyncCopy } from './draft-store';

// Real timers with short delays: fake-indexeddb schedules its own callbacks on timers.
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const doc = (text: string): KmDocument => ({ root: { data: { id: 'r', text } }, template: 'default', theme: 'fresh-blue', version: '1.4.43' });

function setup(save: (d: KmDocument, v: number) => Promise<number>, version = 0) {
  let current = doc('一');
  const drafts = idbDraftStore();
  const key = draftKey('s1', `case-${Math.random()}`);
  const saver = new Autosaver({ snapshot: async () => current, save, drafts, key, delayMs: 80, draftDelayMs: 5, retryMs: 120 }, version);
  const states: SaveState[] = [];
  saver.onState = (s) => states.push(s);
  return { saver, drafts, key, states, edit: (t: string) => ((current = doc(t)), saver.markDirty()) };
}

describe('autosave', () => {
  it('debounces a burst of edits into one save with the version, then drops the draft', async () => {
    const save = vi.fn(async (_d: KmDocument, v: number) => v + 1);
    const t = setup(save, 4);
    t.edit('二');
    await wait(30);
    t.edit('三');
    // the draft is written long before the server save
    await vi.waitFor(async () => expect((await t.drafts.get(t.key))?.document.root.data.text).toBe('三'));
    expect(save).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(t.saver.state).toBe('saved'));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0].root.data.text).toBe('三');
    expect(save.mock.calls[0][1]).toBe(4);
    expect(t.saver.version).toBe(5);
    expect(t.states).toEqual(['dirty', 'saving', 'saved']);
    expect(await t.drafts.get(t.key)).toBeUndefined();
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
    await vi.waitFor(() => expect(t.saver.state).toBe('conflict'));
    expect(mine[0].root.data.text).toBe('我的');
    // the draft survives a conflict
    expect((await t.drafts.get(t.key))?.document.root.data.text).toBe('我的');
    t.edit('我的2');
    await wait(200);
    expect(save).toHaveBeenCalledTimes(1);
    t.saver.resolve(7, true);
    await vi.waitFor(() => expect(t.saver.state).toBe('saved'));
    expect(save).toHaveBeenLastCalledWith(expect.anything(), 7);
  });

  it('offline keeps the draft and retries; other API errors stay unsaved with a message', async () => {
    let online = false;
    const save = vi.fn(async (_d: KmDocument, v: number) => {
      if (!online) throw new Error('Network Error');
      return v + 1;
    });
    const t = setup(save);
    t.edit('离线');
    await vi.waitFor(() => expect(t.saver.state).toBe('offline'));
    expect((await t.drafts.get(t.key))?.document.root.data.text).toBe('离线');
    online = true;
    await vi.waitFor(() => expect(t.saver.state).toBe('saved'));
    expect(await t.drafts.get(t.key)).toBeUndefined();

    const refused = setup(async () => {
      throw new ApiFailure('您正在进行学生端体验，管理案例课程请登录教师端进行。', 403);
    });
    const errors: string[] = [];
    refused.saver.onError = (m) => errors.push(m);
    refused.edit('x');
    await vi.waitFor(() => expect(refused.saver.state).toBe('refused'));
    // the same refusal is said once, not once per autosave; the draft keeps the work
    refused.edit('y');
    await refused.saver.flush();
    expect(refused.saver.state).toBe('refused');
    expect(errors).toEqual(['您正在进行学生端体验，管理案例课程请登录教师端进行。']);
    expect((await refused.drafts.get(refused.key))?.document.root.data.text).toBe('y');
  });

  it('keepNow keeps the last document read synchronously; the newer copy is the draft', async () => {
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const key = draftKey('s1', `case-${Math.random()}`);
    let current = doc('一');
    const saver = new Autosaver({ snapshot: async () => current, save: async (_d, v) => v + 1, drafts, key, delayMs: 10_000, draftDelayMs: 10_000 }, 3);
    current = doc('刚改的');
    saver.markDirty();
    await wait(20); // the in-memory copy is read at once, not after the draft delay
    saver.keepNow();
    saver.dispose();
    expect((await drafts.get(key))?.document.root.data.text).toBe('刚改的');
    expect((await drafts.get(key))?.baseVersion).toBe(3);
    await drafts.delete(key);
    expect(await drafts.get(key)).toBeUndefined();
  });

  it('a closed engine (snapshot rejects) never rejects the flush; nothing opened means nothing saved', async () => {
    const save = vi.fn(async (_d: KmDocument, v: number) => v + 1);
    const gone = new Autosaver({ snapshot: () => Promise.reject(new Error('Proxy has been released and is not useable')), save, drafts: idbDraftStore(), key: 'k-gone' }, 0);
    gone.markDirty();
    await expect(gone.flush()).resolves.toBeUndefined();
    gone.dispose();

    let opened = false;
    const t = new Autosaver({ snapshot: async () => doc(''), save, drafts: idbDraftStore(), key: 'k-unopened', delayMs: 10, canSave: () => opened }, 0);
    t.markDirty();
    await t.flush();
    await wait(40);
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
