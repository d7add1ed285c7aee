import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { download, importFile, openMinder, outline, saved } from './helpers';
import { applyForCases, openSignedIn, toastWith, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// What an outside tester found in the exchange formats, walked through the 导入 / 导出 menu: an
// XMind 8 logic chart opens as 逻辑结构图 (not a two-sided map) with its relationship's curve,
// and goes back out as one; a .txt export names the notes and links it leaves out; a PDF's web
// links are clickable and the others are named.

const NS = 'xmlns="urn:xmind:xmap:xmlns:content:2.0" xmlns:svg="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const X8 =
  `<?xml version="1.0" encoding="UTF-8"?><xmap-content ${NS} version="2.0"><sheet id="s1"><topic id="root" structure-class="org.xmind.ui.logic.right"><title>数据结构</title>` +
  '<children><topics type="attached"><topic id="t1"><title>线性表</title><children><topics type="attached"><topic id="t11"><title>顺序表</title></topic><topic id="t12"><title>链表</title></topic></topics></children></topic>' +
  '<topic id="t2" xlink:href="https://example.com/tree"><title>树</title></topic><topic id="t3"><title>图</title></topic></topics></children></topic>' +
  '<relationships><relationship id="r1" end1="t12" end2="t3"><title>邻接表</title><control-points><control-point index="0" svg:x="50" svg:y="20"/><control-point index="1" svg:x="-40" svg:y="30"/></control-points></relationship></relationships>' +
  '<title>画布 1</title></sheet></xmap-content>';

const KM = JSON.stringify({
  root: {
    data: { id: 'r', text: '链接图' },
    children: [
      { data: { id: 'a', text: '维基', hyperlink: 'https://zh.wikipedia.org/wiki/图', note: '第一段\n\n第二段' }, children: [] },
      { data: { id: 'b', text: '写信', hyperlink: 'mailto:t@example.com' }, children: [] },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});

describe('exchange formats: structures, curves, export notices, PDF links', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.formatsStructure.loginName);
    await applyForCases(s.page, 'case-04');
  });
  afterAll(async () => s?.close());

  it('an XMind 8 logic chart opens as 逻辑结构图 with its custom curve, and exports as one', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => importFile(page, 'x8.xmind', Buffer.from(zipSync({ 'content.xml': strToU8(X8) }))));
    await expect.poll(() => outline(page)).toEqual(['数据结构', '线性表', '顺序表', '链表', '树', '图']);
    await expect.poll(() => page.getByRole('combobox', { name: '结构' }).inputValue()).toBe('right');
    await toastWith(page, '已导入「x8.xmind」').waitFor();
    expect(await page.getByText('未能保留').count()).toBe(0);

    const km = JSON.parse((await download(page, /JSON \(\.km\)/)).toString('utf8'));
    expect(km.template).toBe('right');
    expect(km.relationships.map((r: { title: string; controls: unknown }) => [r.title, r.controls])).toEqual([
      [
        '邻接表',
        [
          { x: 50, y: 20 },
          { x: -40, y: 30 },
        ],
      ],
    ]);
    const files = unzipSync(new Uint8Array(await download(page, /XMind/)));
    const sheet = JSON.parse(strFromU8(files['content.json']))[0];
    expect(sheet.rootTopic.structureClass).toBe('org.xmind.ui.logic.right');
    expect(sheet.relationships[0].controlPoints).toEqual({ '0': { x: 50, y: 20 }, '1': { x: -40, y: 30 } });
    expect(strFromU8(files['content.xml'])).toContain('structure-class="org.xmind.ui.logic.right"');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('.txt export names the note and links it leaves out; the PDF links the web address and names the other', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => importFile(page, '链接图.km', KM));
    await expect.poll(() => outline(page)).toEqual(['链接图', '维基', '写信']);
    await download(page, /导出 大纲文本/);
    await toastWith(page, '已导出「链接图.txt」，以下内容未能保留：备注 1 条、链接 2 个。').waitFor();

    const pdf = await getDocument({ data: new Uint8Array(await download(page, /PDF（单页）/)), isEvalSupported: false, useSystemFonts: false }).promise;
    const annots = (await (await pdf.getPage(1)).getAnnotations()) as Array<{ subtype: string; unsafeUrl?: string }>;
    expect(annots.filter((a) => a.subtype === 'Link').map((a) => a.unsafeUrl)).toEqual(['https://zh.wikipedia.org/wiki/%E5%9B%BE']);
    await toastWith(page, '这些链接不是网页地址（http、https），在 PDF 中不能点击：「mailto:t@example.com」').waitFor();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
