import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { MindEditor } from '../editor';
import type { KmDocument } from '../model/types';
import { asciiUri } from './pdf-links';

// Topic hyperlinks in the PDF (pdf-links.ts), read back by pdf.js as a viewer would: a web link is
// a URI link annotation over its topic, on every tile the topic is drawn on; others are listed.

const FONT = createRequire(import.meta.url).resolve('@openfonts/noto-sans-sc_all/files/noto-sans-sc-all-400.woff');
let font: Uint8Array;
beforeAll(() => {
  font = new Uint8Array(readFileSync(FONT));
});

const DOC: KmDocument = {
  root: {
    data: { id: 'r', text: '中心主题' },
    children: [
      { data: { id: 'a', text: '维基', hyperlink: 'https://zh.wikipedia.org/wiki/质能等价' } },
      { data: { id: 'b', text: '例子', hyperlink: 'http://example.com/a(b)' } },
      { data: { id: 'c', text: '邮件', hyperlink: 'mailto:t@example.com' } },
      { data: { id: 'd', text: '脚本', hyperlink: 'javascript:alert(1)' } },
      { data: { id: 'e', text: '没有链接' } },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

interface Annot {
  subtype: string;
  url?: string;
  unsafeUrl?: string;
  rect: number[];
}

async function linksOf(data: Uint8Array): Promise<Annot[][]> {
  const pdf = await getDocument({ data: data.slice(), isEvalSupported: false, useSystemFonts: false }).promise;
  const out: Annot[][] = [];
  for (let i = 1; i <= pdf.numPages; i++) out.push(((await (await pdf.getPage(i)).getAnnotations()) as Annot[]).filter((a) => a.subtype === 'Link'));
  return out;
}

describe('PDF topic links', () => {
  it('web links are URI annotations over their topics; mailto: and javascript: are listed, not made live', async () => {
    const ed = new MindEditor();
    ed.load(DOC);
    const r = await ed.exportPdf({ font });
    const [page] = await linksOf(r.data);
    expect(page.map((a) => a.unsafeUrl).sort()).toEqual(['http://example.com/a%28b%29', 'https://zh.wikipedia.org/wiki/%E8%B4%A8%E8%83%BD%E7%AD%89%E4%BB%B7']);
    for (const a of page) {
      // a topic-sized box, not a point and not the page
      expect(a.rect[2] - a.rect[0]).toBeGreaterThan(20);
      expect(a.rect[3] - a.rect[1]).toBeGreaterThan(10);
      expect(a.rect[2] - a.rect[0]).toBeLessThan(300);
    }
    expect(r.notices.map((n) => n.message)).toContain(
      '这些链接不是网页地址（http、https），在 PDF 中不能点击：「mailto:t@example.com」、「javascript:alert(1)」',
    );
  });

  it('on A4 tiles each tile a linked topic is drawn on has its annotation', async () => {
    const ed = new MindEditor();
    const many: KmDocument = {
      ...DOC,
      root: {
        data: { id: 'r', text: '根' },
        children: Array.from({ length: 80 }, (_, i) => ({ data: { id: `n${i}`, text: `主题 ${i} 很长的标题文字`, hyperlink: `https://example.com/${i}` } })),
      },
    };
    ed.load(many);
    const r = await ed.exportPdf({ font, mode: 'tiled' });
    expect(r.pages).toBeGreaterThan(1);
    const pages = await linksOf(r.data);
    const urls = new Set(pages.flat().map((a) => a.unsafeUrl));
    expect(urls.size).toBe(80);
    expect(r.notices).toEqual([]);
  });

  it('the SVG export links web addresses only (a javascript: link is never made live)', () => {
    const ed = new MindEditor();
    ed.load(DOC);
    const svg = ed.exportData('svg');
    expect(svg).toContain('<a href="https://zh.wikipedia.org/wiki/质能等价" target="_blank"');
    expect(svg).toContain('<a data-href="javascript:alert(1)"');
    expect(svg).not.toMatch(/ href="(javascript|mailto):/);
  });

  it('URIs are ASCII: other characters and ( ) \\ percent-encoded', () => {
    expect(asciiUri(' https://例.cn/a b(c)\\😀 ')).toBe('https://%E4%BE%8B.cn/a%20b%28c%29%5C%F0%9F%98%80');
  });
});
