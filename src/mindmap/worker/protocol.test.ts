import { describe, expect, it } from 'vitest';
import { MindEditor, type RenderPatch } from '../engine/editor';
import { extrasOf, nodeAt } from '../engine/render/render-patch';
import { packPatch, unpackPatch } from './protocol';

const nodesOf = (p: RenderPatch) => p.ids.map((_, i) => nodeAt(p, i, extrasOf(p)));

describe('worker protocol', () => {
  it('packs a patch for transfer and unpacks it unchanged', () => {
    const ed = new MindEditor();
    const root = ed.doc.root.id;
    const p0 = ed.relayoutAll();
    const { result } = ed.execute('appendChild', [root, '甲']);
    const p = ed.execute('appendSibling', [String(result), '乙']).patch;
    for (const src of [p0, p]) {
      const copy = structuredClone(src);
      const { wire, transfer } = packPatch(src);
      // Numeric payload goes as transferable buffers, ids and texts as one string each.
      expect(transfer).toEqual([src.boxes.buffer, src.shiftDeltas.buffer, src.look.buffer, src.ints.buffer]);
      expect(wire.looks.length).toBeLessThan(4); // shared per level, not per node
      expect(typeof wire.ids).toBe('string');
      expect(typeof wire.texts).toBe('string');
      const back = structuredClone(wire, { transfer });
      expect(src.boxes.byteLength).toBe(0); // detached: moved, not copied
      expect(unpackPatch(back)).toEqual(copy);
    }
  });

  it('keeps ids containing unusual characters, empty texts and empty lists', () => {
    const p: RenderPatch = {
      version: 1,
      full: false,
      ids: ['a b', '中文', 'x\ny'],
      boxes: new Float64Array(12),
      shifts: [],
      shiftDeltas: new Float64Array(0),
      removed: [],
      looks: [],
      look: new Int32Array([-1, -1, -1]),
      ints: new Int32Array(18),
      texts: ['', '', ''],
      parents: ['', '', ''],
      extras: [],
      structure: [],
      template: 'default',
      theme: 'fresh-blue',
      background: '#fff',
      canUndo: false,
      canRedo: false,
    };
    const u = unpackPatch(packPatch(p).wire);
    expect(u.ids).toEqual(['a b', '中文', 'x\ny']);
    expect(u.texts).toEqual(['', '', '']); // one entry per node even when all are empty
    expect(u.parents).toEqual(['', '', '']);
    expect(u.shifts).toEqual([]);
    expect(u.removed).toEqual([]);
  });

  it('round-trips every per-node field (markers, links, images, resources, collapse)', () => {
    const ed = new MindEditor();
    ed.load({
      root: {
        data: { id: 'r', text: '根' },
        children: [
          {
            data: {
              id: 'a',
              text: '甲',
              priority: 3,
              progress: 5,
              isStudy: 1,
              isNow: 1,
              note: '注',
              hyperlink: 'https://x.org',
              image: '/i.png',
              imageSize: { width: 20, height: 10 },
              resource: ['重点'],
            },
            children: [{ data: { id: 'a1', text: '' } }],
          },
          { data: { id: 'b', text: '乙', expandState: 'collapse' }, children: [{ data: { id: 'b1', text: 'x' } }] },
        ],
      },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    });
    const p = ed.relayoutAll();
    const before = nodesOf(p);
    const back = unpackPatch(packPatch(p).wire);
    expect(nodesOf(back)).toEqual(before);
    expect(before.find((n) => n?.id === 'a')).toMatchObject({
      priority: 3,
      progress: 5,
      isStudy: true,
      isNow: true,
      hasNote: true,
      href: 'https://x.org',
      image: '/i.png',
      imageSize: { width: 20, height: 10 },
      resource: ['重点'],
      childCount: 1,
    });
    expect(before.find((n) => n?.id === 'b')).toMatchObject({ collapsed: true, childCount: 1, parentId: 'r', index: 1, level: 2 });
  });

  it('a node set apart from its level look in any one way gets its own look; the others keep sharing', () => {
    const km = (b: Record<string, unknown>) => ({
      root: { data: { id: 'r', text: '根' }, children: ['a', 'b', 'c'].map((id) => ({ data: { id, text: id, ...(id === 'b' ? b : {}) } })) },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    });
    const ed = new MindEditor();
    ed.load(km({}));
    const base = ed.relayoutAll();
    const lookOf = (p: RenderPatch, id: string) => p.looks[p.look[p.ids.indexOf(id)]];
    expect(base.look[base.ids.indexOf('b')]).toBe(base.look[base.ids.indexOf('c')]);
    const own = { color: '#123456', background: '#654321', 'font-size': 30, 'font-weight': 'bold', 'font-style': 'italic', 'font-family': 'serif' };
    for (const [k, v] of Object.entries(own)) {
      ed.load(km({ [k]: v }));
      const p = unpackPatch(packPatch(ed.relayoutAll()).wire);
      expect(p.look[p.ids.indexOf('b')], k).not.toBe(p.look[p.ids.indexOf('c')]);
      expect(lookOf(p, 'c'), k).toEqual(lookOf(base, 'c'));
      expect(p.looks, k).toHaveLength(base.looks.length + 1);
    }
  });
});
