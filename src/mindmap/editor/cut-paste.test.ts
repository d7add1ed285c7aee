import { afterEach, describe, expect, it } from 'vitest';
import { createEngineHost } from '../worker/host';
import { localEngine } from '../worker/client';
import { installMapHost } from '../host';
import type { KmDocument } from '../engine/model/types';
import { EditorController } from './controller';
import { testController } from './test-kit';

// Ctrl+X, Ctrl+V through the controller (the map's own clipboard): a branch moved in its map
// keeps its line to the rest of the map; pasted into another map, the line that cannot come
// along is said in a toast, not dropped unseen (outside walk D of issue 19).

const KM: KmDocument = {
  root: {
    data: { id: 'r', text: '根' },
    children: [
      { data: { id: 'a', text: '甲' }, children: [{ data: { id: 'a1', text: '甲一' } }, { data: { id: 'a2', text: '甲二' } }] },
      { data: { id: 'b', text: '乙' } },
    ],
  },
  template: 'right',
  theme: 'fresh-blue',
  version: '1.4.43',
  relationships: [{ id: 'l', from: 'a1', to: 'b' }],
  summaries: [{ id: 's', parent: 'a', first: 'a1', last: 'a2', text: '两点' }],
};

async function open(km: KmDocument): Promise<EditorController> {
  const ctl = new EditorController(localEngine(createEngineHost()));
  await ctl.open(km, false);
  return ctl;
}

// The toasts the editor shows, kept by a host of this test's own (the app's toast store is not the package's).
const toasts = { items: [] as { kind: string; message: string }[] };
const keep = (kind: string) => (message: string) => toasts.items.push({ kind, message });
installMapHost({ toast: { success: keep('success'), warning: keep('warning'), error: keep('error') } });

const warnings = () => toasts.items.filter((t) => t.kind === 'warning').map((t) => t.message);

describe('cut and paste through the controller', () => {
  afterEach(() => {
    toasts.items.splice(0);
  });

  it('moves the branch within its map with its line and summary, nothing said lost', async () => {
    const ctl = await open(KM);
    ctl.select(['a']);
    await ctl.io.cut();
    expect(ctl.model.relationships).toEqual([]);
    ctl.select(['b']);
    await ctl.io.paste();
    expect(ctl.model.get('a')?.parentId).toBe('b');
    expect(ctl.model.relationships.map((r) => [r.from, r.to])).toEqual([['a1', 'b']]);
    expect(ctl.model.summaries.list.map((s) => s.text)).toEqual(['两点']);
    expect(ctl.state.selection).toEqual(['a']);
    expect(warnings()).toEqual([]);
  });

  it('into another map: the summary comes along, the line to a topic left behind is said', async () => {
    const from = await open(KM);
    from.select(['a']);
    const clip = await from.io.cut();
    const to = await open({ root: { data: { id: 'q', text: '另一张' } }, template: 'right', theme: 'fresh-blue', version: '1.4.43' });
    to.select(['q']);
    await to.io.paste(clip);
    expect(to.model.summaries.list.map((s) => s.text)).toEqual(['两点']);
    expect(warnings()).toEqual(['已粘贴，以下内容未能保留：关联线 1 条（另一端不在这张导图中）']);
  });

  it('a copy pasted beside the original says the line that stays with the original only', async () => {
    const ctl = await open(KM);
    ctl.select(['a']);
    await ctl.io.copy();
    ctl.select(['b']);
    await ctl.io.paste();
    expect(ctl.model.relationships).toHaveLength(1);
    expect(ctl.model.summaries.list).toHaveLength(2);
    expect(toasts.items.map((t) => [t.kind, t.message])).toEqual([['success', '已粘贴；连到其他主题的关联线 1 条只属于原主题，未复制']]);
  });

  it('a cut the depth rule refuses to paste somewhere says it is still on the clipboard', async () => {
    // (the shared map: 甲一一 is on level 4)
    const ctl = await testController();
    const errors: string[] = [];
    ctl.events.on('error', (m) => errors.push(m));
    ctl.select(['b']);
    await ctl.io.cut();
    ctl.select(['a11']);
    await ctl.io.paste();
    expect(errors).toEqual(['不能插入4级主题以下的节点']);
    expect(warnings()).toEqual(['剪切的主题仍在剪贴板中，可粘贴到其他位置，或撤销剪切']);
    ctl.select(['r']);
    await ctl.io.paste();
    expect(ctl.model.get('b')?.parentId).toBe('r');
  });
});
