import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { BrowserSession } from './browser';
import { openSignedIn, unexpectedErrors } from './shell-helpers';
import { e2eBaseURL } from './base-url';

// DOM views exported as PNG (html-to-image): 导出大纲图片 in ProjectMinder's 大纲 panel and
// 导出图片 on 我的学习's study report. Read-only: signs in as the demo student 李明 and opens
// his case-04 map and his study page without changing either.

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function downloadPng(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer; png: PNG }> {
  const dl = page.waitForEvent('download');
  await button.click();
  const d = await dl;
  const bytes = readFileSync((await d.path())!);
  expect(bytes.subarray(0, 8).equals(PNG_MAGIC), 'PNG signature').toBe(true);
  return { name: d.suggestedFilename(), bytes, png: PNG.sync.read(bytes) };
}

const isInk = (png: PNG, x: number, y: number) => {
  const i = (y * png.width + x) * 4;
  return png.data[i + 3] > 0 && png.data[i] + png.data[i + 1] + png.data[i + 2] < 3 * 160;
};

/**
 * The first line of dark text (the heading), cut into glyphs at blank columns. Without a CJK
 * font every glyph would be the same empty box; real glyphs differ from each other.
 */
function headingGlyphs(png: PNG): string[] {
  let top = 0;
  while (top < png.height && !Array.from({ length: png.width }, (_, x) => isInk(png, x, top)).some(Boolean)) top++;
  let bottom = top;
  while (bottom < png.height && Array.from({ length: png.width }, (_, x) => isInk(png, x, bottom)).some(Boolean)) bottom++;
  const glyphs: string[] = [];
  let cur: string[] = [];
  for (let x = 0; x < png.width; x++) {
    const column = Array.from({ length: bottom - top }, (_, dy) => (isInk(png, x, top + dy) ? '1' : '0')).join('');
    if (column.includes('1')) cur.push(column);
    else if (cur.length) {
      glyphs.push(cur.join('|'));
      cur = [];
    }
  }
  return glyphs;
}

describe('PNG export of DOM views', () => {
  let s: BrowserSession;
  const errors: string[] = [];
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL());
    s.page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    s.page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => s?.close());

  it('导出大纲图片 downloads the outline as a PNG with its Chinese titles drawn', async () => {
    const { page } = s;
    await page.goto('/#/project/minder?caseId=case-04');
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    await page.getByRole('button', { name: '编辑大纲' }).click();
    const field = page.getByRole('textbox', { name: '大纲文本' });
    await expect.poll(() => field.inputValue()).not.toBe('');
    const lines = (await field.inputValue()).split('\n').filter((l) => l.trim());
    const { name, bytes, png } = await downloadPng(page, page.getByRole('button', { name: '导出大纲图片' }));
    expect(name).toMatch(/-大纲\.png$/);
    expect(bytes.length).toBeGreaterThan(10_000);
    // A row per line (~28 px each at 2× or less), at least the width of the view.
    expect(png.width).toBeGreaterThanOrEqual(480);
    expect(png.height).toBeGreaterThan(lines.length * 20);
    const glyphs = headingGlyphs(png);
    expect(glyphs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(glyphs).size, 'distinct glyphs in the heading (not missing-font boxes)').toBeGreaterThan(1);
    await expect.poll(() => page.getByRole('button', { name: '导出大纲图片' }).isEnabled()).toBe(true);
  });

  it('我的学习 exports its study report (facts and charts) as a PNG', async () => {
    const { page } = s;
    await page.goto('/#/personal/myStudy');
    const report = page.locator('section.study-report');
    await report.getByRole('heading', { name: '学习概况' }).waitFor();
    await report.locator('canvas').first().waitFor();
    const box = (await report.boundingBox())!;
    const { name, bytes, png } = await downloadPng(page, report.getByRole('button', { name: '导出图片' }));
    expect(name).toMatch(/^学习报告-.*\.png$/);
    expect(bytes.length).toBeGreaterThan(20_000);
    // The whole report, charts included, at the device pixel ratio (1 here).
    expect(png.width).toBeGreaterThanOrEqual(Math.floor(box.width));
    expect(png.height).toBeGreaterThanOrEqual(Math.floor(box.height) - 1);
    const glyphs = headingGlyphs(png);
    expect(new Set(glyphs).size, 'distinct glyphs in 学习概况').toBeGreaterThan(1);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
