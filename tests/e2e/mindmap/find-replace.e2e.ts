import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { mapFocused } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { e2eBaseURL } from '../base-url';

// Find and replace (Ctrl+F, issue 15.14): matches in preorder, hidden ones revealed, the camera
// centres on the current match, replace one or all — each one undo step. Read-only maps find too.

const tree = (page: Page) => page.getByRole('tree', { name: '思维导图大纲' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name: new RegExp(`^${name}(，|$)`) });
const titles = (page: Page) => tree(page).locator('[role=treeitem] .mind-tree__text').allTextContents();
const bar = (page: Page) => page.getByRole('search', { name: '查找和替换' });
const status = (page: Page) => bar(page).getByRole('status');
const selected = (page: Page) => tree(page).locator('[role=treeitem][aria-selected=true] .mind-tree__text').allTextContents();

/** Esc closes the bar; the keyboard focus goes back to the map (its current node). */
async function closeFind(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await bar(page).waitFor({ state: 'detached' });
  await mapFocused(page);
}

async function canvasCentre(page: Page): Promise<{ x: number; y: number }> {
  const c = (await page.locator('.mind-editor__canvas canvas').boundingBox())!;
  return { x: c.x + c.width / 2, y: c.y + c.height / 2 };
}

/** Click the map on the canvas (the root is centred when a map opens), then Ctrl+F. */
async function openFind(page: Page): Promise<void> {
  const c = await canvasCentre(page);
  await page.mouse.click(c.x, c.y);
  await page.keyboard.press('Control+f');
  await bar(page).getByRole('textbox', { name: '查找' }).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('查找');
}

describe('find and replace', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL());
    await applyForCases(s.page, 'case-05'); // replacing saves the map: that needs an application
  });
  afterAll(async () => s?.close());

  it('finds with the camera following, replaces one and all, each one undo step', async () => {
    const { page } = s;
    await page.goto('/#/project/minder?caseId=case-05');
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    // 建模 folded: its topics are not on screen, find must still reach them.
    await item(page, '建模').click();
    await page.keyboard.press('Space');
    await expect.poll(() => item(page, '建模').getAttribute('aria-expanded')).toBe('false');

    await openFind(page);
    await page.keyboard.type('模型');
    await expect.poll(() => status(page).textContent()).toBe('第 1 / 4 个');
    // (the count is said first; the match is selected once its folded branch has opened, a moment later on a loaded machine)
    await expect.poll(() => selected(page)).toEqual(['基线模型']);
    await expect.poll(() => item(page, '建模').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => selected(page)).toEqual(['时间序列模型']);
    await page.keyboard.press('Shift+Enter');
    await expect.poll(() => selected(page)).toEqual(['基线模型']);
    await page.keyboard.press('Shift+Enter');
    await expect.poll(() => status(page).textContent()).toBe('第 4 / 4 个');
    await expect.poll(() => selected(page)).toEqual(['模型部署']);

    // The camera followed: the current match sits in the middle of the canvas (its edit field opens there).
    await closeFind(page);
    await page.keyboard.press('F2');
    const field = (await page.getByRole('textbox', { name: '编辑主题文字' }).boundingBox())!;
    await page.keyboard.press('Escape');
    // (The field starts at the node's top-left corner with at least the node's size.)
    const c = await canvasCentre(page);
    expect(field.x).toBeLessThan(c.x);
    expect(field.x + field.width).toBeGreaterThan(c.x);
    expect(Math.abs(field.y + field.height / 2 - c.y)).toBeLessThan(4);

    // Replace the current match, then all the rest at once.
    await openFind(page);
    await page.keyboard.type('模型');
    await expect.poll(() => status(page).textContent()).toBe('第 1 / 4 个');
    await bar(page).getByRole('textbox', { name: '替换为' }).fill('模式');
    await bar(page).getByRole('button', { name: '替换', exact: true }).click();
    await expect.poll(() => status(page).textContent()).toBe('已替换 1 个主题');
    await item(page, '基线模式').waitFor();
    await expect.poll(() => selected(page)).toEqual(['时间序列模型']);
    await bar(page).getByRole('button', { name: '全部替换' }).click();
    await expect.poll(() => status(page).textContent()).toBe('已替换 3 个主题');
    expect((await titles(page)).filter((t) => t.includes('模型'))).toEqual([]);
    expect(await titles(page)).toEqual(expect.arrayContaining(['基线模式', '时间序列模式', '模式融合', '模式部署']));

    // Undo: replace-all comes back as one step, then the single replace.
    await closeFind(page);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await titles(page)).filter((t) => t.includes('模型'))).toEqual(['时间序列模型', '模型融合', '模型部署']);
    await page.keyboard.press('Control+z');
    await item(page, '基线模型').waitFor();
    await page.keyboard.press('Control+y');
    await item(page, '基线模式').waitFor();
    // Saved before leaving the page (autosave is debounced).
    await expect.poll(() => page.getByRole('status', { name: '保存状态' }).textContent(), { timeout: 15_000 }).toBe('已保存');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('finds on the read-only 知识点详情 page, without replacing', async () => {
    const { page } = s;
    await page.goto('/#/project/mindDetail?caseId=case-05');
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    await openFind(page);
    await page.keyboard.type('天气');
    await expect.poll(() => status(page).textContent()).toBe('第 1 / 1 个');
    await expect.poll(() => selected(page)).toEqual(['天气影响']);
    expect(await bar(page).getByRole('textbox', { name: '替换为' }).count()).toBe(0);
    await page.keyboard.type('没有的词');
    await expect.poll(() => status(page).textContent()).toBe('没有找到匹配的主题');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
