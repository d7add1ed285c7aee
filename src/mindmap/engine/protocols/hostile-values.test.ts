import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import { documentProblem } from '../model/limits';
import { importDocumentWithNotices } from './formats';

// A JSON object with its own `toString` that is not a function cannot be turned into text or a
// number: String(), Number(), `${}` and comparisons throw a TypeError. Kept in a field the editor
// reads (a font size, a title, a layout, a mark), it stopped the whole map from being laid out —
// after an import of it had already replaced the open map — and the server stored such a map.
// An import now drops the field, says so, and opens the rest; a save of one is refused.
const FIELDS = ['text', 'note', 'hyperlink', 'image', 'imageSize', 'priority', 'progress', 'isNow', 'isStudy', 'layout'];
const MORE_FIELDS = ['color', 'background', 'font-family', 'font-size', 'font-weight', 'resource', 'expandState', 'custom'];
const unprintable = () => JSON.parse('{"toString":true,"x":1}');
const shapes: [string, () => unknown][] = [
  ['an object', unprintable],
  ['an array holding one', () => [unprintable()]],
  ['nested in arrays', () => [[1, unprintable()]]],
];

function mapWith(field: string, value: unknown) {
  return {
    root: {
      data: { id: 'root', text: '中心' },
      children: [{ data: { id: 'c', text: '子主题', created: 42, [field]: value }, children: [{ data: { id: 'g', text: '孙' } }] }],
    },
    template: 'default',
    theme: 'fresh-blue',
    version: '1.4.43',
  };
}

describe('a field whose value cannot become text', () => {
  for (const field of [...FIELDS, ...MORE_FIELDS])
    for (const [shape, make] of shapes)
      it(`${field} holding ${shape}: the .km opens without that field, says so, and can be saved`, () => {
        const file = JSON.stringify(mapWith(field, make()));
        const { document, notices } = importDocumentWithNotices('km', file);
        expect(notices.map((n) => n.message)).toEqual(['以下内容未能保留：无法读取的主题字段 1 处']);
        const child = document.root.children![0]!.data;
        expect(field in child).toBe(false);
        expect(child.created).toBe(42);

        const editor = new MindEditor();
        editor.load(mapWith('note', '原来的'));
        editor.importData('km', file);
        for (const f of ['km', 'md', 'txt', 'svg'] as const) expect(() => editor.exportData(f)).not.toThrow();
        expect(editor.toKm().root.children![0]!.children![0]!.data.text).toBe('孙');
        expect(documentProblem(editor.toKm())).toBeNull();
      });

  it('keys a save refuses go the same way (__proto__, constructor.prototype), counted once each', () => {
    const file = '{"root":{"data":{"id":"r","text":"根","__proto__":{"x":1},"constructor":{"prototype":{}},"toString":"t"}}}';
    const { document, notices } = importDocumentWithNotices('km', file);
    expect(Object.keys(document.root.data)).toEqual(['id', 'text']);
    expect(notices.map((n) => n.message)).toEqual(['以下内容未能保留：无法读取的主题字段 3 处']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('a field named valueOf, or toString inside a key of another name, is kept', () => {
    const file = JSON.stringify(mapWith('font-size', JSON.parse('{"valueOf":true}')));
    const { document, notices } = importDocumentWithNotices('km', file);
    expect(document.root.children![0]!.data['font-size']).toEqual({ valueOf: true });
    expect(notices).toEqual([]);
    const editor = new MindEditor();
    editor.importData('km', file);
    for (const f of ['km', 'md', 'txt', 'svg'] as const) expect(() => editor.exportData(f)).not.toThrow();
  });
});
