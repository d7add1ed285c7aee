import { describe, expect, it } from 'vitest';
import { MindEditor } from './editor';
import { extrasOf, nodeAt } from './render/render-patch';
import { MAX_SWAPS } from './history/history';

const KM =
  '{"root":{"data":{"id":"r","text":"学习"},"children":[{"data":{"id":"a","text":"A"},"children":[{"data":{"id":"a1","text":"A1"},"children":[]}]},{"data":{"id":"b","text":"B"},"children":[]}]},"template":"default","theme":"fresh-blue","version":"1.4.43"}';

describe('MindEditor facade', () => {
  it('loads .km (not an undo step) and exports it byte for byte', () => {
    const ed = new MindEditor();
    const patch = ed.load(KM);
    expect(patch.full).toBe(true);
    expect(patch.ids).toHaveLength(4);
    expect(Array.from(patch.look).every((k) => k >= 0)).toBe(true);
    expect(ed.canUndo).toBe(false);
    expect(ed.exportData('km')).toBe(KM);
    expect(ed.exportData('txt')).toBe('学习\r\tA\r\t\tA1\r\tB\r');
    expect(ed.exportData('md')).toBe('# 学习\n\n## A\n\n### A1\n\n## B\n');
  });

  it('a failed import leaves the current document untouched', () => {
    const ed = new MindEditor();
    ed.load(KM);
    expect(() => ed.importData('txt', 'R1\nR2')).toThrow('Invalid local format');
    expect(() => ed.importData('km', '{"root":{"data":{}},"theme":"nope"}')).toThrow('Theme nope not exists!');
    expect(() => ed.importData('md', 'plain')).toThrow('无法导入 Markdown');
    expect(ed.exportData('km')).toBe(KM);
  });

  it('an import is one undo step: undo brings back the map before it, every field; redo re-imports', () => {
    const ed = new MindEditor();
    ed.load(KM);
    ed.execute('priority', ['a', 3]);
    ed.execute('setNote', ['a1', '要点']);
    ed.execute('collapse', [['a']]);
    const before = ed.exportData('km');
    const beforeDoc = ed.doc;
    ed.importDataWithNotices('txt', '新图\n\t一\n\t二\n', { name: '新图' });
    expect(ed.doc.root.data.text).toBe('新图');
    ed.execute('editText', [ed.doc.root.children[0].id, '一一']);
    expect(ed.undo()!.swapped).toBeUndefined(); // the edit after the import
    expect(ed.doc.root.children[0].data.text).toBe('一');
    const back = ed.undo()!; // the import
    expect(back.full).toBe(true);
    expect(back.swapped).toBe(true); // the editor tells an undone import from other full patches
    expect(ed.doc).toBe(beforeDoc); // the same document, not a copy
    expect(ed.exportData('km')).toBe(before);
    expect(ed.getNodeData('a1').note).toBe('要点');
    expect(ed.canUndo).toBe(true); // the edits before the import are still undoable
    expect(ed.redo()!.swapped).toBe(true);
    expect(ed.exportData('txt')).toBe('新图\r\t一\r\t二\r');
    ed.redo();
    expect(ed.doc.root.children[0].data.text).toBe('一一');
    ed.undo();
    ed.undo();
    ed.undo(); // collapse is a view change: the note is the next step
    expect(ed.getNodeData('a1').note).toBeUndefined();
  });

  it('keeps only the last MAX_SWAPS imports undoable (each holds a whole document)', () => {
    const ed = new MindEditor();
    ed.load(KM);
    ed.execute('priority', ['a', 3]);
    for (let i = 0; i < MAX_SWAPS + 2; i++) ed.importData('txt', `图${i}\n`);
    let steps = 0;
    while (ed.undo()) steps++;
    expect(steps).toBe(MAX_SWAPS);
    expect(ed.doc.root.data.text).toBe('图1');
  });

  it('executes commands (one step each), merges typing, undoes and redoes with patches', () => {
    const ed = new MindEditor();
    ed.load(KM);
    for (const t of ['x', 'xy', 'xyz']) ed.execute('editText', ['b', t], { mergeKey: 'text:b' });
    ed.execute('moveNode', ['b', 'a', 0]);
    ed.execute('priority', ['b', 2]);
    expect(ed.getNodeData('b')).toMatchObject({ text: 'xyz', priority: 2 });
    ed.undo();
    expect(ed.getNodeData('b').priority).toBeUndefined();
    const u = ed.undo()!;
    expect(u.ids).toContain('b');
    expect(ed.doc.get('b').parent!.id).toBe('r');
    ed.undo();
    expect(ed.getNodeData('b').text).toBe('B');
    expect(ed.exportData('km')).toBe(KM);
    ed.redo();
    ed.redo();
    ed.redo();
    expect(ed.getNodeData('b')).toMatchObject({ text: 'xyz', priority: 2 });
    expect(ed.undo()).not.toBeNull();
  });

  it('theme and template switches produce full patches; unknown names are refused', () => {
    const ed = new MindEditor();
    ed.load(KM);
    const p = ed.execute('theme', ['classic']).patch;
    expect(p.full).toBe(true);
    expect(p.background).toBe('#3A4144');
    expect(() => ed.execute('theme', ['nope'])).toThrow('Theme nope not exists!');
    expect(ed.execute('template', ['structure']).patch.template).toBe('structure');
  });

  it('read-only refuses edits but allows expandToLevel and resetLayout', () => {
    const ed = new MindEditor();
    ed.load(KM);
    ed.setReadOnly(true);
    expect(() => ed.execute('appendChild', ['r'])).toThrow('只读');
    ed.execute('expandToLevel', [1]);
    expect(ed.getNodeData('a').expandState).toBe('collapse');
  });

  it('view changes (expand, collapse, expand to level) work read-only, are no undo step and keep redo', () => {
    const ed = new MindEditor();
    ed.load(KM);
    ed.execute('editText', ['b', 'B2']);
    ed.undo();
    expect(ed.canRedo).toBe(true);
    ed.execute('collapse', [['a']]);
    ed.execute('expand', [['a']]);
    ed.execute('expandToLevel', [1]);
    expect(ed.canUndo).toBe(false);
    expect(ed.canRedo).toBe(true);
    ed.redo();
    expect(ed.getNodeData('b').text).toBe('B2');
    // Undo across a later view change still restores the edit and leaves the view alone.
    ed.execute('collapse', [['a']]);
    ed.undo();
    expect(ed.getNodeData('b').text).toBe('B');
    expect(ed.getNodeData('a').expandState).toBe('collapse');

    ed.setReadOnly(true);
    expect(ed.execute('expand', [['a']]).patch.ids).toContain('a1');
    expect(ed.execute('collapse', [['a']]).patch.removed).toEqual(['a1']);
    expect(ed.getNodeData('a').expandState).toBe('collapse');
    expect(ed.canRedo).toBe(true);
    expect(() => ed.execute('editText', ['a', 'x'])).toThrow('只读');
  });

  it('exports SVG with a 20 px margin on every side', () => {
    const ed = new MindEditor();
    ed.load(KM);
    const svg = ed.exportData('svg');
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const id of ['r', 'a', 'a1', 'b']) {
      const [x, y, w, h] = ed.boxOf(id);
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + w), Math.max(y1, y + h)];
    }
    expect(svg).toContain(`width="${Math.trunc(x1 - x0 + 40)}"`);
    expect(svg).toContain(`height="${Math.trunc(y1 - y0 + 40)}"`);
    expect(svg).toContain(`translate(${20 - x0},${20 - y0})`);
    expect(svg).toContain('>A1</tspan>');
  });

  it('exports a node image at its fitted size above the text', () => {
    const ed = new MindEditor();
    ed.load(KM);
    ed.execute('image', ['a', '/api/folder/resource/file/vod/x.png?a=1&b=2', '图', 400, 200]);
    const svg = ed.exportData('svg');
    const [x, y, w] = ed.boxOf('a');
    const m = /<image href="([^"]+)" x="([\d.-]+)" y="([\d.-]+)" width="(\d+)" height="(\d+)"/.exec(svg)!;
    expect(m[1]).toBe('/api/folder/resource/file/vod/x.png?a=1&amp;b=2');
    const [iw, ih] = [Number(m[4]), Number(m[5])];
    expect(iw / ih).toBeCloseTo(2);
    expect(Number(m[2])).toBeCloseTo(x + (w - iw) / 2);
    expect(Number(m[3])).toBeGreaterThanOrEqual(y);
  });

  it('hyperlinks render with a whitelisted href only', () => {
    const ed = new MindEditor();
    ed.load(KM);
    const p = ed.execute('hyperlink', ['a', 'javascript:alert(1)', 't']).patch;
    expect(nodeAt(p, p.ids.indexOf('a'), extrasOf(p))!.href).toBe('#');
  });

  it('expanding sends full styles for the nodes shown again (collapse removed their views)', () => {
    const ed = new MindEditor();
    ed.load({
      root: {
        data: { id: 'r', text: '根' },
        children: [{ data: { id: 'a', text: '甲' }, children: [{ data: { id: 'a1', text: '甲一' }, children: [{ data: { id: 'a11', text: '子' } }] }] }],
      },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    });
    expect(ed.execute('collapse', [['a']]).patch.removed.sort()).toEqual(['a1', 'a11']);
    const p = ed.execute('expand', [['a']]).patch;
    for (const id of ['a1', 'a11']) expect(nodeAt(p, p.ids.indexOf(id), extrasOf(p))?.id).toBe(id);
  });
});
