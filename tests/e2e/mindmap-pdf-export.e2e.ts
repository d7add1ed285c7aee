import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from './browser';
import { importFile, openMinder, outline, saved } from './mindmap-helpers';
import { applyForCases, openSignedIn, toastWith, unexpectedErrors } from './shell-helpers';
import { E2E_STUDENTS } from './students';

// PDF export through the editor's 导入 / 导出 menu (issue 19.6), driven with the keyboard: the
// downloaded file is read back by pdf.js (as a PDF viewer would) and holds every title as text,
// CJK included; the font comes from our own server on first use, and when it cannot be had the
// student reads why, in Chinese, with the map untouched.

const MAP = '学习计划 Study Plan\n\t第一章 Functions 函数\n\t\t导数与微分\n\t第二章 表情 😀 Emoji\n';
const TITLES = ['学习计划 Study Plan', '第一章 Functions 函数', '导数与微分', '第二章 表情 😀 Emoji'];

const focusedItem = (page: Page) =>
  page.evaluate(() => (document.activeElement?.getAttribute('role') === 'menuitem' ? document.activeElement.textContent : ''));

/** Opens 导入 / 导出 from the keyboard, End, then ↑ until `item` has the focus, presses Enter; the download's bytes. */
async function exportWithKeys(page: Page, item: string, name?: string): Promise<Uint8Array> {
  // the mouse is left where an earlier click put it: over a menu item, a hover would take the focus
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: '导入 / 导出' }).focus();
  await page.keyboard.press('Enter');
  // the menu focuses its first item once open: End before that would be lost
  await expect.poll(() => focusedItem(page)).toMatch(/^从文件导入/);
  await page.keyboard.press('End');
  for (let i = 0; i < 15 && !(await focusedItem(page))?.includes(item); i++) await page.keyboard.press('ArrowUp');
  expect(await focusedItem(page)).toContain(item);
  const dl = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const d = await dl;
  if (name) expect(d.suggestedFilename()).toBe(name);
  const { readFileSync } = await import('node:fs');
  return new Uint8Array(readFileSync((await d.path())!));
}

async function pdfText(data: Uint8Array): Promise<{ pages: string[]; sizes: number[][] }> {
  const pdf = await getDocument({ data, isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: string[] = [];
  const sizes: number[][] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const p = await pdf.getPage(i);
    pages.push((await p.getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join('\n'));
    sizes.push(p.view.slice(2).map(Math.round));
  }
  return { pages, sizes };
}

describe('PDF export', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(inject('baseURL'), E2E_STUDENTS.pdfExport.loginName);
    await applyForCases(s.page, 'case-04'); // the imported map is saved: that needs an application
  });
  afterAll(async () => s?.close());

  it('says in Chinese when the font cannot be downloaded, and leaves the map as it was', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => importFile(page, '学习计划.txt', MAP));
    await expect.poll(() => outline(page)).toEqual(TITLES);
    await page.route('**/*.woff', (r) => r.abort());
    await page.getByRole('button', { name: '导入 / 导出' }).click();
    await page.getByRole('menuitem', { name: /导出 PDF（单页）/ }).click();
    await toastWith(page, '无法下载生成 PDF 所需的中文字体，请检查网络后重试').waitFor();
    expect(await outline(page)).toEqual(TITLES);
    await page.unroute('**/*.woff');
  });

  it('exports one page and A4 print pages whose text is every title, CJK and ASCII', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await expect.poll(() => outline(page)).toEqual(TITLES);

    // 导出 PDF（单页）: the item before the last
    const one = await exportWithKeys(page, 'PDF（单页）', '学习计划_Study_Plan.pdf');
    expect(new TextDecoder().decode(one.slice(0, 5))).toBe('%PDF-');
    const single = await pdfText(one.slice());
    expect(single.pages).toHaveLength(1);
    for (const t of TITLES.slice(0, 3)) expect(single.pages[0]).toContain(t);
    // the emoji has no glyph in the embedded font: left out, and the student is told
    expect(single.pages[0]).toMatch(/第二章 表情\s+Emoji/);
    await toastWith(page, '已导出「学习计划_Study_Plan.pdf」，PDF 字体中没有这些字符，未画出：😀').waitFor();
    // a subset of the font, not its 6 MB
    expect(one.length).toBeLessThan(200_000);

    // 导出 PDF（分页打印，A4）: the last item; this small map fits one A4 landscape page
    const print = await pdfText((await exportWithKeys(page, 'PDF（分页打印，A4）', '学习计划_Study_Plan（A4 分页）.pdf')).slice());
    expect(print.sizes).toEqual([[842, 595]]);
    for (const t of TITLES.slice(0, 3)) expect(print.pages[0]).toContain(t);
    // (the aborted font request of the first test is the one error expected)
    expect(unexpectedErrors(s.errors).filter((e) => !/net::ERR_FAILED/.test(e))).toEqual([]);
  });
});
