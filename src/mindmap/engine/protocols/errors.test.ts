import { describe, expect, it } from 'vitest';
import { importDocument, type TextFormat } from './formats';

// Every import error says what and where, in Chinese. The SPEC's own words ('Invalid local
// format', 'Theme … not exists!', 'Missing Layout') stay first where SPEC gives them.

function messageOf(format: TextFormat, text: string): string {
  try {
    importDocument(format, text);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected the import to fail');
}

/** No English left once the SPEC prefixes and format names are taken out. */
function expectChinese(msg: string) {
  const rest = msg
    .replace(/^(Invalid local format|Theme [\w-]+ not exists!|Missing Layout: [\w-]+)/, '')
    .replace(/“[^”]*”/g, '') // names quoted from the file
    .replace(/\.km|JSON|Markdown|Tab/g, '');
  expect(rest, msg).not.toMatch(/[A-Za-z]{3,}/);
  expect(rest, msg).toMatch(/[\u4e00-\u9fff]/);
}

describe('import errors', () => {
  it.each([
    ['txt', '根\n\t甲\n\t\t\t跳级', 'Invalid local format：第 3 行：缩进跳级'],
    ['txt', '\t根', 'Invalid local format：第 1 行：缩进跳级'],
    ['txt', '根\n\t甲\n根二', 'Invalid local format：第 3 行：'],
    ['txt', ' \n\t\n', 'Invalid local format：'],
    ['md', '只有一段文字，没有标题', '没有'],
    ['km', '{"root":{"data":{"text":"根"},\n  "children":[}', '第 2 行第 15 列'],
    ['km', '{"root":', '第 1 行第 9 列'],
    ['km', '[1,2,]', '第 1 行第 6 列'],
    ['km', '{"root":{"data":{"text":"a\nb"}}}', '第 1 行第 27 列'],
    ['km', '"text"', '不是导图'],
    ['km', ' \n', '文件是空的'],
    ['km', '{"root":{"data":{"id":"r"}},"theme":"nope"}', 'Theme nope not exists!'],
    ['km', '{"root":{"data":{"id":"r","text":"根","layout":"zig"}}}', 'Missing Layout: zig'],
  ] as const)('.%s %j → %s…', (format, text, expected) => {
    const msg = messageOf(format, text);
    expect(msg.startsWith(expected) || msg.includes(expected), msg).toBe(true);
    expectChinese(msg);
  });
});
