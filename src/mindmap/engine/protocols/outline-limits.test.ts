import { describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, MAX_NODE_DEPTH, MAX_NODES } from '../model/limits';
import { importDocumentWithNotices, type FileFormat } from './formats';

// Outline text and Markdown are held to the same map limits as every other import: a file past
// them is refused when it is opened, in Chinese, not taken in and then refused at every save.

function messageOf(format: FileFormat, text: string): string {
  try {
    importDocumentWithNotices(format, text);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected the import to fail');
}

describe('.txt and .md imports beyond the map limits', () => {
  it('refuses more topics than a map may hold, and takes one fewer', () => {
    const lines = (n: number) => ['根', ...Array.from({ length: n - 1 }, (_, i) => `\t主题${i}`)].join('\n');
    expect(messageOf('txt', lines(MAX_NODES + 1))).toBe(`无法导入 .txt 文件：${LIMIT_MESSAGES.nodes}`);
    expect(
      messageOf(
        'md',
        lines(MAX_NODES + 1)
          .replace(/\t/g, '- ')
          .replace(/^根/, '# 根'),
      ),
    ).toBe(`无法导入 .md 文件：${LIMIT_MESSAGES.nodes}`);
    expect(importDocumentWithNotices('txt', lines(MAX_NODES)).document.root.children).toHaveLength(MAX_NODES - 1);
  });

  it('refuses an outline nested deeper than a map may be', () => {
    const deep = Array.from({ length: MAX_NODE_DEPTH + 1 }, (_, i) => `${'\t'.repeat(i)}第${i + 1}级`).join('\n');
    expect(messageOf('txt', deep)).toBe(`无法导入 .txt 文件：${LIMIT_MESSAGES.depth}`);
    const deepList = ['# 根', ...Array.from({ length: MAX_NODE_DEPTH }, (_, i) => `${'  '.repeat(i)}- 第${i + 2}级`)].join('\n');
    expect(messageOf('md', deepList)).toBe(`无法导入 .md 文件：${LIMIT_MESSAGES.depth}`);
  });
});
