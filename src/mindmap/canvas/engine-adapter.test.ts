// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MindEditor } from '../engine/editor';
import { NODE_INTS, NODE_STRIDE, NodeInt } from '../engine/render/render-patch';
import { packPatch, unpackPatch } from '../worker/protocol';
import type { KmNode } from '../engine/model/types';
import { EnginePatchAdapter } from './engine-adapter';
import { SceneStore } from './scene-store';

function tree(): KmNode {
  const kids = (p: string, n: number, depth: number): KmNode[] =>
    [...Array(n).keys()].map((i) => ({ data: { id: `${p}-${i}`, text: `节点 ${p}-${i}` }, children: depth > 1 ? kids(`${p}-${i}`, 3, depth - 1) : [] }));
  return { data: { id: 'r', text: '中心主题' }, children: kids('r', 4, 3) };
}

function expectStoreMatchesEngine(ed: MindEditor, store: SceneStore): void {
  for (const [id, slot] of store.slotOf) {
    const [x, y, w, h] = ed.boxOf(id);
    expect(store.box(slot), id).toEqual({ x, y, w, h });
  }
}

describe('EnginePatchAdapter', () => {
  for (const template of ['right', 'default', 'structure']) {
    it(`keeps the scene equal to the engine layout across edits (${template})`, () => {
      const ed = new MindEditor();
      const store = new SceneStore();
      const adapter = new EnginePatchAdapter(store);
      store.replace(adapter.convert(ed.load({ root: tree(), template, theme: 'fresh-blue', version: '1.4.43' })).patch);
      expect(store.slotOf.size).toBe(1 + 4 + 12 + 36);
      expectStoreMatchesEngine(ed, store);
      for (const parent of ['r-1-2', 'r-0', 'r-3-1', 'r']) {
        const { result, patch } = ed.execute('appendChild', [parent, '新节点']);
        store.apply(adapter.convert(patch).patch);
        expect(store.node(String(result))?.parent).toBe(parent);
        expectStoreMatchesEngine(ed, store);
      }
      store.apply(adapter.convert(ed.undo()!).patch);
      expectStoreMatchesEngine(ed, store);
      expect(store.node('r-2')?.connector).toBeTruthy();
      expect(store.node('r')?.style.fill).not.toBeNull();
    });
  }

  it('a node restyled away from its level look gets its own style; markers only where set', () => {
    const ed = new MindEditor();
    const store = new SceneStore();
    const adapter = new EnginePatchAdapter(store);
    store.replace(adapter.convert(ed.load({ root: tree(), template: 'default', theme: 'fresh-blue', version: '1.4.43' })).patch);
    const plain = store.node('r-1')!.style;
    expect(store.node('r-2')!.style).toBe(plain); // shared object
    store.apply(adapter.convert(ed.execute('background', [['r-2'], '#ff0000']).patch).patch);
    store.apply(adapter.convert(ed.execute('bold', [['r-3']]).patch).patch);
    expect(store.node('r-2')!.style.fill).toBe(0xff0000);
    expect(store.node('r-3')!.style.bold).toBe(true);
    expect(store.node('r-1')!.style).toBe(plain);
    expect(store.node('r-0-0-0')!.markers).toBeUndefined(); // a leaf without markers
    expect(store.node('r-0-0')!.markers).toEqual({ expander: true });
  });

  it('every column of the per-node field list reaches the slot data, across the wire, an edit and a move', () => {
    // Nothing between the engine and the slots names a column: a field added to NODE_INTS
    // travels like these. Each column of each node gets its own value to tell them apart.
    const ed = new MindEditor();
    const store = new SceneStore();
    const adapter = new EnginePatchAdapter(store);
    const mark = (p: ReturnType<MindEditor['relayoutAll']>, base: number) => {
      for (let i = 0; i < p.ids.length; i++) if (p.look[i] >= 0) for (let c = 0; c < NODE_STRIDE; c++) p.ints[i * NODE_STRIDE + c] = base + i * 100 + c;
      return p;
    };
    const wire = (p: ReturnType<MindEditor['relayoutAll']>) => unpackPatch(structuredClone(packPatch(p).wire));
    ed.load({ root: tree(), template: 'right', theme: 'fresh-blue', version: '1.4.43' });
    const full = wire(mark(ed.relayoutAll(), 0));
    store.replace(adapter.convert(full).patch);
    const expectRow = (p: typeof full, base: number) => {
      for (let i = 0; i < p.ids.length; i++) {
        if (p.look[i] < 0) continue;
        const slot = store.slotOf.get(p.ids[i])!;
        for (const [c, name] of NODE_INTS.entries()) expect(store.nodeInt(slot, NodeInt[name]), `${p.ids[i]}.${name}`).toBe(base + i * 100 + c);
      }
    };
    expectRow(full, 0);
    const edit = wire(mark(ed.execute('appendChild', ['r-1', '新']).patch, 7));
    store.apply(adapter.convert(edit).patch);
    expectRow(edit, 7);
    // Box-only entries (nodes moved or resized by the edit, no new fields) keep their rows.
    const before = store.nodeInt(store.slotOf.get('r-0')!, NodeInt.level);
    store.apply(adapter.convert(ed.execute('editText', ['r-0-0', '一个长得多的标题文本']).patch).patch);
    expect(store.nodeInt(store.slotOf.get('r-0')!, NodeInt.level)).toBe(before);
  });

  it('rare fields (link, resources, image) reach only the nodes that have them', () => {
    const ed = new MindEditor();
    const store = new SceneStore();
    const adapter = new EnginePatchAdapter(store);
    const km = { root: tree(), template: 'default', theme: 'fresh-blue', version: '1.4.43' };
    const data = (id: string) => {
      const find = (n: KmNode): KmNode | undefined => (n.data.id === id ? n : n.children?.map(find).find(Boolean));
      return find(km.root)!.data;
    };
    Object.assign(data('r-0-1'), { hyperlink: 'https://x.org', resource: ['重点'] });
    Object.assign(data('r-2-2'), { image: '/i.png', imageSize: { width: 40, height: 20 } });
    store.replace(adapter.convert(ed.load(km)).patch);
    expect(store.node('r-0-1')!.markers).toMatchObject({ link: true, resources: ['重点'] });
    expect(store.node('r-0-1')!.image).toBeUndefined();
    expect(store.node('r-2-2')!.image).toEqual({ url: '/i.png', w: 40, h: 20 });
    expect(store.node('r-2-2')!.markers?.link).toBeUndefined();
    for (const id of ['r-0-0', 'r-0-2', 'r-2-1', 'r-3']) {
      expect(store.node(id)!.markers?.link, id).toBeUndefined();
      expect(store.node(id)!.image, id).toBeUndefined();
    }
    // an edit that adds a link carries it for that node only
    store.apply(adapter.convert(ed.execute('hyperlink', ['r-3', 'https://y.org', '']).patch).patch);
    expect(store.node('r-3')!.markers?.link).toBe(true);
    expect(store.node('r-0-1')!.markers?.link).toBe(true);
  });
});
