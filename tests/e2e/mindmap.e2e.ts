import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type BrowserSession } from './browser';
import { hashOf, logIn, toastWith, unexpectedErrors, watchCanvasText } from './shell-helpers';

// The mind-map editor through its ARIA tree and real keyboard / pointer input on the canvas.

const DEPTH = '不能插入4级主题以下的节点';

async function signedIn(loginName?: string): Promise<BrowserSession> {
  const session = await openSession(inject('baseURL'));
  await watchCanvasText(session.context);
  await session.page.goto('/');
  await logIn(session.page, { loginName });
  return session;
}

const tree = (page: Page) => page.getByRole('tree', { name: '思维导图大纲' });
const item = (page: Page, name: string | RegExp) => tree(page).getByRole('treeitem', { name: typeof name === 'string' ? new RegExp(`^${name}(，|$)`) : name });
const saveState = (page: Page) => page.getByRole('status', { name: '保存状态' });

async function openMinder(page: Page, caseId: string): Promise<void> {
  await page.goto(`/#/project/minder?caseId=${caseId}`);
  await page.locator('.mind-editor[aria-busy="false"]').waitFor();
  await item(page, /^.+/).first().waitFor();
}

/** Treeitem texts in order (names without the marker suffixes). */
async function outline(page: Page): Promise<string[]> {
  return tree(page).locator('[role=treeitem] .mind-tree__text').allTextContents();
}

async function saved(page: Page, action: () => Promise<unknown>): Promise<void> {
  const res = page.waitForResponse((r) => r.url().includes('/mindStudent/saveStuMind'));
  await action();
  await res;
  await expect.poll(() => saveState(page).textContent()).toBe('已保存');
}

async function downloadOf(page: Page, menuItem: string): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: '导入 / 导出' }).click();
  const dl = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: menuItem }).click();
  const d = await dl;
  return { name: d.suggestedFilename(), text: readFileSync((await d.path())!, 'latin1') };
}

describe('ProjectMinder editing', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await signedIn();
  });
  afterAll(async () => s?.close());

  it('adds, edits, moves and deletes nodes with undo/redo; autosaves; reload shows the same map', async () => {
    const { page } = s;
    await openMinder(page, 'case-01');
    expect((await outline(page)).slice(0, 3)).toEqual(['校园二手交易平台', '需求分析', '用户调研']);
    const root = item(page, '校园二手交易平台');
    expect(await root.getAttribute('aria-level')).toBe('1');
    expect(await root.getAttribute('aria-selected')).toBe('true');

    // Tab: child of the root, then type its text in the overlay textarea (Enter commits).
    await root.focus();
    await page.keyboard.press('Tab');
    const box = page.getByRole('textbox', { name: '编辑主题文字' });
    await box.waitFor();
    await box.fill('');
    await page.keyboard.type('项目复盘');
    await saved(page, () => page.keyboard.press('Enter'));
    await expect.poll(() => outline(page)).toContain('项目复盘');
    expect(await item(page, '项目复盘').getAttribute('aria-level')).toBe('2');

    // Enter: a sibling; F2 renames it.
    await page.keyboard.press('Enter');
    await box.waitFor();
    await page.keyboard.type('经验总结');
    await page.keyboard.press('Enter');
    await item(page, '经验总结').waitFor();
    await page.keyboard.press('F2');
    await box.waitFor();
    await box.fill('经验与教训');
    await page.keyboard.press('Enter');
    await item(page, '经验与教训').waitFor();

    // Undo the rename and the insert, redo both.
    await page.keyboard.press('Control+z');
    await item(page, '经验总结').waitFor();
    await page.keyboard.press('Control+z');
    await expect.poll(() => outline(page)).not.toContain('经验总结');
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    await item(page, '经验与教训').waitFor();

    // Drag 经验与教训 onto 项目复盘 on the canvas: it becomes its child (drag starts after 10 px).
    const target = await nodePoint(page, '项目复盘');
    const from = await nodePoint(page, '经验与教训');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 6, from.y + 4);
    await page.mouse.move(target.x, target.y, { steps: 4 });
    await saved(page, () => page.mouse.up());
    await expect.poll(async () => item(page, '经验与教训').getAttribute('aria-level')).toBe('3');

    // Delete removes it; the map autosaves; a reload shows the saved map.
    await item(page, '经验与教训').click();
    await saved(page, () => page.keyboard.press('Delete'));
    await expect.poll(() => outline(page)).not.toContain('经验与教训');
    await page.reload();
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    await expect.poll(() => outline(page)).toContain('项目复盘');
    expect(await outline(page)).not.toContain('经验与教训');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('refuses a fifth level with the depth alert; Ctrl+B / priority / hyperlink whitelist', async () => {
    const { page } = s;
    await openMinder(page, 'case-01');
    const point = item(page, '核心概念').first();
    await point.click();
    expect(await point.getAttribute('aria-level')).toBe('4');
    const alert = page.waitForEvent('dialog');
    await page.keyboard.press('Tab');
    const d = await alert;
    expect(d.message()).toBe(DEPTH);
    await d.accept();

    await item(page, '用户调研').click();
    await page.getByRole('button', { name: /^链接/ }).click();
    const dialog = page.getByRole('dialog', { name: '链接' });
    await dialog.getByLabel('链接地址').fill('javascript:alert(1)');
    await expect.poll(() => dialog.getByRole('note').textContent()).toContain('只支持');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => item(page, /^用户调研，.*有链接/).locator('a').getAttribute('href')).toBe('#');
    await page.getByRole('button', { name: /^链接/ }).click();
    await dialog.getByLabel('链接地址').fill('https://example.org/a');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => item(page, /^用户调研，/).locator('a').getAttribute('href')).toBe('https://example.org/a');

    await page.getByRole('combobox', { name: '优先级' }).selectOption('3');
    await item(page, /^用户调研，优先级3/).waitFor();
  });
});

/** A point inside a node's box on the canvas, where a person sees it: the edit field opens exactly over it. */
async function nodePoint(page: Page, text: string): Promise<{ x: number; y: number }> {
  await item(page, text).click();
  await page.keyboard.press('F2');
  const bb = (await page.getByRole('textbox', { name: '编辑主题文字' }).boundingBox())!;
  await page.keyboard.press('Escape');
  return { x: bb.x + 10, y: bb.y + bb.height / 2 };
}
