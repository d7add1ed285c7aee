import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from './cli';

const dir = mkdtempSync(join(tmpdir(), 'map-cli-'));
const KM =
  '{"root":{"data":{"id":"r","text":"R"},"children":[{"data":{"id":"a","text":"A"},"children":[]}]},"template":"default","theme":"fresh-blue","version":"1.4.43"}';

describe('map CLI', () => {
  it('converts between formats by extension', () => {
    writeFileSync(join(dir, 'in.km'), KM);
    expect(main(['convert', join(dir, 'in.km'), join(dir, 'out.txt')])).toBe(0);
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('R\r\tA\r');
    expect(main(['convert', join(dir, 'out.txt'), join(dir, 'back.md')])).toBe(0);
    expect(readFileSync(join(dir, 'back.md'), 'utf8')).toBe('# R\n\n## A\n');
    expect(main(['convert', join(dir, 'in.km'), join(dir, 'out.svg')])).toBe(0);
    expect(readFileSync(join(dir, 'out.svg'), 'utf8')).toMatch(/^<svg /);
  });

  it('writes a PDF, one page or A4 pages with --tiled, titles as text', async () => {
    writeFileSync(join(dir, 'cjk.txt'), '复习计划\n\t第一章 Functions\n\t第二章\n');
    expect(await main(['convert', join(dir, 'cjk.txt'), join(dir, 'one.pdf')])).toBe(0);
    expect(await main(['convert', join(dir, 'cjk.txt'), join(dir, 'print.pdf'), '--tiled'])).toBe(0);
    for (const f of ['one.pdf', 'print.pdf']) {
      const pdf = readFileSync(join(dir, f));
      expect(pdf.subarray(0, 5).toString('latin1'), f).toBe('%PDF-');
      // the text is in the PDF's own font: its ToUnicode map is written (the text itself is checked in protocols/pdf.test.ts)
      expect(pdf.length, f).toBeLessThan(100_000);
    }
  });

  it('writes formulas into a PDF as LaTeX source and says why on stderr (no browser to typeset them)', async () => {
    writeFileSync(join(dir, 'formula.txt'), '代数\n\t分数 $\\\\frac{a}{b}$\n');
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await main(['convert', join(dir, 'formula.txt'), join(dir, 'formula.pdf')])).toBe(0);
    const said = err.mock.calls.map((c) => String(c[0]));
    err.mockRestore();
    expect(said).toEqual(['公式以 LaTeX 源码写出：命令行导出没有排版公式的浏览器，请在编辑器中导出 PDF\n']);
  });

  it('imports a forest outline under a root named after the file and says so on stderr', () => {
    writeFileSync(join(dir, '复习计划.txt'), '第一章\n\t定义\n第二章\n');
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(main(['convert', join(dir, '复习计划.txt'), join(dir, 'forest.md')])).toBe(0);
    const said = err.mock.calls.map((c) => String(c[0]));
    err.mockRestore();
    expect(readFileSync(join(dir, 'forest.md'), 'utf8')).toBe('# 复习计划\n\n## 第一章\n\n### 定义\n\n## 第二章\n');
    expect(said).toEqual(['文件有 2 个顶层主题，已放在新建的根主题“复习计划”下\n']);
  });

  it('converts XMind, FreeMind and OPML files, saying on stderr what the output format could not hold', () => {
    const fixtures = new URL('./protocols/fixtures/', import.meta.url).pathname;
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(main(['convert', join(fixtures, '22-freemind.mm'), join(dir, 'net.xmind')])).toBe(0);
    expect(main(['convert', join(dir, 'net.xmind'), join(dir, 'net.opml')])).toBe(0);
    expect(main(['convert', join(dir, 'net.opml'), join(dir, 'net.txt')])).toBe(0);
    const said = err.mock.calls.map((c) => String(c[0]));
    err.mockRestore();
    expect(readFileSync(join(dir, 'net.xmind')).subarray(0, 2).toString('latin1')).toBe('PK');
    expect(readFileSync(join(dir, 'net.txt'), 'utf8')).toBe('计算机网络\r\t应用层 "HTTP"\r\t\tDNS\t解析\r\t\t电子邮件\r\t传输层 TCP\r\t\t三次握手\r');
    // The arrow link is kept by .xmind; OPML has no place for it; outline text none for the note and link.
    expect(said).toEqual([
      '以下内容未能保留：外框 1 个、图标标记 1 个、主题文字中的格式（加粗、颜色等） 1 个\n',
      '以下内容未能保留：关联线 1 条、优先级 1 个\n',
      '以下内容未能保留：备注 1 条、链接 1 个\n',
    ]);
  });

  it('converts an XMind workbook: the first sheet and how many others there are, --sheet N, --all-sheets DIR', () => {
    const fixtures = new URL('./protocols/fixtures/', import.meta.url).pathname;
    const book = join(dir, 'book.xmind');
    writeFileSync(book, zipSync({ 'content.json': new Uint8Array(readFileSync(join(fixtures, '27-xmind2020-sheets.content.json'))) }));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const said = () => err.mock.calls.splice(0).map((c) => String(c[0]));
    expect(main(['convert', book, join(dir, 'first.km')])).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'first.km'), 'utf8')).root.data.text).toBe('绪论');
    expect(said().at(-1)).toBe(
      '这个文件共有 3 个画布，只转换了第 1 个“第一章 绪论”，另有 2 个：用 --sheet 序号 选择一个，或用 --all-sheets 目录 每个画布写一个 .km\n',
    );
    expect(main(['convert', book, join(dir, 'second.km'), '--sheet', '2'])).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'second.km'), 'utf8')).root.data.text).toBe('文献综述');
    expect(said()).toEqual(['以下内容未能保留：其他画布 2 个、画布名称 1 个\n']);
    expect(main(['convert', book, '--all-sheets', join(dir, 'sheets')])).toBe(0);
    expect(readdirSync(join(dir, 'sheets')).sort()).toEqual(['01-第一章 绪论.km', '02-第二章 文献综述.km', '03-画布 3.km']);
    expect(said()[0]).toBe('第 1 个画布“第一章 绪论”（8 个主题）→ 01-第一章 绪论.km\n');
    err.mockRestore();
    expect(() => main(['convert', book, join(dir, 'x.km'), '--sheet', '0'])).toThrow('--sheet 需要画布的序号');
    expect(() => main(['convert', book, join(dir, 'x.km'), '--sheet', '9'])).toThrow('没有第 9 个画布（这个文件共有 3 个画布）');
    expect(() => main(['convert', join(dir, 'first.km'), join(dir, 'x.km'), '--sheet', '1'])).toThrow('--sheet 只用于 .xmind 文件');
  });

  it('prints layout boxes as JSON', () => {
    writeFileSync(join(dir, 'in.km'), KM);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(main(['layout', join(dir, 'in.km'), '--template', 'structure'])).toBe(0);
    const json = JSON.parse(String(out.mock.calls[0][0]));
    out.mockRestore();
    expect(json.template).toBe('structure');
    expect(json.nodes).toHaveLength(2);
  });

  it('throws the engine message on invalid input (the entry point exits 1)', () => {
    writeFileSync(join(dir, 'bad.txt'), 'R1\n\t\tR2');
    expect(() => main(['convert', join(dir, 'bad.txt'), join(dir, 'x.km')])).toThrow('Invalid local format：第 2 行：缩进跳级');
    expect(() => main(['layout', join(dir, 'in.km'), '--template', 'zz'])).toThrow('Missing Layout: zz');
    expect(() => main(['convert', join(dir, 'in.km'), join(dir, 'x.docx')])).toThrow('Not supported protocol:docx');
  });

  it('reads a GBK text file as GBK and refuses a binary one (they came out as ���� and control characters)', () => {
    writeFileSync(join(dir, 'gbk.txt'), Buffer.from([0xd6, 0xd0, 0xd0, 0xc4, 0x0a, 0x09, 0xb7, 0xd6, 0xd6, 0xa7, 0x0a]));
    expect(main(['convert', join(dir, 'gbk.txt'), join(dir, 'gbk.md')])).toBe(0);
    expect(readFileSync(join(dir, 'gbk.md'), 'utf8')).toBe('# 中心\n\n## 分支\n');
    writeFileSync(join(dir, 'bin.txt'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
    expect(() => main(['convert', join(dir, 'bin.txt'), join(dir, 'bin.km')])).toThrow('无法导入：文件不是文本');
  });
});
