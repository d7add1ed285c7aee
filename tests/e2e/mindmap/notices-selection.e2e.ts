import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { clickNode, editField, item, mapFocused, nodeBox, openMinder, outline, pasteImport, saved, selectedTexts } from './helpers';
import { pageApi } from '../study-helpers';
import { E2E_STUDENTS } from '../students';
import { applyForCases, openSignedIn, toastWith, unexpectedErrors } from '../shell-helpers';
import { e2eBaseURL } from '../base-url';

// What a kityminder user walking the editor found (polish round): undoing an import brings back
// the selection from before it and takes its "可按 Ctrl+Z 撤销" notice down; the find bar's
// 已替换 goes once the replace is undone; 应用到导图 in the 大纲 keeps the selected node where it
// was on screen; toasts never cover the editor's toolbar (desktop and a 375 px phone).

const CASE = 'case-06';
const bar = (page: Page) => page.getByRole('search', { name: '查找和替换' });
const findStatus = (page: Page) => bar(page).getByRole('status');
const armed = (page: Page) => page.locator('.mind-edit.is-armed');
const resting = (page: Page) => page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
type Box = { x: number; y: number; width: number; height: number };
const bottomOf = (b: Box) => b.y + b.height;

describe('mind-map notices and the selection after undo, find, 大纲 and reopening', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.mindmapPolish.loginName);
    await applyForCases(s.page, CASE); // 大纲 apply saves the map: that needs an application
  });
  afterAll(async () => s?.close());

  it('undoing an import selects again what was selected before and replaces its notice; toasts stay off the toolbar', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await clickNode(page, '数据准备');
    await pasteImport(page, 'txt', '导入的图\n\t甲\n\t乙\n', '乙');
    expect(await selectedTexts(page)).toEqual(['导入的图']);
    const notice = toastWith(page, '已导入粘贴的内容，可按 Ctrl+Z 撤销。');
    await notice.waitFor();
    // Below the editor's toolbar (at the bottom of the page), never over it.
    const toolbar = (await page.getByRole('toolbar', { name: '导图工具栏' }).boundingBox())!;
    expect((await notice.boundingBox())!.y).toBeGreaterThan(bottomOf(toolbar));

    await mapFocused(page);
    await page.keyboard.press('Control+z');
    await item(page, '数据准备').waitFor();
    await expect.poll(() => selectedTexts(page)).toEqual(['数据准备']);
    // The notice said Ctrl+Z undoes the import: it did, so the notice says so now.
    await toastWith(page, '已撤销导入').waitFor();
    await expect.poll(() => notice.count()).toBe(0);
    expect((await toastWith(page, '已撤销导入').boundingBox())!.y).toBeGreaterThan(bottomOf(toolbar));

    // Redo imports again (the new map's root selected), undo goes back to 数据准备 once more.
    await page.keyboard.press('Control+y');
    await expect.poll(() => selectedTexts(page)).toEqual(['导入的图']);
    await expect.poll(() => toastWith(page, '已撤销导入').count()).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => selectedTexts(page)).toEqual(['数据准备']);
    expect(await outline(page)).not.toContain('导入的图');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('the find bar stops saying 已替换 once the replace is undone or redone', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await clickNode(page, '数据准备');
    await page.keyboard.press('Control+f');
    await bar(page).getByRole('textbox', { name: '查找' }).fill('核心概念');
    const matches = /^第 \d+ \/ \d+ 个$/;
    await expect.poll(() => findStatus(page).textContent()).toMatch(matches);
    await bar(page).getByRole('textbox', { name: '替换为' }).fill('核心要义');
    await bar(page).getByRole('button', { name: '替换', exact: true }).click();
    await item(page, '核心要义').waitFor();
    await expect.poll(() => findStatus(page).textContent()).toBe('已替换 1 个主题');

    // Ctrl+Z in the bar undoes the replace: the status describes the map again, after redo too.
    await page.keyboard.press('Control+z');
    await expect.poll(() => item(page, '核心要义').count()).toBe(0);
    await expect.poll(() => findStatus(page).textContent()).toMatch(matches);
    await page.keyboard.press('Control+y');
    await item(page, '核心要义').waitFor();
    await expect.poll(() => findStatus(page).textContent()).toMatch(matches);
    await page.keyboard.press('Control+z');
    await expect.poll(() => item(page, '核心要义').count()).toBe(0);
    await page.keyboard.press('Escape');
    await bar(page).waitFor({ state: 'detached' });
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('undoing an inserted child selects its parent again, not the root (as kityminder)', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await clickNode(page, '数据准备');
    const before = await outline(page);
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await outline(page)).length).toBe(before.length + 1);
    await page.keyboard.press('Escape');
    await mapFocused(page);
    await page.keyboard.press('Control+z');
    await expect.poll(() => outline(page)).toEqual(before);
    await expect.poll(() => selectedTexts(page)).toEqual(['数据准备']);
  });

  it('应用到导图 in the 大纲 keeps the selected node where it was on screen', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await page.getByRole('button', { name: '编辑大纲' }).click();
    const field = page.getByRole('textbox', { name: '大纲文本' });
    await expect.poll(() => field.inputValue()).toContain('\t数据准备\n');
    const before = await nodeBox(page, '数据准备');

    // Three new chapters before it: the layout moves it (to the other side of the root).
    const lines = (await field.inputValue()).split('\n');
    await field.fill([lines[0], '\t新章一', '\t新章二', '\t新章三', ...lines.slice(1)].join('\n'));
    await page.getByRole('button', { name: '应用到导图' }).click();
    await page.getByRole('status').filter({ hasText: '大纲已应用到导图并保存' }).waitFor();
    await item(page, '新章三').waitFor();
    expect(await selectedTexts(page)).toEqual(['数据准备']);
    await resting(page);
    const moved = async () => {
      const b = (await armed(page).boundingBox())!;
      return Math.max(Math.abs(b.x - before.x), Math.abs(b.y - before.y));
    };
    await expect.poll(moved).toBeLessThan(2);
    await page.getByRole('button', { name: '编辑大纲' }).click(); // closed again
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('an opened map has the keyboard: the first key acts on the selected node without a click first', async () => {
    const { page } = s;
    await page.goto('/#/');
    await openMinder(page, CASE);
    // outside walk: keys did nothing until the map was clicked
    await mapFocused(page);
    const [selected] = await selectedTexts(page);
    const before = await outline(page);
    await page.keyboard.press('Tab');
    await editField(page).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => outline(page)).toHaveLength(before.length + 1);
    expect(await selectedTexts(page)).toEqual(['分支主题']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => outline(page)).toEqual(before);
    expect(await selectedTexts(page)).toEqual([selected]);
  });

  it('another case opened in the same tab shows that case’s map, and an edit saves there only', async () => {
    // Outside walk: at ?caseId=case-01 the map of case-04 stayed on screen, and an edit saved it into case-01.
    const { page } = s;
    const OTHER = 'case-05';
    await applyForCases(page, OTHER);
    await openMinder(page, CASE);
    const ours = await outline(page);
    await page.evaluate((c) => (location.hash = `#/project/minder?caseId=${c}`), OTHER);
    await expect.poll(async () => (await outline(page))[0]).not.toBe(ours[0]);
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    const other = await outline(page);
    // what this address shows on a fresh load is what the tab shows
    await page.reload();
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    await item(page, /^.+/).first().waitFor();
    expect(await outline(page)).toEqual(other);
    // an edit here goes to this case, and the first case keeps its map
    await page.keyboard.press('Home');
    await mapFocused(page);
    await saved(page, async () => {
      await page.keyboard.press('Tab');
      await editField(page).waitFor();
      await page.keyboard.type('跨案例');
      await page.keyboard.press('Enter');
    });
    type Doc = { root: { data: { text: string }; children?: Array<{ data: { text: string } }> } };
    const root = async (caseId: string) => {
      const { document } = await pageApi<{ document: Doc | string }>(page, `/api/course/mindStudent/showMind?caseId=${caseId}`);
      return (typeof document === 'string' ? (JSON.parse(document) as Doc) : document).root;
    };
    expect((await root(OTHER)).children?.map((c) => c.data.text)).toContain('跨案例');
    expect(JSON.stringify(await root(CASE))).not.toContain('跨案例');
    await openMinder(page, CASE);
    expect(await outline(page)).toEqual(ours);
  });

  it('on a 375 px phone the notices show above the action bar and below the page head, a line wide', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 375, height: 812 });
    // The phone editor: the outline tree and the toolbar live in bottom sheets.
    await page.goto(`/#/project/minder?caseId=${CASE}`);
    await page.locator('.mind-editor.is-phone[aria-busy="false"]').waitFor();
    await page.getByRole('toolbar', { name: '导图操作' }).getByRole('button', { name: '更多' }).click();
    await page.getByRole('button', { name: '导入 / 导出' }).click();
    await page.getByRole('menuitem', { name: '粘贴大纲文本导入' }).click();
    const dialog = page.getByRole('dialog', { name: '粘贴导入' });
    await dialog.getByLabel('内容').fill('手机导入\n\t一\n');
    await dialog.getByRole('button', { name: '导入' }).click();
    // In the app's notification region (radix says each one through a polite role=status).
    const notice = page.getByRole('region', { name: /通知/ }).locator('.toast', { hasText: '已导入粘贴的内容' });
    await notice.waitFor();
    const box = (await notice.boundingBox())!;
    const head = (await page.locator('.mind-page__head').boundingBox())!;
    const actions = (await page.getByRole('toolbar', { name: '导图操作' }).boundingBox())!;
    expect(box.y).toBeGreaterThan(bottomOf(head));
    expect(bottomOf(box)).toBeLessThanOrEqual(actions.y);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    // One line of the notice is most of the screen wide, not a narrow column.
    expect(box.width).toBeGreaterThan(300);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
