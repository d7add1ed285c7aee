import { describe, expect, it } from 'vitest';
import { decodeText, encodeText } from './text';
import { decodeMarkdown, encodeMarkdown } from './markdown';
import { exportDocument, importDocument, type TextFormat } from './formats';
import type { KmDocument, KmNode } from '../model/types';

// Issue 15 item 4: titles that are blank, start with whitespace or hold escape-like text must
// come back exactly from outline text and markdown (each case here failed before the fix).

const node = (text: string, children: KmNode[] = []): KmNode => ({ data: { text }, children });
const doc = (root: KmNode): KmDocument => ({ root, template: 'default', theme: 'fresh-blue', version: '1.4.43' });
const shape = (n: KmNode): unknown => ({ text: n.data.text, children: (n.children ?? []).map(shape) });

function roundTrip(format: TextFormat, root: KmNode): KmNode {
  return importDocument(format, exportDocument(format, doc(root))).root;
}

const awkward = [
  ' ',
  '  ',
  '\t',
  '  两个空格开头',
  '    四个空格开头',
  '\t制表符开头',
  '尾随空格  ',
  'a<br>b',
  '<br>',
  '末尾反斜杠\\',
  '\\n 不是换行',
  '\\\\n',
  'C:\\new\\dir',
  '# 井号',
  '- 减号',
  '* 星号',
  '1. 编号',
  '[链接](http://x)',
  '&lt;实体&gt;',
  '`代码`',
  '换\n行',
  '\u3000全角空格',
  '😀 表情',
  '>',
  '#',
  'a ##',
];

describe.each(['txt', 'md'] as const)('.%s keeps awkward titles exactly', (format) => {
  it.each(awkward)('title %j', (title) => {
    const root = node('根', [node('前'), node(title, [node('子一'), node('子二', [node('孙')])]), node('后')]);
    expect(shape(roundTrip(format, root))).toEqual(shape(root));
  });

  it('a blank title keeps its children (they used to join the previous sibling)', () => {
    const root = node('根', [node('甲', [node('甲一')]), node(' ', [node('空白的子'), node('空白的子二')]), node('乙')]);
    const back = roundTrip(format, root);
    expect(back.children!.map((c) => c.data.text)).toEqual(['甲', ' ', '乙']);
    expect(back.children![0].children!.map((c) => c.data.text)).toEqual(['甲一']);
    expect(back.children![1].children!.map((c) => c.data.text)).toEqual(['空白的子', '空白的子二']);
  });
});

describe('outline text escapes', () => {
  it('writes a blank title as an escaped space, never a blank line', () => {
    expect(encodeText(node('R', [node(' ')]))).toBe('R\r\t\\ \r');
    expect(decodeText('R\r\t\\ \r')!.children![0].data.text).toBe(' ');
  });

  it('escapes the first leading whitespace, line breaks and backslashes that would read as escapes', () => {
    expect(encodeText(node('R', [node('    x')]))).toBe('R\r\t\\    x\r');
    expect(encodeText(node('R', [node('a\\')]))).toBe('R\r\ta\\\\\r');
    expect(encodeText(node('R', [node('a\nb\rc')]))).toBe('R\r\ta\\nb\\rc\r');
    // Backslashes that cannot be misread stay as written (Windows paths, regexes).
    expect(encodeText(node('R', [node('C:\\dir\\d+')]))).toBe('R\r\tC:\\dir\\d+\r');
  });

  it('reads what kityminder writes: `\\n` is a line break, `\\\\n` a literal backslash-n, other backslashes stay', () => {
    expect(decodeText('R\n\ta\\nb\n\tx\\\\n\n\tC:\\dir')!.children!.map((c) => c.data.text)).toEqual(['a\nb', 'x\\n', 'C:\\dir']);
  });
});

describe('markdown title escapes', () => {
  it('keeps leading spaces (as entities) and a literal <br> (as &lt;br>)', () => {
    expect(encodeMarkdown(node('R', [node('  缩进')]))).toBe('# R\n\n## &#32;&#32;缩进\n');
    expect(encodeMarkdown(node('R', [node('a<br>b')]))).toBe('# R\n\n## a&lt;br>b\n');
    expect(decodeMarkdown('# R\n\n## a&lt;br>b\n').children![0].data.text).toBe('a<br>b');
    expect(decodeMarkdown('# R\n\n## a<br>b\n').children![0].data.text).toBe('a\nb');
  });

  it('a line break in a title is still <br>', () => {
    expect(encodeMarkdown(node('R', [node('一\n二')]))).toBe('# R\n\n## 一<br>二\n');
  });
});

describe("a 700-node map with blank and space-led titles (the testers' case)", () => {
  // Every 37th title is a single space, every 41st starts with four spaces: before the fix the
  // blank nodes vanished from outline text and hundreds of later titles moved under other parents.
  let k = 0;
  const title = () => (++k % 37 === 0 ? ' ' : k % 41 === 0 ? '    缩进' + k : '主题' + k);
  const build = (depth: number, width: number): KmNode => node(title(), depth === 0 ? [] : Array.from({ length: width }, () => build(depth - 1, width)));
  const root = node(
    '根',
    Array.from({ length: 7 }, () => build(3, 4)),
  ); // subtrees of 85 nodes: 7 + 2 of them, 766 in all
  for (const c of root.children!.slice(0, 2)) c.children!.push(build(3, 4));
  const count = (n: KmNode): number => 1 + (n.children ?? []).reduce((s, c) => s + count(c), 0);

  it.each(['txt', 'md', 'km'] as const)('.%s keeps every title in place', (format) => {
    expect(count(root)).toBeGreaterThan(700);
    expect(shape(roundTrip(format, root))).toEqual(shape(root));
  });
});
