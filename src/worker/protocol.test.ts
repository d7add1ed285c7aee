import { describe, expect, it } from 'vitest';
import { MindEditor } from '../engine/editor';
import { packPatch, unpackPatch, type EnginePatch } from './protocol';

describe('worker protocol', () => {
  it('packs a patch for transfer and unpacks it unchanged', () => {
    const ed = new MindEditor();
    const root = ed.doc.root.id;
    const p0 = ed.relayoutAll();
    const { result } = ed.execute('appendChild', [root, '甲']);
    const p = ed.execute('appendSibling', [String(result), '乙']).patch;
    for (const src of [p0, p]) {
      const full: EnginePatch = { ...src, structure: [[root, ['a', 'b']]], canUndo: true, canRedo: false };
      const copy = structuredClone(full);
      const { wire, transfer } = packPatch(full);
      // Numeric payload goes as transferable buffers, ids as one string.
      expect(transfer.slice(0, 2)).toEqual([full.boxes.buffer, full.shiftDeltas.buffer]);
      expect(transfer).toHaveLength(4);
      expect(wire.styles.looks.length).toBeLessThan(4); // shared per level, not per node
      expect(typeof wire.ids).toBe('string');
      const back = structuredClone(wire, { transfer });
      expect(full.boxes.byteLength).toBe(0); // detached: moved, not copied
      expect(unpackPatch(back)).toEqual(copy);
    }
  });

  it('keeps ids containing unusual characters and empty lists', () => {
    const p: EnginePatch = { version: 1, full: false, ids: ['a b', '中文', 'x\ny'], boxes: new Float64Array(12), shifts: [], shiftDeltas: new Float64Array(0), styles: [null, null, null], removed: [], template: 'default', theme: 'fresh-blue', background: '#fff', structure: [], canUndo: false, canRedo: false };
    const u = unpackPatch(packPatch(p).wire);
    expect(u.ids).toEqual(['a b', '中文', 'x\ny']);
    expect(u.shifts).toEqual([]);
    expect(u.removed).toEqual([]);
  });

  it('round-trips every per-node style field (markers, links, images, resources, collapse)', () => {
    const ed = new MindEditor();
    ed.load({ root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: '甲', priority: 3, isStudy: 1, isNow: 1, note: '注', hyperlink: 'https://x.org', image: '/i.png', imageSize: { width: 20, height: 10 }, resource: ['重点'] }, children: [{ data: { id: 'a1', text: '' } }] }, { data: { id: 'b', text: '乙', expandState: 'collapse' }, children: [{ data: { id: 'b1', text: 'x' } }] }] }, template: 'default', theme: 'fresh-blue', version: '1.4.43' });
    const p = ed.relayoutAll();
    const full: EnginePatch = { ...p, structure: [], canUndo: false, canRedo: false };
    const copy = structuredClone(full);
    expect(unpackPatch(packPatch(full).wire)).toEqual(copy);
  });

  it('a node of a level that differs from its level look in any one field gets its own look', () => {
    const ed = new MindEditor();
    ed.load({ root: { data: { id: 'r', text: '根' }, children: ['a', 'b', 'c'].map((id) => ({ data: { id, text: id } })) }, template: 'default', theme: 'fresh-blue', version: '1.4.43' });
    const base = ed.relayoutAll();
    const fields = { font: 'bold 9px x', fontSize: 9, lineHeight: 2, color: '#123', fill: '#456', stroke: '#789', strokeWidth: 7, radius: 9, shape: 'circle', shadow: 'rgba(0,0,0,0.5)', connector: 'poly', connectColor: '#abc', connectWidth: 5 } as const;
    for (const [f, v] of Object.entries(fields)) {
      const styles = base.styles.map((s) => s && { ...s });
      const b = styles.findIndex((s) => s?.id === 'b');
      (styles[b] as unknown as Record<string, unknown>)[f] = v;
      const full: EnginePatch = { ...base, styles, boxes: base.boxes.slice(), structure: [], canUndo: false, canRedo: false };
      const back = unpackPatch(packPatch(full).wire);
      expect(back.styles[b]![f as keyof typeof fields], f).toBe(v);
      expect(back.styles.find((s) => s?.id === 'c')![f as keyof typeof fields], f).toBe(base.styles.find((s) => s?.id === 'c')![f as keyof typeof fields]);
    }
  });
});
