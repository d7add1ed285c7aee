import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, MAX_NODE_DEPTH, MAX_NODES } from '../model/limits';
import { importDocumentWithNotices, type FileData, type FileFormat } from './formats';
import { IMAGE_BUDGET, MAX_CONTENT_BYTES } from './zip-images';

// Bad XMind, FreeMind and OPML files: a clear Chinese reason (with line and column where the
// syntax is wrong), never a crash or half a map; zip bombs and oversized maps refused up front.

function messageOf(format: FileFormat, data: FileData): string {
  try {
    importDocumentWithNotices(format, data);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected the import to fail');
}

/** Chinese once file and tag names are taken out. */
function expectChinese(msg: string) {
  const rest = msg.replace(/\.xmind|\.mm|\.opml|content\.(json|xml)|JSON|XML|XMind|FreeMind|OPML|zip|sheet|rootTopic|topic|MB|<[^>]+>/g, '');
  expect(rest, msg).not.toMatch(/[A-Za-z]{3,}/);
  expect(rest, msg).toMatch(/[\u4e00-\u9fff]/);
}

const zip = (files: Record<string, string | Uint8Array>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v])));
const sheet = (rootTopic: unknown) => JSON.stringify([{ id: 's', class: 'sheet', rootTopic }]);

describe('bad exchange files', () => {
  it.each([
    ['xmind', '无法导入 .xmind 文件：文件不是有效的 XMind 文件', strToU8('not a zip at all')],
    ['xmind', '压缩包里没有 content.json 或 content.xml', zip({ 'readme.txt': 'x' })],
    ['xmind', 'content.json 第 2 行第 30 列：最后一项后面多了逗号', zip({ 'content.json': '[{"id":"s",\n  "rootTopic": {"title": "a",}}]' })],
    ['xmind', '没有画布', zip({ 'content.json': '{"a":1}' })],
    ['xmind', '第 1 行第 ', zip({ 'content.xml': '<xmap-content><sheet><topic><title>a</title></sheet></xmap-content>' })],
    ['xmind', '需要文件的原始字节', '{"not":"bytes"}'],
    ['mm', '无法导入 .mm 文件：第 3 行第', '<map version="1.0.1">\n<node TEXT="a">\n<node TEXT="b"></map>'],
    ['mm', '不是 FreeMind 导图', '<map><nope/></map>'],
    ['mm', '文件是空的', '   '],
    ['mm', '无法导入 .mm 文件：第 1 行第', '<map><node TEXT="a/></map>'],
    ['opml', '不是 OPML 大纲', '<opml version="2.0"><head/></opml>'],
    ['opml', '大纲为空', '<opml version="2.0"><body></body></opml>'],
  ] as const)('.%s: %s', (format, expected, data) => {
    const msg = messageOf(format, data);
    expect(msg, msg).toContain(expected);
    expectChinese(msg);
  });

  it('refuses a zip bomb by the declared size, before inflating it', () => {
    const bomb = zip({ 'content.json': new Uint8Array(MAX_CONTENT_BYTES + 1) });
    expect(bomb.length).toBeLessThan(100_000);
    expect(messageOf('xmind', bomb)).toBe(`无法导入 .xmind 文件：content.json 超过 ${MAX_CONTENT_BYTES / 1024 / 1024} MB，导图过大`);
  });

  it('refuses maps beyond the node and level limits', () => {
    const wide = sheet({ title: 'r', children: { attached: Array.from({ length: MAX_NODES }, (_, i) => ({ title: `t${i}` })) } });
    expect(messageOf('xmind', zip({ 'content.json': wide }))).toBe(`无法导入 .xmind 文件：${LIMIT_MESSAGES.nodes}`);
    let deep: unknown = { title: 'leaf' };
    for (let i = 0; i < MAX_NODE_DEPTH; i++) deep = { title: `l${i}`, children: { attached: [deep] } };
    expect(messageOf('xmind', zip({ 'content.json': sheet(deep) }))).toBe(`无法导入 .xmind 文件：${LIMIT_MESSAGES.depth}`);
    const mm = `<map>${'<node TEXT="x">'.repeat(5000)}${'</node>'.repeat(5000)}</map>`;
    expect(messageOf('mm', mm)).toBe(`无法导入 .mm 文件：${LIMIT_MESSAGES.depth}`);
    const opml = `<opml><body>${'<outline text="x">'.repeat(MAX_NODE_DEPTH + 1)}${'</outline>'.repeat(MAX_NODE_DEPTH + 1)}</body></opml>`;
    expect(messageOf('opml', opml)).toBe(`无法导入 .opml 文件：${LIMIT_MESSAGES.depth}`);
  });

  it('a 1,000-level map is within the limits and imports', () => {
    const opml = `<opml><body>${'<outline text="x">'.repeat(MAX_NODE_DEPTH)}${'</outline>'.repeat(MAX_NODE_DEPTH)}</body></opml>`;
    expect(importDocumentWithNotices('opml', opml).document.root.data.text).toBe('x');
  });

  it('leaves out (and says so) images over the budget, missing ones and ones of unknown type', () => {
    const topic = (src: string) => ({ title: src, image: { src } });
    const content = sheet({
      title: 'r',
      children: { attached: [topic('xap:resources/big.png'), topic('xap:resources/gone.png'), topic('xap:resources/a.tiff'), topic('https://x/y.png')] },
    });
    const r = importDocumentWithNotices(
      'xmind',
      zip({ 'content.json': content, 'resources/big.png': new Uint8Array(IMAGE_BUDGET + 1), 'resources/a.tiff': new Uint8Array(4) }),
    );
    expect(r.notices.map((n) => n.message)).toEqual(['以下内容未能保留：图片 4 张']);
    expect(r.document.root.children!.map((c) => c.data.image)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
