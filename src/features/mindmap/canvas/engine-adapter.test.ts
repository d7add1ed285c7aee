import { describe, expect, it } from 'vitest';
import { MindEditor } from '../../../engine/editor';
import type { KmNode } from '../../../engine/model/types';
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
});
