import { describe, expect, it } from 'vitest';
import { EditorController, type Draft, type KmDocument } from '../../mindmap';
import { createEngineHost, localEngine } from '../../mindmap/testing';
import { openDraftOrServer } from './draft-opening';

// The first opening of a map page: the server's map, a draft's unsaved change sets replayed on
// it, then what the page adds once the map is in (a study map's 已学 rings, read over the
// network). The tree shows as soon as the map is loaded, and a student may edit at once: that
// edit must be saved like any other. (When the load, the replay and the start of syncing were
// separate calls with the network read between them, an edit made in between was applied to a
// map with nothing recording it for the server: shown, never saved.)

const serverMap = (): KmDocument => ({
  root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: '甲' }, children: [] }] },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});

/** A draft of one unsaved rename, made on version 3 (the server is still at 3: nothing newer). */
const draft: Draft = {
  baseVersion: 3,
  savedAt: 0,
  seq: 1,
  sets: [{ id: 'tab:1', base: 3, changes: [{ op: 'set', id: 'a', key: 'text', before: '甲', after: '甲改' }] }],
} as Draft;

const idle = () => new Promise((r) => setImmediate(r));

async function openWithEditAt(ticks: number, withDraft: boolean) {
  const ctl = new EditorController(localEngine(createEngineHost()));
  const server = { document: serverMap(), version: 3 };
  // the student adds a topic `ticks` microtasks after the tree shows
  const student = (async () => {
    while (!ctl.opened) await Promise.resolve();
    for (let i = 0; i < ticks; i++) await Promise.resolve();
    await ctl.execute('appendChild', ['r', '刚打开就加的', 'early']);
  })();
  await openDraftOrServer({
    ctl,
    server,
    draft: withDraft ? draft : undefined,
    readOnly: false,
    // as use-autosave's openServer: the map opened and synced from its version in one step
    openServer: async (s, readOnly, opts) => {
      const sync = { tab: 'tab', version: s.version, sets: opts?.draft?.sets ?? [], seq: opts?.draft?.seq ?? 0 };
      return (await ctl.open(s.document, readOnly, { sync })).pending > 0;
    },
    // a network read after the map is in (the study nodes): the student is quicker
    afterOpen: async () => {
      for (let i = 0; i < 3; i++) await idle();
    },
    restoring: () => {},
    restoredWhole: () => {},
  });
  await student;
  await ctl.settled();
  return ctl;
}

describe('the first opening of a map page', () => {
  for (const withDraft of [false, true]) {
    it(`saves an edit made as soon as the map shows, ${withDraft ? 'with a draft replayed' : 'with no draft'}, whenever it reaches the engine`, async () => {
      for (let ticks = 0; ticks < 16; ticks++) {
        const ctl = await openWithEditAt(ticks, withDraft);
        const at = `edit ${ticks} microtasks after the map showed`;
        expect(ctl.model.get('early')?.text, at).toBe('刚打开就加的');
        const sent = await ctl.engine.takeChangeSets();
        expect(sent, at).toMatchObject({ version: 3, whole: false });
        const changes = sent.sets.flatMap((s) => s.changes);
        expect(
          changes.some((c) => c.op === 'add' && c.node.data.id === 'early'),
          at,
        ).toBe(true);
        // the draft's rename is still to send, and on screen
        expect(
          changes.some((c) => c.op === 'set' && c.id === 'a' && c.after === '甲改'),
          at,
        ).toBe(withDraft);
        expect(ctl.model.get('a')?.text, at).toBe(withDraft ? '甲改' : '甲');
      }
    });
  }
});

describe('a draft of a map never saved', () => {
  it('is replayed on the map another page saved since (its sets beside the whole map): both pages’ edits stay, no whole-map choice', async () => {
    const ctl = new EditorController(localEngine(createEngineHost()));
    const official = serverMap();
    // saved by another page since: a topic added
    const saved = serverMap();
    saved.root.children!.push({ data: { id: 'b', text: '另一页加的' }, children: [] });
    const mine = serverMap();
    mine.root.children![0].data.text = '甲改';
    const neverSaved: Draft = {
      document: mine,
      baseVersion: 0,
      savedAt: 0,
      seq: 1,
      sets: [{ id: 'tab:1', base: 0, changes: [{ op: 'set', id: 'a', key: 'text', before: '甲', after: '甲改' }] }],
    };
    let whole = 0;
    await openDraftOrServer({
      ctl,
      server: { document: saved, version: 1 },
      draft: neverSaved,
      readOnly: false,
      openServer: async (s, readOnly, opts) => {
        const sync = { tab: 'again', version: s.version, sets: opts?.draft?.sets ?? [], seq: opts?.draft?.seq ?? 0 };
        return (await ctl.open(s.document, readOnly, { sync })).pending > 0;
      },
      restoring: () => {},
      restoredWhole: () => void whole++,
    });
    expect(whole).toBe(0);
    expect([ctl.model.get('a')?.text, ctl.model.get('b')?.text]).toEqual(['甲改', '另一页加的']);
    expect(await ctl.engine.takeChangeSets()).toMatchObject({ version: 1, whole: false });
    expect(official.root.children).toHaveLength(1);
  });
});
