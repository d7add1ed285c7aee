import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as fontkit from 'fontkit';
import { decodePDFRawStream, PDFDocument, PDFName, PDFDict, PDFRawStream, PDFRef } from 'pdf-lib';
import { MindEditor } from '../editor';
import type { KmDocument, KmNode } from '../model/types';
import { parseColor } from './pdf';
import { readSvg } from './pdf-ops';

// The PDF export (issue 19.6) read back by pdf.js, as a PDF viewer would: titles are real,
// extractable text (CJK included), the font is embedded as a small subset, pages tile large maps.

const FONT = createRequire(import.meta.url).resolve('@openfonts/noto-sans-sc_all/files/noto-sans-sc-all-400.woff');
let font: Uint8Array;
beforeAll(() => {
  font = new Uint8Array(readFileSync(FONT));
});

const km = (root: KmNode): KmDocument => ({ root, template: 'default', theme: 'fresh-blue', version: '1.4.43' });

const sample = km({
  data: { id: 'r', text: '中心主题 Mind Map' },
  children: [
    {
      data: { id: 'a', text: '学习计划', priority: 1, progress: 5 },
      children: [{ data: { id: 'a1', text: 'Chapter 1 函数' } }, { data: { id: 'a2', text: '导数\n第二行' } }],
    },
    { data: { id: 'b', text: 'ASCII only', hyperlink: 'https://example.com', note: 'n' } },
    { data: { id: 'c', text: '表情 😀 保留文字', resource: ['重点'] } },
  ],
});

