import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { draftKey, tabDraftKey, type KmDocument } from '../../mindmap';
import { drafts, openableDraft, pageDrafts } from './map-drafts';
import { rename, server, tab, textOf } from './autosave-test-kit';

/** Every page's draft of the map as one, as a screen reads it to open (nothing here equals the server's map). */
const readMapDraft = async (key: string) => openableDraft(await drafts().list(key), () => true);

// Two pages of one browser on one map, each with work only it holds (made as the window closed,
// offline, or refused). An outside walk lost one page's work whenever the other wrote or saved
// after it: the map had one draft, and the last page to write it, or to delete it on a save, took
// the other's work with it. Each page keeps its own draft now (wired as use-autosave wires it:
// pageDrafts, tabDraftKey), and opening the map takes every page's (openableDraft).

/** A page of this browser on the map (`key`), saving by change sets from the server's version. */
async function page(srv: ReturnType<typeof server>, key: string, name: string) {
  const mine = pageDrafts();
  const t = await tab(srv, name, mine.store, tabDraftKey(key, name));
  t.saver.resolve(srv.sim.version, false);
  return { ...t, mine };
}

/** Waits for what a page writes on a timer (its draft, 200 ms after an edit). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('never written');
}
const draftWritten = (key: string, name: string) => eventually(async () => !!(await drafts().get(tabDraftKey(key, name))));

/** The map opened again, as a screen opens it: every page's draft replayed on the server's map, then saved. */
async function reopen(srv: ReturnType<typeof server>, key: string) {
  const draft = await readMapDraft(key);
  const again = await page(srv, key, 'again');
  again.mine.adopt(draft?.from, tabDraftKey(key, 'again'));
  const r = await again.engine.loadSynced(structuredClone(srv.sim.doc.toKm()), false, {
    tab: 'again',
    version: srv.sim.version,
    sets: draft?.sets ?? [],
    seq: draft?.seq ?? 0,
  });
  again.saver.resolve(srv.sim.version, r.pending > 0);
  await again.saver.flush();
  return again;
}

async function savedOnce(srv: ReturnType<typeof server>) {
  const first = await tab(srv, 'first');
  await rename(first, 'a', '存过一次');
  await first.saver.flush();
}

