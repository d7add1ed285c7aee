import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { createEngineHost, localEngine } from '../../mindmap/testing';
import { MindDoc, draftKey, idbDraftStore, keptTitleEdit, withSyncCopy, type DraftStore } from '../../mindmap';
import { rename, server, tab, until } from './autosave-test-kit';
import { ApiFailure } from '../../app/ui/use-remote';

// The page going away while saving by change sets: what the copy kept synchronously holds (the
// unsaved sets and the titles confirmed that the worker had not answered), and what reopening
// makes of it. Real engine, the server's rule for sets (autosave-test-kit.ts); timers faked.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

/** A page opening a map another page saved once: the saver starts from the saved version. */
async function openedAfterASave(srv: ReturnType<typeof server>, drafts: DraftStore, key: string) {
  const first = await tab(srv, 't0');
  await rename(first, 'a', '先存一次');
  await first.saver.flush();
  const t = await tab(srv, 't1', drafts, key);
  t.saver.resolve(srv.sim.version, false);
  await new Promise((r) => setImmediate(r));
  return t;
}

describe('the page going with work not saved yet', () => {
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
    const t = await openedAfterASave(srv, drafts, key);
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

  it('a map never saved, the page going with keys on their way before the worker answered any: kept and sent whole with their titles (the read made on opening stands in)', async () => {
    const srv = server(); // version 0: the official map
    const key = draftKey('s1', `case-never-${Math.random()}`);
    const sent: string[] = [];
    const t = await tab(srv, 't1', withSyncCopy(idbDraftStore(), localStorage), key, (doc) => {
      sent.push(JSON.stringify(doc));
      return true;
    });
    t.saver.resolve(0, false);
    // (the read made on opening answers)
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    // a worker too busy to answer the burst's first insert (an outside walk: the tab closed 1-2 ms
    // after the last Enter, the first key 300 ms before; nothing was kept, nothing sent)
    vi.spyOn(t.engine, 'takeChangeSets').mockReturnValue(new Promise(() => {}));
    const going = [{ id: 'n1', at: { name: 'appendChild', at: 'r' }, text: '甲1' } as const];
    t.saver.keepNow(null, going, true);
    t.saver.sendAsItGoes(going);
    const kept = JSON.parse(localStorage.getItem(`xuetu-mindmap-draft:${key}`)!);
    expect(kept).toMatchObject({ baseVersion: 0, sets: [], typed: going });
    expect(JSON.stringify(kept.document)).toContain('甲1');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('甲1');
  });

  it('edits in a burst longer than the draft delay: the draft is written during it, not only after the last edit (a browser killed mid-burst keeps the edits made before)', async () => {
    const srv = server();
    const key = draftKey('s1', `case-burst-${Math.random()}`);
    const drafts = idbDraftStore();
    const t = await openedAfterASave(srv, drafts, key);
    const burst = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
    for (const [i, text] of burst.entries()) {
      await rename(t, i % 2 ? 'a' : 'b', text);
      await vi.advanceTimersByTimeAsync(60);
      for (let j = 0; j < 5; j++) await new Promise((r) => setImmediate(r));
    }
    // 600 ms of edits, 60 ms apart, the last one just made: the draft holds the edits made before it
    const kept = await drafts.get(key);
    expect(kept?.sets?.flatMap((s) => s.changes)).toContainEqual(expect.objectContaining({ id: 'b', after: '七' }));
  });

  it('a worker too busy to answer the read after an edit: the draft is written meanwhile with the titles confirmed (a browser killed then keeps them)', async () => {
    const srv = server();
    const key = draftKey('s1', `case-busy-${Math.random()}`);
    const drafts = idbDraftStore();
    const t = await openedAfterASave(srv, drafts, key);
    const at = { name: 'appendSibling', at: 'a' } as const;
    const id = (await t.engine.execute(at.name, [at.at, '分支主题'])).result as string;
    vi.spyOn(t.engine, 'takeChangeSets').mockReturnValue(new Promise(() => {}));
    t.saver.markDirty();
    t.saver.confirm({ id, text: '乙1', at });
    await vi.advanceTimersByTimeAsync(150);
    for (let j = 0; j < 10; j++) await new Promise((r) => setImmediate(r));
    expect((await drafts.get(key))?.typed).toEqual([{ id, at, text: '乙1' }]);
  });

  it('the page goes while its last save is on its way and a title is still unanswered: reopened on the map that save made, both are there', async () => {
    const srv = server();
    // once the page is going, the server stores the sets but its answer never arrives
    let gone = false;
    const send = srv.send;
    srv.send = async (base, sets) => {
      const reply = await send(base, sets);
      if (gone) await new Promise(() => {});
      return reply;
    };
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const key = draftKey('s1', `case-gone-${Math.random()}`);
    const { engine, saver } = await tab(srv, 't1', drafts, key);
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
    await again.loadSynced(structuredClone(srv.sim.doc.toKm()), false, { tab: 't2', version: srv.sim.version, sets: draft.sets, seq: draft.seq });
    for (const kept of draft.typed!) {
      const doc = new MindDoc(await again.toKm());
      const edit = keptTitleEdit((id) => (doc.byId.has(id) ? doc.get(id).data : undefined) as { text: string } | undefined, kept);
      if (edit && 'rename' in edit) await again.execute('editText', edit.rename);
      else if (edit && 'insert' in edit) await again.execute(edit.insert[0].name, [edit.insert[0].at, edit.insert[1]]);
    }
    const km = await again.toKm();
    expect(km.root.children!.map((c) => c.data.text)).toEqual(['甲最后', '乙改', '新的']);
  });

  it('a draft write under way as the page kept its copy lands after it: it keeps the titles the worker has not answered too', async () => {
    const srv = server();
    const key = draftKey('s1', `case-late-${Math.random()}`);
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const t = await openedAfterASave(srv, drafts, key);
    // an edit whose read the busy worker answers late
    let answer = () => {};
    const late = new Promise<void>((r) => (answer = r));
    const take = t.engine.takeChangeSets.bind(t.engine);
    vi.spyOn(t.engine, 'takeChangeSets').mockImplementation(() => late.then(take));
    await rename(t, 'a', '甲改');
    // Enter on 乙's title, the page going: kept at once
    t.saver.confirm({ id: 'b', text: '乙最后' });
    t.saver.keepNow();
    // the draft due after the edit is written once the late read comes, after the copy kept
    await vi.advanceTimersByTimeAsync(250);
    answer();
    await until(async () => (await drafts.get(key))?.sets?.length === 1);
    expect((await drafts.get(key))!.typed).toEqual([{ id: 'b', text: '乙最后' }]);
  });

  it('gone with keys still on their way (a chain of inserts queued behind an unanswered one): no later draft or save of the page replaces or deletes the copy it kept', async () => {
    const srv = server();
    const key = draftKey('s1', `case-going-${Math.random()}`);
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const t = await openedAfterASave(srv, drafts, key);
    await rename(t, 'a', '甲改');
    // what the queued keys would make: a child of 甲, then a sibling of that child
    const going = [
      { id: 'k1', at: { name: 'appendChild' as const, at: 'a' }, text: '子一' },
      { id: 'k2', at: { name: 'appendSibling' as const, at: 'k1' }, text: '子二' },
    ];
    // asked first (beforeunload): the copy is kept, the page still saves — it may not go at all
    t.saver.keepNow(null, going);
    expect(JSON.parse(localStorage.getItem(`xuetu-mindmap-draft:${key}`)!).typed).toEqual(going);
    // hidden (pagehide): from now on its copy is the whole of its work
    t.saver.keepNow(null, going, true);
    const kept = JSON.parse(localStorage.getItem(`xuetu-mindmap-draft:${key}`)!);
    expect(kept.typed).toEqual(going);
    // the keys drain as the page goes: one of them reaches the worker, the draft due after it and
    // the save run — each knowing only part of the chain
    await t.engine.execute('appendChild', ['a', '子一']);
    t.saver.markDirty();
    t.saver.keepNow();
    await vi.advanceTimersByTimeAsync(6000);
    await t.saver.flush();
    expect(JSON.parse(localStorage.getItem(`xuetu-mindmap-draft:${key}`)!).typed).toEqual(going);
    expect((await drafts.get(key))!.typed).toEqual(going);
    // shown again (back/forward cache): it saves as before, and the saved map holds what it had
    t.saver.back();
    await vi.advanceTimersByTimeAsync(6000);
    await t.saver.flush();
    await until(() => t.saver.state === 'saved');
    expect(srv.sim.doc.get('a').children.map((c) => c.data.text)).toEqual(['子一']);
  });

  it('gone before its save ran: the sets last read reach the server as it goes (another device has them), once', async () => {
    const srv = server();
    const key = draftKey('s1', `case-sent-${Math.random()}`);
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const t = await openedAfterASave(srv, drafts, key);
    await rename(t, 'a', '关页前改的');
    await vi.advanceTimersByTimeAsync(250);
    await until(async () => (await drafts.get(key))?.sets?.length === 1);
    t.saver.keepNow(null, [], true);
    t.saver.sendAsItGoes();
    await until(() => srv.sim.doc.get('a').data.text === '关页前改的');
    expect(srv.sentAsPageWent).toBe(1);
    // the draft kept still holds them: the opening after finds them stored (skipped by id)
    expect((await drafts.get(key))!.sets).toHaveLength(1);
  });

  it('a title confirmed in the instant before the page went (no set has it yet) reaches the server as it goes, after the sets', async () => {
    const srv = server();
    const key = draftKey('s1', `case-instant-${Math.random()}`);
    const drafts = withSyncCopy(idbDraftStore(), localStorage);
    const t = await openedAfterASave(srv, drafts, key);
    // a topic made and read into the sets, then its title confirmed: the worker has not answered it
    const id = (await t.engine.execute('appendChild', ['a', '分支主题'])).result as string;
    t.saver.markDirty();
    await vi.advanceTimersByTimeAsync(250);
    await until(async () => (await drafts.get(key))?.sets?.length === 1);
    t.saver.confirm({ id, text: '新子题' });
    t.saver.confirm({ id: 'b', text: '乙刚确认' });
    // the open field's title and a title on a topic the worker has not made yet (keys on their way)
    const going = [
      { id: 'a', text: '甲还在框里' },
      { at: { name: 'appendSibling' as const, at: 'b' }, text: '还没有的主题' },
    ];
    t.saver.keepNow(null, going, true);
    t.saver.sendAsItGoes(going);
    await until(() => srv.sim.doc.get('b').data.text === '乙刚确认');
    expect(srv.sentAsPageWent).toBe(1);
    expect(srv.sim.doc.get('a').children.map((c) => c.data.text)).toEqual(['新子题']);
    expect(srv.sim.doc.get('a').data.text).toBe('甲还在框里');
    expect(srv.sim.doc.get('r').children).toHaveLength(2);
    // the draft kept still names them all: an opening here finds them so and changes nothing
    expect((await drafts.get(key))!.typed).toEqual(expect.arrayContaining([{ id: 'b', text: '乙刚确认' }, ...going]));
  });

  it('only titles unanswered, no set: they go as renames on the version saved', async () => {
    const srv = server();
    const t = await openedAfterASave(srv, withSyncCopy(idbDraftStore(), localStorage), draftKey('s1', `case-only-${Math.random()}`));
    t.saver.confirm({ id: 'b', text: '只有标题' });
    t.saver.keepNow(null, [], true);
    t.saver.sendAsItGoes();
    await until(() => srv.sim.doc.get('b').data.text === '只有标题');
    expect(srv.sentAsPageWent).toBe(1);
  });

  it('nothing is sent as the page goes when nothing is unsaved, or while its saves are refused', async () => {
    const srv = server();
    let refuse = false;
    const send = srv.send;
    srv.send = async (base, sets) => {
      if (refuse) throw new ApiFailure('您尚未报名该案例，请先报名再学习', 403);
      return send(base, sets);
    };
    const t = await openedAfterASave(srv, withSyncCopy(idbDraftStore(), localStorage), draftKey('s1', `case-none-${Math.random()}`));
    t.saver.sendAsItGoes();
    refuse = true;
    await rename(t, 'a', '不能保存的');
    await t.saver.flush();
    expect(t.saver.state).toBe('refused');
    t.saver.sendAsItGoes();
    expect(srv.sentAsPageWent).toBe(0);
  });

  it('asked whether it may go (beforeunload) and then staying: it keeps saving', async () => {
    const srv = server();
    const key = draftKey('s1', `case-stays-${Math.random()}`);
    const t = await openedAfterASave(srv, withSyncCopy(idbDraftStore(), localStorage), key);
    t.saver.keepNow(null, [{ id: 'k1', at: { name: 'appendChild', at: 'a' }, text: '子一' }]);
    await rename(t, 'b', '乙后来');
    await vi.advanceTimersByTimeAsync(6000);
    await t.saver.flush();
    expect(srv.sim.doc.get('b').data.text).toBe('乙后来');
  });
});
