// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Change } from '../engine/model/change';
import type { KmDocument } from '../engine/model/types';
import { localEngine } from '../worker/client';
import { createEngineHost } from '../worker/host';
import { EditorController } from './controller';

// Another tab saved the map whole (its first save, an import, a restore): this page reopens the
// server's map with its unsaved change sets replayed on it (use-autosave's onReload). A title
// confirmed while that runs must be kept and sent, wherever it falls among the engine's steps.
// (The e2e two-tabs test of editing.e2e.ts lost such a title now and then: the sets were taken,
// the title was made on the map about to be replaced, or on the new map before the replay made
// its topic again, or before syncing began — shown, never sent.)

const km = (extra: { id: string; text: string }[] = []): KmDocument => ({
  root: {
    data: { id: 'r', text: '根' },
    children: [{ data: { id: 'a', text: '甲' }, children: [] }, ...extra.map((d) => ({ data: d, children: [] }))],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});

const texts = (doc: KmDocument) => (doc.root.children ?? []).map((n) => n.data.text);

describe('reopening the map another tab saved whole', () => {
  it('keeps a title confirmed while the map reloads, on screen and in the sets to send, whenever it reaches the engine', async () => {
    // every point the rename can reach the engine at, from before the reload's first step to after its last
    for (let ticks = 0; ticks < 24; ticks++) {
      const ctl = new EditorController(localEngine(createEngineHost()));
      await ctl.open(km(), false);
      await ctl.engine.startSync('tab', 1);
      // this page inserted a topic (its field still open), then the other tab's whole save came
      await ctl.execute('appendChild', ['r', undefined, 'mine']);
      const reloading = ctl.reopen(km([{ id: 'theirs', text: '另一页的修改' }]), { tab: 'tab', version: 2 });
      for (let i = 0; i < ticks; i++) await Promise.resolve();
      // Enter in the field: the title goes to the engine as the page reloads
      const renamed = ctl.textEdit.editText('mine', '本页的修改');
      const r = await reloading;
      await renamed;
      await ctl.settled();
      const at = `rename after ${ticks} microtasks`;
      expect(texts(await ctl.engine.toKm()).sort(), at).toEqual(['甲', '另一页的修改', '本页的修改'].sort());
      expect(ctl.model.get('mine')?.text, at).toBe('本页的修改');
      const sent = await ctl.engine.takeChangeSets();
      expect(sent.version, at).toBe(2);
      const changes: Change[] = sent.sets.flatMap((s) => s.changes);
      expect(
        changes.some((c) => c.op === 'add' && c.node.data.id === 'mine'),
        at,
      ).toBe(true);
      // the title is sent: in the insert's node, or as a rename after it
      expect(
        changes.some((c) => (c.op === 'set' && c.id === 'mine' && c.after === '本页的修改') || (c.op === 'add' && c.node.data.text === '本页的修改')),
        at,
      ).toBe(true);
      expect(r.taken, at).toBeGreaterThan(0);
    }
  });

  it('opens the server map as it is, synced from its version, when nothing is unsaved', async () => {
    const ctl = new EditorController(localEngine(createEngineHost()));
    await ctl.open(km(), false);
    await ctl.engine.startSync('tab', 1);
    const r = await ctl.reopen(km([{ id: 'theirs', text: '另一页的修改' }]), { tab: 'tab', version: 2 });
    expect(r).toEqual({ notices: [], taken: 0, pending: 0 });
    expect(texts(await ctl.engine.toKm())).toEqual(['甲', '另一页的修改']);
    expect(ctl.opened).toBe(true);
    await ctl.execute('appendChild', ['r', '新主题', 'next']);
    const sent = await ctl.engine.takeChangeSets();
    expect(sent).toMatchObject({ version: 2, whole: false });
    expect(sent.sets.map((s) => s.changes.map((c) => c.op))).toEqual([['add']]);
  });
});