describe('two pages of one browser, each with unsaved work', () => {
  it('a page closed before its save, then another page saves an edit: the first page’s work comes back on reopening', async () => {
    const srv = server();
    await savedOnce(srv);
    const key = draftKey('s1', `case-two-pages-${Math.random()}`);
    const one = await page(srv, key, 'one');
    await rename(one, 'a', '第一页改的');
    await draftWritten(key, 'one');
    one.saver.dispose(); // the window closed: its save never ran

    const two = await page(srv, key, 'two');
    await rename(two, 'b', '第二页改的');
    await two.saver.flush();
    expect(await textOf(two.engine, 'b')).toBe('第二页改的');

    const again = await reopen(srv, key);
    expect(await textOf(again.engine, 'a')).toBe('第一页改的');
    expect(srv.sim.doc.get('a').data.text).toBe('第一页改的');
    expect(srv.sim.doc.get('b').data.text).toBe('第二页改的');
    // saved: the drafts taken are gone, so the next opening restores nothing
    await eventually(async () => (await drafts().list(key)).length === 0);
  });

  it('both pages offline, each edits and closes: both pages’ work comes back, whichever wrote last', async () => {
    const srv = server();
    await savedOnce(srv);
    const key = draftKey('s1', `case-offline-${Math.random()}`);
    const one = await page(srv, key, 'one');
    const two = await page(srv, key, 'two');
    await rename(one, 'a', '离线一');
    await rename(two, 'b', '离线二');
    await draftWritten(key, 'one');
    await draftWritten(key, 'two');
    one.saver.dispose();
    two.saver.dispose();

    const again = await reopen(srv, key);
    expect([await textOf(again.engine, 'a'), await textOf(again.engine, 'b')]).toEqual(['离线一', '离线二']);
    expect([srv.sim.doc.get('a').data.text, srv.sim.doc.get('b').data.text]).toEqual(['离线一', '离线二']);
  });

  it('a page still open keeps its draft when another page that took it saves: only a draft unchanged since it was taken goes', async () => {
    const srv = server();
    await savedOnce(srv);
    const key = draftKey('s1', `case-open-${Math.random()}`);
    const one = await page(srv, key, 'one');
    await rename(one, 'a', '还开着的页');
    await draftWritten(key, 'one');
    const taken = await readMapDraft(key);
    // the first page edits again after its draft was taken: its newer draft is not the one taken
    await rename(one, 'b', '之后又改');
    await eventually(async () => (await drafts().get(tabDraftKey(key, 'one')))!.savedAt !== taken!.savedAt);
    one.saver.dispose();

    const other = await page(srv, key, 'other');
    other.mine.adopt(taken!.from, tabDraftKey(key, 'other'));
    await rename(other, 'r', '另一页');
    await other.saver.flush();
    const left = await readMapDraft(key);
    expect(left?.sets?.flatMap((s) => s.changes)).toContainEqual(expect.objectContaining({ id: 'b', after: '之后又改' }));
  });

  it('a map never saved: each page keeps its sets made on the official map beside the whole map, and the pages’ work merges on reopening', async () => {
    const srv = server(); // version 0: the official map, never saved by the student
    const key = draftKey('s1', `case-never-saved-${Math.random()}`);
    const one = await page(srv, key, 'one');
    const two = await page(srv, key, 'two');
    await rename(one, 'a', '第一页改的');
    const added = (await one.engine.execute('appendChild', ['r', '第一页加的'])).result as string;
    one.saver.markDirty();
    await rename(two, 'b', '第二页改的');
    await draftWritten(key, 'one');
    await draftWritten(key, 'two');
    await eventually(async () => (await drafts().get(tabDraftKey(key, 'one')))?.sets?.length === 2);
    const kept = await drafts().get(tabDraftKey(key, 'two'));
    expect(kept?.document?.root.children?.[1].data.text).toBe('第二页改的');
    expect(kept?.sets?.flatMap((s) => s.changes)).toContainEqual(expect.objectContaining({ id: 'b', after: '第二页改的' }));
    one.saver.dispose(); // the window closed with both pages: no save ran
    two.saver.dispose();

    const again = await reopen(srv, key);
    expect([await textOf(again.engine, 'a'), await textOf(again.engine, 'b'), await textOf(again.engine, added)]).toEqual([
      '第一页改的',
      '第二页改的',
      '第一页加的',
    ]);
    expect(srv.sim.version).toBe(1); // saved whole, the first save
    expect([srv.sim.doc.get('a').data.text, srv.sim.doc.get('b').data.text, srv.sim.doc.get(added).data.text]).toEqual([
      '第一页改的',
      '第二页改的',
      '第一页加的',
    ]);
    await eventually(async () => (await drafts().list(key)).length === 0);
  });

  it('a map never saved, a whole map without sets kept by each page (imported, or by an older build): the newest opens, the other stays kept for the next opening (never dropped unsaid)', async () => {
    const key = draftKey('s1', `case-whole-${Math.random()}`);
    const whole = (text: string): KmDocument =>
      ({ root: { data: { id: 'r', text } }, template: 'default', theme: 'fresh-blue', version: '1.4.43' }) as KmDocument;
    await drafts().put(tabDraftKey(key, 'one'), { document: whole('第一页'), baseVersion: 0, savedAt: 1 });
    await drafts().put(tabDraftKey(key, 'two'), { document: whole('第二页'), baseVersion: 0, savedAt: 2 });
    await drafts().put(tabDraftKey(key, 'saved'), { document: whole('服务器上的'), baseVersion: 0, savedAt: 3 });
    // (the third page's save went through as it closed: its draft is the server's map, dropped, not opened)
    const draft = await openableDraft(await drafts().list(key), (d) => d.document?.root.data.text !== '服务器上的');
    expect(draft?.document?.root.data.text).toBe('第二页');
    const opening = pageDrafts();
    opening.adopt(draft?.from, tabDraftKey(key, 'opening'));
    await opening.store.delete(tabDraftKey(key, 'opening')); // saved
    expect((await drafts().list(key)).map((d) => d.draft.document?.root.data.text)).toEqual(['第一页']);
  });

  it('a draft taken goes with the older copy of it: the IndexedDB draft of a page whose synchronous copy was newer', async () => {
    const key = draftKey('s1', `case-copies-${Math.random()}`);
    const slot = tabDraftKey(key, 'gone');
    await drafts().put(slot, { baseVersion: 1, sets: [{ id: 'gone:1', changes: [] }], savedAt: 1 });
    drafts().keepNow!(slot, { baseVersion: 1, sets: [{ id: 'gone:1', changes: [] }], typed: [{ id: 'a', text: '关页时' }], savedAt: 2 });
    const draft = await readMapDraft(key);
    expect(draft?.typed).toEqual([{ id: 'a', text: '关页时' }]);
    const opening = pageDrafts();
    opening.adopt(draft?.from, tabDraftKey(key, 'opening'));
    await opening.store.delete(tabDraftKey(key, 'opening')); // saved
    // (left behind, the older copy was opened by a later reopening over the map saved since)
    expect(await drafts().list(key)).toEqual([]);
  });

  it('reads each page’s draft of a map, never a draft of a map whose key starts alike', async () => {
    const key = draftKey('s1', `case-0${Math.random()}`);
    await drafts().put(tabDraftKey(key, 'p'), { baseVersion: 1, sets: [], typed: [{ id: 'a', text: '这张' }], savedAt: 1 });
    await drafts().put(tabDraftKey(`${key}1`, 'p'), { baseVersion: 1, sets: [], typed: [{ id: 'a', text: '别的导图' }], savedAt: 2 });
    drafts().keepNow!(tabDraftKey(key, 'q'), { baseVersion: 1, sets: [], typed: [{ id: 'b', text: '关闭时' }], savedAt: 3 });
    expect((await readMapDraft(key))?.typed).toEqual([
      { id: 'a', text: '这张' },
      { id: 'b', text: '关闭时' },
    ]);
  });
});
