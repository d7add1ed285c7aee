import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createEngineHost, localEngine } from '../../mindmap/testing';
import { draftKey, draftWorthRestoring, idbDraftStore, withSyncCopy, type DraftStore, type KmDocument } from '../../mindmap';
import { Autosaver } from './autosave';
import { START, server, tab, rename as renameIn, until } from './autosave-test-kit';
import { ApiFailure } from '../../app/ui/use-remote';

// A whole save whose answer never came (the page went while it was on its way, the network dropped
// the answer) but which the server stored: the next try meets a 409 naming it, and goes on from
// it — no 导图已在其他页面更新 choice against the student's own save. A 409 naming any other save
// still offers the choice.

type Save = (doc: KmDocument, version: number, saveId: string) => Promise<number>;

/** A page saving its map whole (as before its first save, or after an import), over `save`. */
async function page(
  doc: KmDocument,
  version: number,
  save: Save,
  drafts: DraftStore = idbDraftStore(),
  key = draftKey('s1', `case-w-${Math.random()}`),
  saveAsPageGoes?: (doc: KmDocument, version: number, saveId: string) => boolean,
) {
  const engine = localEngine(createEngineHost());
  await engine.load(structuredClone(doc));
  const saver = new Autosaver({ snapshot: () => engine.toKm(), save, saveAsPageGoes, drafts, key, draftDelayMs: 0 }, version);
  const conflicts: KmDocument[] = [];
  saver.onConflict = (mine) => conflicts.push(mine);
  const rename = async (id: string, text: string) => {
    await engine.execute('editText', [id, text]);
    saver.markDirty();
  };
  return { engine, saver, conflicts, rename, drafts, key };
}

const textOf = (doc: KmDocument, i: number) => doc.root.children![i].data.text;

/** The server's whole save, its first answer lost on the network after it was stored. */
function answerLostOnce(srv: ReturnType<typeof server>): Save {
  let lose = true;
  return async (doc, v, id) => {
    const version = await srv.save(doc, v, id);
    if (!lose) return version;
    lose = false;
    throw new TypeError('Failed to fetch');
  };
}

/**
 * The page opened again from the whole-map draft kept under `key`, which must name the page's
 * unanswered save (base 0): saved whole from the version it names, twice (the 409, then on top).
 */
async function reopenedFromDraft(srv: ReturnType<typeof server>, drafts: DraftStore, key: string) {
  const draft = (await drafts.get(key))!;
  expect(draft).toMatchObject({ baseVersion: 0, sending: [expect.any(String)] });
  const again = await page(draft.document!, draft.baseVersion, (doc, v, id) => srv.save(doc, v, id), drafts, key);
  again.saver.restoredWhole(draft.sending!);
  await again.saver.flush();
  await again.saver.flush();
  return again;
}

describe('a whole save stored but never answered', () => {
  it('the answer lost on the network: the retry is told the map is its own save, and saves on top of it', async () => {
    const srv = server();
    const p = await page(START, 0, answerLostOnce(srv));
    await p.rename('a', '第一次');
    await p.saver.flush();
    expect(p.saver.state).toBe('offline');
    await p.rename('b', '之后');
    await p.saver.flush();
    await p.saver.flush();
    expect(p.conflicts).toEqual([]);
    expect(p.saver.state).toBe('saved');
    expect(p.saver.version).toBe(2);
    const stored = srv.sim.doc.toKm();
    expect([textOf(stored, 0), textOf(stored, 1)]).toEqual(['第一次', '之后']);
  });

  it('the page went while its save was on its way: the whole-map draft names the save, and its reopening goes on from it', async () => {
    const srv = server();
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    // the save is stored; its answer never reaches the page, which goes
    const gone = await page(START, 0, (doc, v, id) => srv.save(doc, v, id).then(() => new Promise<number>(() => {})), drafts);
    await gone.rename('a', '关闭时正在保存');
    void gone.saver.flush();
    await until(() => srv.sent.whole === 1);
    await gone.rename('b', '保存发出后又改的');
    await until(async () => (await drafts.get(gone.key))?.document?.root.children?.[1].data.text === '保存发出后又改的');
    gone.saver.keepNow(undefined, undefined, true);
    // reopened: the draft's map, saved whole from the version its draft names
    const again = await reopenedFromDraft(srv, drafts, gone.key);
    expect(again.conflicts).toEqual([]);
    expect(again.saver.state).toBe('saved');
    const stored = srv.sim.doc.toKm();
    expect([textOf(stored, 0), textOf(stored, 1)]).toEqual(['关闭时正在保存', '保存发出后又改的']);
  });

  it('another page saved after it: the choice is still offered', async () => {
    const srv = server();
    const p = await page(START, 0, answerLostOnce(srv));
    await p.rename('a', '第一次');
    await p.saver.flush();
    // another device's whole save over it
    await srv.save({ ...START, root: { ...START.root, data: { id: 'r', text: '另一台设备' } } }, 1, 'other-device');
    await p.rename('b', '之后');
    await p.saver.flush();
    expect(p.saver.state).toBe('conflict');
    expect(p.conflicts).toHaveLength(1);
  });
});

