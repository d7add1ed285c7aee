import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { e2eBaseURL } from '../base-url';

// The 大纲 view of ProjectMinder: loaded with getMindOutline, edited as text, a refused outline
// leaves map and text alone, an accepted one replaces the map (saveStuMind) and is then stored in
// the student's wording (saveOutline).

const tree = (page: Page) => page.getByRole('tree', { name: '思维导图大纲' });
const titles = (page: Page) => tree(page).locator('[role=treeitem] .mind-tree__text').allTextContents();
const field = (page: Page) => page.getByRole('textbox', { name: '大纲文本' });

async function openOutline(page: Page, reload = false): Promise<string> {
  if (reload) await page.reload();
  else await page.goto('/#/project/minder?caseId=case-06');
  await page.locator('.mind-editor[aria-busy="false"]').waitFor();
  await tree(page).getByRole('treeitem').first().waitFor();
  await page.getByRole('button', { name: '编辑大纲' }).click();
  await expect.poll(() => field(page).inputValue()).not.toBe('');
  return field(page).inputValue();
}

describe('ProjectMinder outline text', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL());
    await applyForCases(s.page, 'case-06'); // saving needs an application to the case
  });
  afterAll(async () => s?.close());

  it('shows the map as indented text, refuses a bad outline without losing it, applies and saves a good one', async () => {
    const { page } = s;
    const loaded = page.waitForResponse((r) => r.url().includes('/mindStudent/getMindOutline'));
    const text = await openOutline(page);
    await loaded;
    const lines = text.split('\n');
    expect(lines[0]).toBe('垃圾分类图像识别');
    expect(lines).toContain('\t数据准备');
    expect(lines).toContain('\t\t图片采集');
    const before = await titles(page);

    // A second root is refused: the message names the line, map and text stay as they were.
    const bad = `${text}\n第二个根`;
    await field(page).fill(bad);
    await page.getByRole('button', { name: '应用到导图' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid local format' });
    await expect.poll(() => alert.textContent()).toContain(`第 ${lines.length + 1} 行`);
    expect(await field(page).inputValue()).toBe(bad);
    expect(await field(page).getAttribute('aria-invalid')).toBe('true');
    expect(await titles(page)).toEqual(before);

    // Tab in the field indents the line (the field keeps focus).
    await field(page).fill('根');
    await field(page).press('End');
    await field(page).press('Enter');
    await field(page).press('Tab');
    await field(page).pressSequentially('子');
    expect(await field(page).inputValue()).toBe('根\n\t子');

    // A good outline (four spaces per level here) replaces the map, saves it, then the outline.
    const good = [lines[0], '    新增主题', '        新的子主题', ...lines.slice(1)].join('\n');
    await field(page).fill(good);
    const map = page.waitForResponse((r) => /\/mindStudent\/save(StuMind|Changes)\b/.test(r.url()));
    const outline = page.waitForResponse((r) => r.url().includes('/mindStudent/saveOutline'));
    await page.getByRole('button', { name: '应用到导图' }).click();
    expect((await (await map).json()).resultCode).toBe(200);
    expect((await (await outline).json()).resultCode).toBe(200);
    await page.getByRole('status').filter({ hasText: '大纲已应用到导图并保存' }).waitFor();
    expect((await titles(page)).slice(0, 3)).toEqual(['垃圾分类图像识别', '新增主题', '新的子主题']);

    // Reopened: the student's own wording comes back from the server.
    expect(await openOutline(page, true)).toBe(good);
    expect(await titles(page)).toContain('新的子主题');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
