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
      const copy = { ...full, boxes: full.boxes.slice(), shiftDeltas: full.shiftDeltas.slice() };
      const { wire, transfer } = packPatch(full);
      // Numeric payload goes as transferable buffers, ids as one string.
      expect(transfer).toEqual([full.boxes.buffer, full.shiftDeltas.buffer]);
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
});
