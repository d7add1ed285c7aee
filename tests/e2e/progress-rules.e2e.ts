import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from './browser';
import { applyForCases, hashOf, openSignedIn } from './shell-helpers';
import { E2E_STUDENTS } from './students';
import { e2eBaseURL } from './base-url';

// Issue 22: a resource page says what completes it and where the student stands, in a polite
// status region beside the resource — the text's 5 s, the PDF's pages seen — and says 已完成 once
// the server has counted it.

let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.progressRules.loginName);
  await applyForCases(s.page, 'case-01');
});
afterAll(async () => s?.close());

const query = (page: Page) => Object.fromEntries(new URLSearchParams(hashOf(page).split('?')[1] ?? ''));
/** The 完成条件 line: a status region of its own above the resource. */
const rule = (page: Page) => page.locator('.resource-rule[role="status"][aria-live="polite"]');

/** Opens case-01's resource of this type from the case detail, as a student does. */
async function open(page: Page, typeLabel: string, suffix: string): Promise<void> {
  await page.goto('/#/project/detail?id=case-01');
  const nodes = page.getByRole('region', { name: '知识点与学习资源' });
  const withResources = nodes.getByRole('button', { name: /1 个资源/ });
  await withResources.first().waitFor();
  for (let i = 0; i < 5; i++) await withResources.nth(i).click();
  await nodes.locator('.resource', { hasText: typeLabel }).first().getByRole('button').click();
  await expect.poll(() => query(page).fileSuffix).toBe(suffix);
}

describe('resource pages say their completion rule', () => {
  it('a text: 打开阅读满 5 秒即完成, then 已完成 once 5 s have passed, and still 已完成 when opened again', async () => {
    await open(s.page, '文本', '0');
    await expect.poll(() => rule(s.page).textContent()).toBe('打开阅读满 5 秒即完成');
    await expect.poll(() => rule(s.page).textContent(), { timeout: 20_000 }).toBe('已完成（打开阅读满 5 秒）');
    await s.page.reload();
    await expect.poll(() => rule(s.page).textContent()).toBe('已完成（打开阅读满 5 秒）');
  });

  it('a PDF: the pages seen out of its pages, then 已完成 once 90 % of them are seen', async () => {
    await s.page.evaluate(() => localStorage.removeItem('pdfPage'));
    await open(s.page, 'PDF', '4');
    const viewer = s.page.getByRole('region', { name: 'PDF 文档' });
    await viewer.getByText('第 1 / 3 页').waitFor();
    await expect.poll(() => rule(s.page).textContent(), { timeout: 15_000 }).toBe('已翻阅 1/3 页，翻阅 90% 的页面即完成');
    // Pages turned no faster than a person reads them (the server refuses faster coverage).
    await viewer.getByRole('button', { name: '下一页' }).click();
    await expect.poll(() => rule(s.page).textContent(), { timeout: 15_000 }).toBe('已翻阅 2/3 页，翻阅 90% 的页面即完成');
    await viewer.getByRole('button', { name: '下一页' }).click();
    await expect.poll(() => rule(s.page).textContent(), { timeout: 15_000 }).toBe('已完成（翻阅 90% 的页面）');
  });
});
