import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { seriousViolations } from '../axe';
import { editField, item, nodePoint, outline, saveState, selectedTexts } from './helpers';
import { hashOf, openSignedIn, toastWith } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// 我的导图 (issue 33 item 1) as a student uses it: reached from the avatar menu, a map made from
// the 复习提纲 template, edited on the canvas and kept over a reload; renamed, duplicated, found by
// a topic's text, deleted to 回收站 and restored; axe clean at 375 and 1440 px. 图自己 is this
// file's own student: no other flow has own maps.

const ME = E2E_STUDENTS.myMaps;
let s: BrowserSession | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const rows = (page: Page) => page.locator('.mymaps-row .mymaps-row__title').allTextContents();
const editorReady = (page: Page) => page.locator('.mind-editor[aria-busy="false"]').waitFor();

/** Clicks a node on the canvas where a person sees it (the focus moved off the map first). */
async function clickNode(page: Page, text: string): Promise<void> {
  const p = await nodePoint(page, text);
  await page.getByRole('heading', { name: '我的导图', level: 1 }).click();
  await page.mouse.click(p.x, p.y);
  await expect.poll(() => selectedTexts(page)).toEqual([text]);
}

async function axeAt(page: Page, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 900 });
  return seriousViolations(page);
}

describe('我的导图', () => {
  it('create from a template, edit, reload; rename, duplicate, search by a topic, delete and restore', async () => {
    s = await openSignedIn(e2eBaseURL(), ME.loginName);
    const { page } = s;
    await page.getByRole('button', { name: `${ME.username}的账户菜单` }).click();
    await page.getByRole('menuitem', { name: '我的导图' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/personal/myMaps');
    await page.getByText('还没有自己的导图').waitFor();
    expect(await axeAt(page, 375)).toEqual([]);
    expect(await axeAt(page, 1440)).toEqual([]);

    // 新建导图 from 复习提纲, named: it opens in the editor.
    await page.getByRole('button', { name: '新建导图' }).click();
    const dialog = page.getByRole('dialog', { name: '新建导图' });
    await dialog.getByRole('radio', { name: /复习提纲/ }).check();
    await dialog.getByLabel('导图名称').fill('期末复习');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: '创建并打开' }).click();
    await expect.poll(() => hashOf(page)).toMatch(/^#\/personal\/myMap\?mapId=/);
    await editorReady(page);
    await expect.poll(() => outline(page)).toEqual(expect.arrayContaining(['期末复习', '考试范围', '易错题', '错因：审题不仔细']));

    // An edit on the canvas: saved, and still there after a reload.
    await clickNode(page, '期末复习');
    await page.keyboard.press('Tab');
    await editField(page).waitFor();
    await page.keyboard.type('傅里叶变换要点');
    await page.keyboard.press('Enter');
    await expect.poll(() => outline(page)).toContain('傅里叶变换要点');
    await expect.poll(() => saveState(page).textContent(), { timeout: 15_000 }).toBe('已保存');
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await editorReady(page);
    await item(page, /^.+/).first().waitFor();
    await expect.poll(() => outline(page)).toContain('傅里叶变换要点');

    // Back to the list: rename, duplicate.
    await page.getByRole('link', { name: '返回我的导图' }).click();
    await expect.poll(() => rows(page)).toEqual(['期末复习']);
    await page.getByRole('button', { name: '重命名 期末复习' }).click();
    const rename = page.getByRole('dialog', { name: '重命名导图' });
    await rename.getByRole('textbox').fill('高数期末复习');
    await rename.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => rows(page)).toEqual(['高数期末复习']);
    await page.getByRole('button', { name: '复制 高数期末复习' }).click();
    await expect.poll(() => rows(page)).toEqual(['高数期末复习（副本）', '高数期末复习']);

    // Search by a topic's text: both maps, each with the topic found.
    await page.getByLabel('搜索我的导图').fill('傅里叶');
    await expect.poll(() => page.getByRole('list', { name: /中找到的主题$/ }).count()).toBe(2);
    expect(await page.locator('.mymaps-row__topics li').allTextContents()).toEqual(['傅里叶变换要点', '傅里叶变换要点']);
    await page.getByLabel('搜索我的导图').fill('没有这个词');
    await page.getByText('没有找到包含这些文字的导图').waitFor();
    await page.getByLabel('搜索我的导图').fill('');

    // Delete the copy to 回收站, restore it from there.
    await expect.poll(() => rows(page)).toHaveLength(2);
    await page.getByRole('button', { name: '删除 高数期末复习（副本）' }).click();
    await toastWith(page, '已移到回收站').waitFor();
    await expect.poll(() => rows(page)).toEqual(['高数期末复习']);
    await page.getByRole('button', { name: '回收站', exact: true }).click();
    await expect.poll(() => rows(page)).toEqual(['高数期末复习（副本）']);
    await page.getByText(/将于 \d{4}-\d{2}-\d{2} 后永久删除/).waitFor();
    expect(await axeAt(page, 375)).toEqual([]);
    await page.getByRole('button', { name: '恢复 高数期末复习（副本）' }).click();
    await page.getByText('回收站是空的').waitFor();
    await page.getByRole('button', { name: '我的导图', exact: true }).click();
    await expect.poll(() => rows(page)).toEqual(expect.arrayContaining(['高数期末复习（副本）', '高数期末复习']));

    // The renamed map opens with its new root and the edit (at 1440 px: a phone shows the tree in a sheet).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('link', { name: '高数期末复习', exact: true }).click();
    await editorReady(page);
    await expect.poll(async () => (await outline(page))[0]).toBe('高数期末复习');
    expect(await outline(page)).toContain('傅里叶变换要点');
    expect(await axeAt(page, 375)).toEqual([]);
  });

  it('is reachable from 学习中心 and 我的学习', async () => {
    s = await openSignedIn(e2eBaseURL(), ME.loginName);
    const { page } = s;
    await page.goto('/#/personal/myStudy');
    const block = page.getByRole('region', { name: '我的导图' });
    await block.getByRole('link', { name: /全部导图|新建我的导图/ }).click();
    await expect.poll(() => hashOf(page)).toBe('#/personal/myMaps');
    await page.getByRole('navigation', { name: '学习中心菜单' }).getByRole('link', { name: '我的学习' }).click();
    await page.getByRole('navigation', { name: '学习中心菜单' }).getByRole('link', { name: '我的导图' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/personal/myMaps');
  });
});
