import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

// Fixtures are copied into ./fixtures so tests never depend on /work/shared.
const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
import { decodeMarkdown, encodeMarkdown } from './markdown';
import { decodeKm, encodeKm } from './km';
import { encodeText } from './text';
import { importDocument } from './formats';
import { stripIds } from '../testing/strip-ids';

describe('markdown protocol', () => {
  it('exports 01 like the reference, except that a title line break is written as <br>', () => {
    const out = encodeMarkdown(decodeKm(fixture('01-data-structures.km')).root);
    expect(out).toBe(fixture('01-data-structures.export.md').replace('栈 Stack\n后进先出', '栈 Stack<br>后进先出'));
    expect(decodeMarkdown(out).children![0].children![2].data.text).toBe('栈 Stack\n后进先出 LIFO');
  });

  it('decodes 03 exactly like the reference decoder', () => {
    expect(decodeMarkdown(fixture('03-notes.md'))).toEqual(JSON.parse(fixture('03-notes.decoded.json')));
    const doc = importDocument('md', fixture('03-notes.md'));
    expect(stripIds(encodeKm(doc))).toBe(fixture('03-notes.imported.km'));
    expect(encodeText(doc.root)).toBe(fixture('03-notes.reexport.txt'));
  });

  it('fixes note inflation: 03 re-exports with the note written verbatim inside markers', () => {
    const doc = importDocument('md', fixture('03-notes.md'));
    const out = encodeMarkdown(doc.root);
    const expected = fixture('03-notes.reexport.md').replace('#### 这是备注', '## 这是备注').replace('###### 越级', '#### 越级');
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
    // Reading kityminder's own lossy export no longer throws away the document either.
    const legacy = decodeMarkdown(fixture('06-note-heading-collapse.export.md'));
    expect(legacy.data.text).toBe('会议纪要');
    expect(legacy.children![1].data.note).toBe('背景说明\n# 决议\n延期');
    expect(JSON.parse(fixture('06-note-heading-collapse.export.md.decoded.json')).data.text).toBe('决议');
  });

  it('fixes 07: empty text exports as 分支主题', () => {
    const out = encodeMarkdown(decodeKm(fixture('07-empty-text-node.km')).root);
    expect(out).toBe(fixture('07-empty-text-node.export.md').replace('## \n', '## 分支主题\n'));
    expect(decodeMarkdown(fixture('07-empty-text-node.export.md'))).toEqual(JSON.parse(fixture('07-empty-text-node.export.md.decoded.json')));
  });

  it('reference example and edge cases', () => {
    const tree = { data: { text: 'R', note: 'n1' }, children: [{ data: { text: 'A', note: '# H\nx' }, children: [{ data: { text: 'A1' } }] }, { data: { text: 'B' } }] };
    expect(encodeMarkdown(tree)).toBe('# R\n\nn1\n\n## A\n\n<!--Note-->\n# H\nx\n<!--/Note-->\n\n### A1\n\n## B\n');
    expect(decodeMarkdown('Title\n===\n## a').data.text).toBe('Title');
    expect(decodeMarkdown('#Root\n## a ##').children![0].data.text).toBe('a ##');
    expect(() => decodeMarkdown('## only level two')).toThrow('Invalid local format');
    expect(() => decodeMarkdown('no headings')).toThrow('Invalid local format');
  });
});
