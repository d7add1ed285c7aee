import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

// Fixtures are copied into ./fixtures so tests never depend on /work/shared.
const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
import { decodeMarkdown, encodeMarkdown } from './markdown';
import { decodeKm, encodeKm } from './km';
import { encodeText } from './text';
import { importDocument, importDocumentWithNotices } from './formats';
import { NO_NODES } from './markdown-decode';
import type { KmNode } from '../model/types';
import { stripIds } from '../testing/strip-ids';

describe('markdown protocol', () => {
  it("exports 01 like the reference, except: a title line break is <br>, a hyperlink is the title's link", () => {
    const out = encodeMarkdown(decodeKm(fixture('01-data-structures.km')).root);
    const expected = fixture('01-data-structures.export.md')
      .replace('栈 Stack\n后进先出', '栈 Stack<br>后进先出')
      .replace('### 链表 Linked List', '### [链表 Linked List](https://en.wikipedia.org/wiki/Linked_list "维基百科")');
    expect(out).toBe(expected);
    const linear = decodeMarkdown(out).children![0].children!;
    expect(linear[2].data.text).toBe('栈 Stack\n后进先出 LIFO');
    expect(linear[1].data).toEqual({ text: '链表 Linked List', hyperlink: 'https://en.wikipedia.org/wiki/Linked_list', hyperlinkTitle: '维基百科' });
  });

  // Deliberate deviations from the reference decoder on 03: list items are nodes (markmap), and a
  // heading that skips a level is a child of the nearest shallower heading instead of note text.
  const decoded03 = () => {
    const ref = JSON.parse(fixture('03-notes.decoded.json')) as KmNode;
    const merge = ref.children![0].children![1];
    delete merge.data.note;
    merge.children = [{ data: { text: '稳定' } }, { data: { text: '需要 O(n) 额外空间' } }, ...merge.children!];
    const search = ref.children![1];
    search.data.note = '## 这是备注里的标题，不是节点\n正文';
    search.children = [{ data: { text: '越级标题（跳过了 ###，变成备注）' } }, ...search.children!];
    return ref;
  };

  it('decodes 03 like the reference decoder, except for list items and skipped levels', () => {
    expect(decodeMarkdown(fixture('03-notes.md'))).toEqual(decoded03());
    const { document, notices } = importDocumentWithNotices('md', fixture('03-notes.md'));
    // As .km: every node gets `children`, as restore adds it (the reference 03-notes.imported.km, with the deviations).
    const withChildren = (n: KmNode): KmNode => ({ data: n.data, children: (n.children ?? []).map(withChildren) });
    expect(JSON.parse(stripIds(encodeKm(document))).root).toEqual(withChildren(decoded03()));
    expect(encodeText(document.root)).toBe(
      [
        '算法 Algorithms',
        '\t排序 Sorting',
        '\t\t快速排序 Quick Sort',
        '\t\t归并排序 Merge Sort',
        '\t\t\t稳定',
        '\t\t\t需要 O(n) 额外空间',
        '\t\t\t自底向上',
        '\t查找 Searching',
        '\t\t越级标题（跳过了 ###，变成备注）',
        '\t\t二分查找',
        '',
      ].join('\r'),
    );
    expect(notices).toEqual([{ code: 'preamble', message: '有 1 行文字不在任何标题或列表项之下，没有导入' }]);
  });

  it('fixes note inflation: 03 re-exports with the note written verbatim inside markers', () => {
    const doc = importDocument('md', fixture('03-notes.md'));
    const out = encodeMarkdown(doc.root);
    const expected = fixture('03-notes.reexport.md')
      .replace('#### 这是备注', '## 这是备注')
      .replace('\n\n###### 越级标题（跳过了 ###，变成备注）\n<!--/Note-->', '\n<!--/Note-->\n\n### 越级标题（跳过了 ###，变成备注）')
      .replace('- 稳定\n- 需要 O(n) 额外空间\n\n#### 自底向上', '#### 稳定\n\n#### 需要 O(n) 额外空间\n\n#### 自底向上');
    expect(out).toBe(expected);
    // A second round trip is stable.
    expect(encodeMarkdown(importDocument('md', out).root)).toBe(out);
  });

  it('fixes heading collapse (06): notes with # lines survive the round trip', () => {
    const doc = decodeKm(fixture('06-note-heading-collapse.km'));
    const out = encodeMarkdown(doc.root);
    const back = importDocument('md', out);
    expect(back.root.data.text).toBe('会议纪要');
    expect(back.root.children!.map((c) => c.data.note)).toEqual(['# 结论\n通过', '背景说明\n# 决议\n延期']);
    // kityminder's own lossy export (the note's "# 决议" leaked out as a heading) no longer
    // collapses to the last heading: both top-level headings are kept, under one root.
    const legacy = decodeMarkdown(fixture('06-note-heading-collapse.export.md'));
    expect(legacy.data.text).toBe('中心主题');
    expect(legacy.children!.map((c) => c.data.text)).toEqual(['会议纪要', '决议']);
    expect(legacy.children![0].children![1].data.note).toBe('背景说明');
    expect(legacy.children![1].data.note).toBe('延期');
    expect(JSON.parse(fixture('06-note-heading-collapse.export.md.decoded.json')).data.text).toBe('决议');
  });

  it('fixes 07: empty text exports as 分支主题', () => {
    const out = encodeMarkdown(decodeKm(fixture('07-empty-text-node.km')).root);
    expect(out).toBe(fixture('07-empty-text-node.export.md').replace('## \n', '## 分支主题\n'));
    expect(decodeMarkdown(fixture('07-empty-text-node.export.md'))).toEqual(JSON.parse(fixture('07-empty-text-node.export.md.decoded.json')));
  });

  it('reference example and edge cases', () => {
    const tree = {
      data: { text: 'R', note: 'n1' },
      children: [{ data: { text: 'A', note: '# H\nx' }, children: [{ data: { text: 'A1' } }] }, { data: { text: 'B' } }],
    };
    expect(encodeMarkdown(tree)).toBe('# R\n\nn1\n\n## A\n\n<!--Note-->\n# H\nx\n<!--/Note-->\n\n### A1\n\n## B\n');
    expect(decodeMarkdown('Title\n===\n## a').data.text).toBe('Title');
    expect(decodeMarkdown('#Root\n## a ##').children![0].data.text).toBe('a ##');
    expect(decodeMarkdown('## only level two').data.text).toBe('only level two');
    expect(() => decodeMarkdown('no headings')).toThrow(NO_NODES);
  });
});
