import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from './browser';
import { hashOf, openSignedIn, unexpectedErrors } from './shell-helpers';
import { e2eBaseURL } from './base-url';

// The seeded handout (需求分析讲义.pdf, three pages of Chinese, fonts not embedded: pdf.js needs its
// character maps) as a case-01 resource, drawn by pdf.js in ProjectContent.

let s: BrowserSession;
const scripts: string[] = [];
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL());
  s.page.on('response', (r) => {
    if (r.request().resourceType() === 'script' || r.url().includes('pdf.worker'))
      scripts.push(`${r.status()} ${r.headers()['content-type'] ?? ''} ${new URL(r.url()).pathname}`);
  });
});
afterAll(async () => s?.close());

const viewer = (page: Page = s.page) => page.getByRole('region', { name: 'PDF 文档' });
const count = () => viewer().getByText(/^第 \d \/ 3 页$/);
/** The page's text, read from pdf.js's text layer (what screen readers and find-in-page see). */
const pageText = async () => (await viewer().locator('.textLayer').textContent()) ?? '';
const query = (page: Page) => Object.fromEntries(new URLSearchParams(hashOf(page).split('?')[1] ?? ''));

/** Opens case-01's PDF resource from the case detail, as a student does. */
async function openHandout(): Promise<void> {
  await s.page.goto('/#/project/detail?id=case-01');
  const nodes = s.page.getByRole('region', { name: '知识点与学习资源' });
  const withResources = nodes.getByRole('button', { name: /1 个资源/ });
  await withResources.first().waitFor();
  for (let i = 0; i < 5; i++) await withResources.nth(i).click();
  await nodes.locator('.resource', { hasText: 'PDF' }).first().getByRole('button').click();
  await expect.poll(() => query(s.page).fileSuffix).toBe('4');
}

describe('PDF resources', () => {
  it('draws the pages with pdf.js, turns them by button and keyboard, and remembers the page', async () => {
    await s.page.evaluate(() => localStorage.removeItem('pdfPage'));
    await openHandout();
    await count().filter({ hasText: '第 1 / 3 页' }).waitFor();
    await expect.poll(pageText).toContain('第一讲 需求获取');
    // The canvas really has ink on it (not a blank page).
    const inked = () =>
      viewer()
        .locator('canvas')
        .evaluate((c: HTMLCanvasElement) =>
          c
            .getContext('2d')!
            .getImageData(0, 0, c.width, c.height)
            .data.some((v, i) => i % 4 !== 3 && v < 128),
        );
    await expect.poll(inked).toBe(true);
    expect(await viewer().getByRole('button', { name: '上一页' }).isDisabled()).toBe(true);

    await viewer().getByRole('button', { name: '下一页' }).click();
    await count().filter({ hasText: '第 2 / 3 页' }).waitFor();
    await expect.poll(pageText).toContain('第二讲 用例建模');

    // Keyboard on the page: → next, ← back, End last, Home first.
    const stage = viewer().getByRole('region', { name: /第 \d \/ 3 页$/ });
    await stage.focus();
    await s.page.keyboard.press('ArrowRight');
    await count().filter({ hasText: '第 3 / 3 页' }).waitFor();
    expect(await viewer().getByRole('button', { name: '下一页' }).isDisabled()).toBe(true);
    await s.page.keyboard.press('Home');
    await count().filter({ hasText: '第 1 / 3 页' }).waitFor();
    await s.page.keyboard.press('PageDown');
    await count().filter({ hasText: '第 2 / 3 页' }).waitFor();
    const docId = query(s.page).resourceId!;
    expect(JSON.parse((await s.page.evaluate(() => localStorage.getItem('pdfPage')))!)).toMatchObject({ [docId]: 2 });

    // Reload: back on page 2.
    await s.page.reload();
    await count().filter({ hasText: '第 2 / 3 页' }).waitFor();
    await expect.poll(pageText).toContain('第二讲 用例建模');

    // Reopen from the case: still page 2.
    await s.page.getByRole('link', { name: '返回案例详情' }).click();
    await openHandout();
    await count().filter({ hasText: '第 2 / 3 页' }).waitFor();
    await expect.poll(pageText).toContain('第二讲 用例建模');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('jumps to a page number, refusing one outside the document without losing it', async () => {
    const field = viewer().getByRole('textbox', { name: '跳至' });
    await field.fill('9');
    await field.press('Enter');
    await viewer().getByRole('alert').filter({ hasText: '请输入 1 到 3 之间的页码' }).waitFor();
    expect(await field.inputValue()).toBe('9');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('3');
    await viewer().getByRole('button', { name: '跳转' }).click();
    await count().filter({ hasText: '第 3 / 3 页' }).waitFor();
    await expect.poll(pageText).toContain('第三讲 数据流分析');
    expect(await viewer().getByRole('alert').count()).toBe(0);
  });

  it('fits the page to the width by default, zooms in steps, and fits again', async () => {
    const canvasWidth = () =>
      viewer()
        .locator('canvas')
        .evaluate((c) => c.getBoundingClientRect().width);
    const stageWidth = () =>
      viewer()
        .locator('.pdf-viewer__stage')
        .evaluate((d) => d.clientWidth);
    const fit = viewer().getByRole('button', { name: '适合宽度' });
    expect(await fit.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => Math.abs((await stageWidth()) - (await canvasWidth()))).toBeLessThanOrEqual(4);
    const fitted = await canvasWidth();
    await viewer().getByRole('button', { name: '放大' }).click();
    expect(await fit.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(canvasWidth).toBeGreaterThan(fitted + 10);
    await fit.click();
    await expect.poll(canvasWidth).toBeCloseTo(fitted, 0);

    // Narrow screen: the fitted page narrows with it, no sideways scrolling of the page.
    await s.page.setViewportSize({ width: 375, height: 800 });
    try {
      await expect.poll(canvasWidth).toBeLessThan(360);
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    } finally {
      await s.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('is served by our build: the pdf.js worker and library come from this origin with a script type', async () => {
    const worker = scripts.filter((x) => x.includes('pdf.worker'));
    expect(worker.length).toBeGreaterThan(0);
    for (const w of worker) expect(w).toMatch(/^(200|304) (text|application)\/javascript/);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