async function textOf(data: Uint8Array): Promise<{ pages: string[]; count: number }> {
  const pdf = await getDocument({ data: data.slice(), isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const c = await (await pdf.getPage(i)).getTextContent();
    pages.push(c.items.map((x) => ('str' in x ? x.str : '')).join('\n'));
  }
  return { pages, count: pdf.numPages };
}

/** Sizes of the embedded font programs (FontFile2 streams), and the fonts' names. */
async function fontFiles(data: Uint8Array, names: string[] = [], programs: Uint8Array[] = []): Promise<number[]> {
  const doc = await PDFDocument.load(data);
  const sizes: number[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Type'))?.toString() !== '/FontDescriptor') continue;
    names.push(String(obj.get(PDFName.of('FontName'))));
    const ref = obj.get(PDFName.of('FontFile2'));
    const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : undefined;
    if (stream instanceof PDFRawStream) {
      sizes.push(stream.contents.length);
      programs.push(decodePDFRawStream(stream).decode());
    }
  }
  return sizes;
}

/** The page content streams (drawing operators) of a PDF, as text. */
async function pageOps(data: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(data);
  let content = '';
  for (const [, obj] of pdf.context.enumerateIndirectObjects())
    if (obj instanceof PDFRawStream && !obj.dict.get(PDFName.of('Subtype')) && !obj.dict.get(PDFName.of('Length1')))
      content += new TextDecoder('latin1').decode(decodePDFRawStream(obj).decode());
  return content;
}

describe('PDF export', () => {
  it('writes every title as extractable text, CJK and ASCII, on one page', async () => {
    const ed = new MindEditor();
    ed.load(sample);
    const r = await ed.exportPdf({ font });
    expect(new TextDecoder().decode(r.data.slice(0, 5))).toBe('%PDF-');
    const { pages, count } = await textOf(r.data);
    expect(count).toBe(1);
    for (const t of ['中心主题 Mind Map', '学习计划', 'Chapter 1 函数', '导数', '第二行', 'ASCII only', '重点']) expect(pages[0]).toContain(t);
    // the emoji has no glyph in the font: left out of the drawing and named in a notice
    expect(pages[0]).toMatch(/表情\s+保留文字/);
    expect(r.notices.map((n) => n.message)).toEqual([expect.stringContaining('PDF 字体中没有这些字符，未画出：😀')]);
  });

  it('embeds the CJK font as a subset: the file stays small however large the font', async () => {
    const ed = new MindEditor();
    const kids: KmNode[] = [];
    for (let i = 0; i < 10; i++)
      kids.push({ data: { text: `第${i}章 Chapter ${i}` }, children: Array.from({ length: 9 }, (_, j) => ({ data: { text: `知识点${i}-${j} 练习题` } })) });
    ed.load(km({ data: { text: '高等数学' }, children: kids }));
    const r = await ed.exportPdf({ font });
    const names: string[] = [];
    const programs: Uint8Array[] = [];
    const sizes = await fontFiles(r.data, names, programs);
    expect(sizes).toHaveLength(1);
    // named with a subset tag, as PDF readers expect of a subset
    expect(names).toEqual([expect.stringMatching(/^\/[A-Z]{6}\+NotoSansSC-Regular$/)]);
    // the font file is 6 MB; a subset of ~30 glyphs is a few KB
    expect(sizes[0]).toBeLessThan(40_000);
    expect(r.data.length).toBeLessThan(200_000);
    // every glyph of the subset kept its outline: @pdf-lib/fontkit's subsets lost some (a short
    // loca without padding), which pdf-lib issue #1232 describes for Noto Sans SC
    const sub = fontkit.create(programs[0]) as unknown as { numGlyphs: number; getGlyph(id: number): { path: { commands: unknown[] } } };
    const empty = Array.from({ length: sub.numGlyphs - 1 }, (_, i) => i + 1).filter((id) => sub.getGlyph(id).path.commands.length === 0);
    expect(empty.length).toBeLessThanOrEqual(1); // the space
    const { pages } = await textOf(r.data);
    expect(pages[0]).toContain('知识点9-8 练习题');
  });

  it('tiles a large map onto numbered A4 pages, each title on a page that shows it', async () => {
    const ed = new MindEditor();
    const kids: KmNode[] = Array.from({ length: 80 }, (_, i) => ({ data: { text: `分支 ${i} 号` } }));
    ed.load(km({ data: { text: '大导图' }, children: kids }));
    const single = await ed.exportPdf({ font, mode: 'single' });
    expect((await textOf(single.data)).count).toBe(1);
    const r = await ed.exportPdf({ font, mode: 'tiled' });
    const { pages, count } = await textOf(r.data);
    expect(count).toBeGreaterThan(1);
    expect(r.pages).toBe(count);
    const doc = await PDFDocument.load(r.data);
    for (const p of doc.getPages()) expect([Math.round(p.getWidth()), Math.round(p.getHeight())].sort()).toEqual([595, 842]);
    pages.forEach((t, i) => expect(t).toContain(`第 ${i + 1} / ${count} 页`));
    const all = pages.join('\n');
    for (let i = 0; i < 80; i++) expect(all).toContain(`分支 ${i} 号`);
  });

  it('embeds PNG node images (own uploads passed as data URLs) and counts the ones it cannot', async () => {
    const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const ed = new MindEditor();
    const size = { width: 40, height: 30 };
    ed.load(
      km({
        data: { text: '图片' },
        children: [
          { data: { text: '上传的', image: '/api/file/a.png', imageSize: size } },
          { data: { text: '动图', image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', imageSize: size } },
        ],
      }),
    );
    const r = await ed.exportPdf({ font, images: { '/api/file/a.png': PNG } });
    const doc = await PDFDocument.load(r.data);
    // colour images (a PNG's alpha channel is a grey image of its own, its soft mask)
    let images = 0;
    for (const [, obj] of doc.context.enumerateIndirectObjects())
      if (
        obj instanceof PDFRawStream &&
        obj.dict.get(PDFName.of('Subtype'))?.toString() === '/Image' &&
        obj.dict.get(PDFName.of('ColorSpace'))?.toString() === '/DeviceRGB'
      )
        images++;
    expect(images).toBe(1);
    expect(r.notices.map((n) => n.message)).toEqual(['1 张节点图片未能放入 PDF（只支持 PNG、JPEG 图片）']);
  });

  it('writes an empty title as 分支主题 and a folded branch’s hidden-children count, as the SVG does (outside walk B)', async () => {
    const ed = new MindEditor();
    ed.load(
      km({
        data: { id: 'r', text: '中心' },
        children: [
          { data: { id: 'e', text: '' } },
          {
            data: { id: 'f', text: '折叠', expandState: 'collapse' },
            children: [{ data: { text: '藏一' } }, { data: { text: '藏二' } }, { data: { text: '藏三' } }],
          },
        ],
      }),
    );
    const { pages } = await textOf((await ed.exportPdf({ font })).data);
    expect(pages[0]).toContain('分支主题');
    expect(pages[0]).not.toContain('藏一');
    expect(pages[0].split('\n')).toContain('3');
  });

  it('says a node image at a web address is not downloaded, not that it is no PNG (outside walk B)', async () => {
    const ed = new MindEditor();
    const size = { width: 40, height: 30 };
    ed.load(
      km({
        data: { text: '图片' },
        children: [
          { data: { text: '网上的', image: 'https://example.com/a.png', imageSize: size } },
          { data: { text: '没读到', image: '/api/file/b.png', imageSize: size } },
        ],
      }),
    );
    const r = await ed.exportPdf({ font });
    expect(r.notices.map((n) => n.message)).toEqual([
      '1 张节点图片是网络图片，导出 PDF 不会下载网络图片，未能放入 PDF（可先把图片上传到导图中）',
      '1 张节点图片未能读取，未能放入 PDF',
    ]);
  });

  it('refuses bytes that are no font with a Chinese message', async () => {
    const ed = new MindEditor();
    ed.load(sample);
    await expect(ed.exportPdf({ font: new Uint8Array([1, 2, 3, 4]) })).rejects.toThrow(/无法读取生成 PDF 所用的字体文件/);
  });

  it('reads the colours themes and node styles use', () => {
    expect(parseColor('#f00')?.color).toMatchObject({ red: 1, green: 0, blue: 0 });
    expect(parseColor('#73a1bf')?.color).toMatchObject({ red: 0x73 / 255 });
    expect(parseColor('rgba(0,0,0,.25)')).toMatchObject({ alpha: 0.25 });
    expect(parseColor('white')?.color).toMatchObject({ red: 1, green: 1, blue: 1 });
    expect(parseColor('none')).toBeNull();
    expect(parseColor('transparent')).toBeNull();
  });

  it('without a drawing of a typeset title (no page to lay it out), writes its typed text, LaTeX source included', async () => {
    const ed = new MindEditor();
    const p = ed.load(
      km({
        data: { id: 'r', text: '几何' },
        children: [{ data: { id: 'f', text: '勾股定理 $a^2+b^2=c^2$' } }, { data: { id: 'g', text: '坏公式 $\\frac{$' } }],
      }),
    );
    // the main thread typeset both labels (as in the app): the SVG export then has foreignObjects
    const html = '<span class="katex">x</span>';
    ed.setFormulaBoxes((p.formulas ?? []).map(([f, text]) => ({ font: f, text, w: 180, h: 30, html })));
    expect(ed.exportData('svg')).toContain('<foreignObject');
    const r = await ed.exportPdf({ font });
    const text = (await textOf(r.data)).pages[0].replace(/\n/g, '');
    for (const t of ['勾股定理', 'a^2+b^2=c^2', '坏公式', '\\frac{']) expect(text).toContain(t);
  });

  it('draws the connector of a main topic level with the root (a flat arc) as a line, not NaN (outside walk)', async () => {
    const ed = new MindEditor();
    const leaf = (id: string) => ({ data: { id, text: id } });
    ed.load(
      km({
        data: { id: 'r', text: '学习计划' },
        children: [
          { data: { id: 'a', text: '分支A' }, children: ['a1', 'a2', 'a3'].map(leaf) },
          leaf('目标B'),
          { data: { id: 'c', text: '目标C' }, children: [leaf('c1')] },
        ],
      }),
    );
    const svg = ed.exportData('svg', undefined, { plainText: true });
    expect(svg).toMatch(/A\d+,0 /);
    const flat = readSvg(svg).ops.filter((o) => o.kind === 'path' && /^M0,0L-?\d+,0$/.test(o.d));
    expect(flat).toHaveLength(1);
    expect(await pageOps((await ed.exportPdf({ font })).data)).not.toContain('NaN');
  });

  it('draws relationship lines dashed with their arrowhead, and nothing a <defs> only defines', async () => {
    const ed = new MindEditor();
    const doc = km({ data: { id: 'r', text: '中心' }, children: [{ data: { id: 'a', text: '甲' } }, { data: { id: 'b', text: '乙' } }] });
    doc.relationships = [{ id: 'x', from: 'a', to: 'b', title: '因果' }];
    ed.load(doc);
    const scene = readSvg(ed.exportData('svg', undefined, { plainText: true }));
    const paths = scene.ops.flatMap((o) => (o.kind === 'path' ? [o] : []));
    const line = paths.find((o) => o.paint.dash);
    expect(line?.paint.dash).toEqual([6, 4]);
    // the arrowhead: a filled triangle in the line's colour, on the map, not at the page origin
    const arrow = paths.find((o) => o.paint.fill === line?.paint.stroke && !o.paint.stroke && /^M[^Z]+L[^Z]+L[^Z]+Z$/.test(o.d));
    expect(arrow).toBeDefined();
    for (const o of scene.ops) expect(o.box.x + o.box.w > 12 || o.box.y + o.box.h > 12).toBe(true);
    const r = await ed.exportPdf({ font });
    expect(await pageOps(r.data)).toMatch(/\[6 4\] 0 d/);
    // a marker inside <defs> draws nothing where it stands
    const defs = readSvg(
      '<svg width="10" height="10"><defs><marker id="m"><path d="M0 0 L6 3 L0 6 z" fill="#f00"/></marker></defs><path d="M1 1 L9 9" stroke="#000"/></svg>',
    );
    expect(defs.ops).toHaveLength(1);
  });
});
