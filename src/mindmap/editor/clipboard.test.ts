import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KmNode } from '../engine/model/types';
import { clipboardPayload, clipFromClipboard, nodesFromText } from './clipboard';

// Clipboard formats: our .km JSON in text/html round-trips exactly; the outline text other apps
// get reads back to the same tree; plain indented text from another app becomes subtrees.

interface T {
  text: string;
  children: T[];
}
const title = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('学图 Xuetu', '# 标题', '- 列表', 'a\\b', 'x<br>y', '😀 表情', 'tab\there', '行一\n行二', '"引号" & <b>'),
);
function treeOf(text: fc.Arbitrary<string>, depth: number): fc.Arbitrary<T> {
  return fc.record({ text, children: depth === 0 ? fc.constant([]) : fc.array(treeOf(text, depth - 1), { maxLength: 3 }) });
}
const tree = treeOf(title, 3);
const km = (t: T): KmNode => ({ data: { text: t.text, priority: 2, note: `备注 ${t.text}` }, children: t.children.map(km) });

describe('system clipboard formats', () => {
  it('the .km JSON in text/html comes back exactly, with every data field', () => {
    fc.assert(
      fc.property(fc.array(tree, { minLength: 1, maxLength: 3 }), (ts) => {
        const nodes = ts.map(km);
        const { html, text } = clipboardPayload(nodes);
        expect(clipFromClipboard(html, text).nodes).toEqual(nodes);
      }),
    );
  });

  it('the outline text reads back to the same titles and shape (titles an outline line can carry)', () => {
    const plain = fc.string({ minLength: 1, maxLength: 10 }).filter((s) => /^[^\s\\]/.test(s) && !/[\\\r\n]/.test(s) && /\S$/.test(s));
    const plainTree = treeOf(plain, 3);
    const shape = (n: KmNode): T => ({ text: String(n.data.text), children: (n.children ?? []).map(shape) });
    fc.assert(
      fc.property(fc.array(plainTree, { minLength: 1, maxLength: 3 }), (ts) => {
        const { text } = clipboardPayload(ts.map(km));
        expect(clipFromClipboard('', text).nodes.map(shape)).toEqual(ts);
      }),
    );
  });

  it('reads indented text from another app (tabs or four spaces, several top-level lines, blank lines, CRLF)', () => {
    const nodes = nodesFromText('外部笔记\r\n\t要点一\r\n    要点二\r\n\r\n另一条\r\n');
    expect(nodes.map((n) => [n.data.text, (n.children ?? []).map((c) => c.data.text)])).toEqual([
      ['外部笔记', ['要点一', '要点二']],
      ['另一条', []],
    ]);
    // the student's own line numbers, and two spaces per level as in a file
    expect(() => nodesFromText('甲\n\t\t跳级')).toThrow('Invalid local format：第 2 行：缩进跳级');
    expect(nodesFromText('甲\n  甲一\n乙\n').map((n) => [n.data.text, (n.children ?? []).map((c) => c.data.text)])).toEqual([
      ['甲', ['甲一']],
      ['乙', []],
    ]);
    expect(clipFromClipboard('', '   ').nodes).toEqual([]);
  });

  it('reads kityminder’s clipboard JSON and ignores HTML from other apps', () => {
    const nodes: KmNode[] = [{ data: { text: '来自 kityminder', id: 'k1' }, children: [] }];
    expect(clipFromClipboard('', `\uFFFF\uFEFF${JSON.stringify(nodes)}`).nodes).toEqual(nodes);
    expect(clipFromClipboard('<b>网页</b>', '网页').nodes).toEqual([{ data: { text: '网页' } }]);
    expect(clipFromClipboard('<pre data-xuetu-km="[1]">坏</pre>', '坏').nodes).toEqual([{ data: { text: '坏' } }]);
  });

  it('carries a cut’s summaries and lines through text/html; malformed items from outside are left out', () => {
    const clip = {
      nodes: [{ data: { id: 'a', text: '甲' }, children: [{ data: { id: 'a1', text: '甲一' }, children: [] }] }],
      relationships: [{ id: 'l', from: 'a1', to: 'x', title: '因为' }],
      summaries: [{ id: 's', parent: 'a', first: 'a1', last: 'a1', text: '概括 $x^2$' }],
      cut: true,
    };
    const { html, text } = clipboardPayload(clip);
    expect(clipFromClipboard(html, text)).toEqual(clip);
    const hostile = { ...clip, relationships: [{ id: 'l', from: 'a', to: 'a' }, 7], summaries: [{ id: 's' }], cut: 'yes' };
    const back = clipFromClipboard(clipboardPayload(hostile as never).html, text);
    expect(back).toEqual({ nodes: clip.nodes, relationships: [], summaries: [] });
  });
});