describe('a map that goes whole, the page gone before its save ran', () => {
  it('it is saved whole as the page goes (another device has it), and the opening here goes on from that save', async () => {
    const srv = server();
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    let sentAsPageWent = 0;
    // (as fetch keepalive: on its way at once, its answer never read)
    const asPageGoes = (doc: KmDocument, v: number, id: string) => {
      sentAsPageWent++;
      void srv.save(doc, v, id).catch(() => {});
      return true;
    };
    const gone = await page(START, 0, (doc, v, id) => srv.save(doc, v, id), drafts, undefined, asPageGoes);
    await gone.rename('a', '第一次改');
    await until(async () => (await drafts.get(gone.key))?.document?.root.children?.[0].data.text === '第一次改');
    // the title confirmed as it went, still on its way to the worker
    gone.saver.keepNow({ id: 'b', text: '关页时确认的' }, [], true);
    gone.saver.sendAsItGoes();
    await until(() => srv.sent.whole === 1);
    expect(sentAsPageWent).toBe(1);
    expect([textOf(srv.sim.doc.toKm(), 0), textOf(srv.sim.doc.toKm(), 1)]).toEqual(['第一次改', '关页时确认的']);
    gone.saver.dispose();

    const again = await reopenedFromDraft(srv, drafts, gone.key);
    expect(again.conflicts).toEqual([]);
    expect(again.saver.state).toBe('saved');
  });

  it('nothing goes as the page goes when nothing was edited, or the map is too large for such a request', async () => {
    const srv = server();
    let asked = 0;
    const p = await page(
      START,
      0,
      (doc, v, id) => srv.save(doc, v, id),
      idbDraftStore(),
      undefined,
      () => (asked++, false),
    );
    p.saver.sendAsItGoes();
    expect(asked).toBe(0);
    await p.rename('a', '太大了');
    await until(() => p.saver.state === 'dirty');
    p.saver.prime();
    await new Promise((r) => setTimeout(r, 10));
    p.saver.sendAsItGoes();
    expect(asked).toBe(1);
    expect(srv.sent.whole).toBe(0);
  });
});

describe('a whole save stored, then changed on another device, before this browser opens the map again', () => {
  /** A page that sends its first edit whole (as it goes when `asItGoes`, else by its own save, never answered), and goes. */
  async function goneAfterWholeSave(srv: ReturnType<typeof server>, asItGoes: boolean, editAfter = false) {
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const keepalive = (doc: KmDocument, v: number, id: string) => (void srv.save(doc, v, id).catch(() => {}), true);
    const never = (doc: KmDocument, v: number, id: string) => srv.save(doc, v, id).then(() => new Promise<number>(() => {}));
    // (sent as it goes, the page's own save after it — as the page ends — never gets out)
    const gone = await page(START, 0, asItGoes ? () => new Promise<number>(() => {}) : never, drafts, undefined, keepalive);
    await gone.rename('a', '第一次改');
    if (asItGoes) {
      await until(async () => (await drafts.get(gone.key))?.document?.root.children?.[0].data.text === '第一次改');
      gone.saver.keepNow({ id: 'b', text: '关页时确认的' }, [], true);
      gone.saver.sendAsItGoes();
      // the worker answers the title: the page's own save after it carries the same map
      await gone.rename('b', '关页时确认的');
    }
    void gone.saver.flush();
    await until(() => srv.sent.whole === 1);
    await until(async () => (await drafts.get(gone.key))?.sending?.length === (asItGoes ? 2 : 1));
    if (editAfter) {
      await gone.rename('b', '保存发出后又改的');
      await until(async () => (await drafts.get(gone.key))?.document?.root.children?.[1].data.text === '保存发出后又改的');
    }
    gone.saver.keepNow(undefined, undefined, true);
    gone.saver.dispose();
    // the other device opens the map this save made and renames the other topic: version 2
    const other = await tab(srv, 'dev2');
    await renameIn(other, 'a', '另一台设备改的');
    await other.saver.flush();
    expect(srv.sim.version).toBe(2);
    return (await drafts.get(gone.key))!;
  }

  it('sent as the page went: its draft is that save, and the map shown (the other device’s edit on it) holds all of it', async () => {
    const srv = server();
    const draft = await goneAfterWholeSave(srv, true);
    expect(draft.sentAs).toContain(srv.wholeSaveId());
    // opened over the map shown it would offer 导图已在其他页面更新, and 保留我的版本 would drop the other device's edit
    expect(draftWorthRestoring(draft, srv.sim.doc.toKm(), srv.wholeSaveId())).toBe(false);
    expect([textOf(srv.sim.doc.toKm(), 0), textOf(srv.sim.doc.toKm(), 1)]).toEqual(['另一台设备改的', '关页时确认的']);
  });

  it('its own save on its way as the page went: the same', async () => {
    const srv = server();
    const draft = await goneAfterWholeSave(srv, false);
    expect(draftWorthRestoring(draft, srv.sim.doc.toKm(), srv.wholeSaveId())).toBe(false);
  });

  it('its first whole save answered with a later edit waiting: as the page goes, that edit goes as a change, not the map whole again', async () => {
    const srv = server();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const save = srv.save;
    srv.save = async (doc, v, id) => (await held, save(doc, v, id));
    let wholeAsItWent = 0;
    const keepalive = (doc: KmDocument, v: number, id: string) => (wholeAsItWent++, void save(doc, v, id).catch(() => {}), true);
    const t = await tab(srv, 't1', undefined, undefined, keepalive);
    await renameIn(t, 'a', '第一次');
    const first = t.saver.flush();
    await until(() => t.saver.state === 'saving');
    await renameIn(t, 'b', '保存途中又改的');
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r)); // (its read, of the map whole: still version 0)
    release();
    await first;
    expect([srv.sim.version, t.saver.state]).toEqual([1, 'dirty']);
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r)); // (the read after the whole save)
    t.saver.sendAsItGoes();
    expect(wholeAsItWent).toBe(0);
    await until(() => srv.sim.doc.get('b').data.text === '保存途中又改的');
    expect([srv.sent.whole, srv.sentAsPageWent]).toEqual([1, 1]);
    t.saver.dispose();
  });

  it('edited after the save was sent, or saved whole elsewhere since: the draft is opened (its whole save decides)', async () => {
    const srv = server();
    const edited = await goneAfterWholeSave(srv, false, true);
    expect(edited.sentAs).toBeUndefined();
    expect(draftWorthRestoring(edited, srv.sim.doc.toKm(), srv.wholeSaveId())).toBe(true);
    const srv2 = server();
    const draft = await goneAfterWholeSave(srv2, true);
    await srv2.save(START, 2, 'an-import-elsewhere');
    expect(draftWorthRestoring(draft, srv2.sim.doc.toKm(), srv2.wholeSaveId())).toBe(true);
  });
});

describe('a whole-map draft opened again, before its whole save', () => {
  it('news from another tab is not caught up over it: the map stays the draft, and its whole save decides', async () => {
    const srv = server();
    await srv.save(START, 0, 'first-save'); // the map was saved once: news can be caught up
    const engine = localEngine(createEngineHost());
    const draft = { ...START, root: { ...START.root, data: { id: 'r', text: '草稿里的中心' } } };
    await engine.load(structuredClone(draft));
    let fetched = 0;
    const saver = new Autosaver(
      {
        snapshot: () => engine.toKm(),
        save: (doc, v, id) => srv.save(doc, v, id),
        drafts: idbDraftStore(),
        key: draftKey('s1', `case-news-${Math.random()}`),
        changes: {
          take: () => engine.takeChangeSets(),
          send: srv.send,
          receive: async (sets) => engine.receiveChangeSets(sets),
          wholeSaved: (v, seq) => engine.wholeSaved(v, 't1', seq),
          fetch: async () => {
            fetched++;
            throw new ApiFailure('导图已整体更新', 409);
          },
        },
      },
      srv.sim.version,
    );
    let reloaded = 0;
    saver.onReload = async () => ++reloaded;
    saver.restoredWhole([]);
    await saver.catchUp();
    expect([fetched, reloaded]).toEqual([0, 0]);
    await saver.flush();
    expect(saver.state).toBe('saved');
    expect(srv.sim.doc.toKm().root.data.text).toBe('草稿里的中心');
  });
});
