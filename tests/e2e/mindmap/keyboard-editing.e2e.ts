import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { clickNode, DEPTH, editField, focusedTag, focusOutside, item, mapFocused, openMinder, outline, selectedTexts } from './helpers';
import { applyForCases, openSignedIn, toastWith, unexpectedErrors } from '../shell-helpers';
import { e2eBaseURL } from '../base-url';

// The editor's keyboard, focus and text editing as a person drives it (issue 15 items 2, 3, 5,
// 6): click a node ON THE CANVAS, then keys. case-08 is shared with mindmap.e2e's conflict flow,
// which only adds nodes under the root; prac-03 is used by no other flow. Saving needs an
// application to the case (applyForCases, idempotent).

const CASE = 'case-08';
const ROOT = '智慧教室环境监测系统';
const DEEP_CASE = 'prac-03';

/** Waits until the edit field shows; returns its value. */
async function fieldValue(page: Page): Promise<string> {
  await editField(page).waitFor();
  return editField(page).inputValue();
}

describe('text editing from the canvas', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL());
    await applyForCases(s.page, CASE);
  });
  afterAll(async () => s?.close());

  it('F2 always opens the selected node’s own text (fresh page; after an edit cancelled with Esc)', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    // A fresh page: the root sits in the middle of the canvas; click it there, F2.
    const canvas = (await page.locator('.mind-editor__canvas canvas').boundingBox())!;
    await focusOutside(page);
    await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await expect.poll(() => selectedTexts(page)).toEqual([ROOT]);
    await page.keyboard.press('F2');
    expect(await fieldValue(page)).toBe(ROOT);
    await page.keyboard.press('Escape');

    // Edit one node, cancel with Esc; F2 on another node shows that node's text, Enter keeps it.
    await clickNode(page, '硬件选型');
    await page.keyboard.press('F2');
    expect(await fieldValue(page)).toBe('硬件选型');
    await page.keyboard.type('临时文字');
    await page.keyboard.press('Escape');
    await clickNode(page, '云平台');
    await page.keyboard.press('F2');
    expect(await fieldValue(page)).toBe('云平台');
    await page.keyboard.press('Enter');
    await editField(page).waitFor({ state: 'detached' });
    expect(await outline(page)).toContain('云平台');
    expect(await outline(page)).toContain('硬件选型');
    expect(await outline(page)).not.toContain('临时文字');
  });

  it('Chinese composed with an IME straight onto a selected node becomes its text; so does a typed key', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await clickNode(page, '传感器原理');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'chuan', selectionStart: 5, selectionEnd: 5 });
    await cdp.send('Input.imeSetComposition', { text: '传感', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.insertText', { text: '传感器选型' });
    expect(await fieldValue(page)).toBe('传感器选型');
    await page.keyboard.press('Enter');
    await item(page, '传感器选型').waitFor();

    // A printable key replaces the text the same way (kityminder), every key kept.
    await clickNode(page, '电路连接');
    await page.keyboard.type('abc');
    expect(await fieldValue(page)).toBe('abc');
    await page.keyboard.press('Enter');
    await item(page, 'abc').waitFor();
    // The same from a row of the outline tree (reached with Shift+F6): the first key is kept too.
    await page.keyboard.press('Shift+F6');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('treeitem');
    await page.keyboard.type('xyz');
    expect(await fieldValue(page)).toBe('xyz');
    await page.keyboard.press('Enter');
    await item(page, 'xyz').waitFor();
    await cdp.detach();
  });
});

describe('focus and keyboard model', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL());
    await applyForCases(s.page, CASE);
  });
  afterAll(async () => s?.close());

  it('keys work after a click on the canvas, a toolbar button, a menu, a dialog and the depth alert', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    // Canvas click, then Tab: a child of the clicked node, edited in place.
    await clickNode(page, '数据采集');
    expect(await focusedTag(page)).not.toMatch(/^(MAIN|BODY)$/);
    await page.keyboard.press('Tab');
    await fieldValue(page);
    await page.keyboard.type('采样频率');
    await page.keyboard.press('Enter');
    await expect.poll(async () => item(page, '采样频率').getAttribute('aria-level')).toBe('4');

    // Toolbar button (加粗) with the pointer: the keys still reach the map.
    await clickNode(page, '通信协议');
    await page.getByRole('button', { name: /^加粗/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /^加粗/ }).getAttribute('aria-pressed')).toBe('true');
    await mapFocused(page);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => selectedTexts(page)).toEqual(['数据采集']);

    // A dialog opened from the toolbar: after it closes, Enter inserts a sibling.
    await page.getByRole('button', { name: /^备注/ }).click();
    const note = page.getByRole('dialog', { name: '备注' });
    await note.getByLabel('备注内容').fill('每 5 分钟采样一次');
    await note.getByRole('button', { name: '确定' }).click();
    await note.waitFor({ state: 'detached' });
    await item(page, /^数据采集，.*有备注/).waitFor();
    await mapFocused(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => selectedTexts(page)).toEqual(['通信协议']);

    // The depth alert (a level-4 node cannot get a child): afterwards the arrows work.
    await clickNode(page, '采样频率');
    // Accepted as it opens: the alert blocks the page, and the key press waits for the page.
    const alert = page.waitForEvent('dialog').then(async (d) => {
      const message = d.message();
      await d.accept();
      return message;
    });
    await page.keyboard.press('Tab');
    expect(await alert).toBe(DEPTH);
    await mapFocused(page);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => selectedTexts(page)).toEqual(['数据采集']);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('Shift+F10 / the menu key open the node menu; F6 goes to the toolbar and back', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await clickNode(page, '设备接入');
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: '主题菜单' });
    await menu.waitFor();
    for (const label of ['标记已学', '标记正在学', '备注', '链接', '图片', '删除', '优先级'])
      expect(await menu.getByRole('menuitem', { name: new RegExp(`^${label}`) }).count()).toBe(1);
    await menu.getByRole('menuitem', { name: /^标记已学/ }).click();
    // 设备接入 has a learning resource: the server refuses a tick by hand, naming what remains
    // (issue 22), and no ✓ is left ("已学 0/1" is its roll-up, not the mark).
    await toastWith(page, '还差：《').waitFor();
    expect(await item(page, /^设备接入，/).getAttribute('aria-label')).not.toMatch(/，已学(，|$)/);
    // Back on the map: F2 edits the node.
    await mapFocused(page);
    await page.keyboard.press('F2');
    expect(await fieldValue(page)).toBe('设备接入');
    await page.keyboard.press('Escape');

    // The ContextMenu key, then the priority submenu by keyboard.
    await page.keyboard.press('ContextMenu');
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: /^优先级/ }).hover();
    await page
      .getByRole('menu', { name: '优先级' })
      .getByRole('menuitem', { name: /^优先级 2/ })
      .click();
    await item(page, /^设备接入，优先级2/).waitFor();
    await mapFocused(page);

    // F6: to the toolbar, from where Shift+Tab leaves the map (Tab inserts nodes on the map).
    const region = () =>
      page.evaluate(() =>
        document.activeElement?.closest('[role=toolbar]')
          ? 'toolbar'
          : document.activeElement?.closest('[role=tree]')
            ? 'tree'
            : document.activeElement?.closest('.mind-editor')
              ? 'map'
              : 'page',
      );
    await page.keyboard.press('F6');
    await expect.poll(region).toBe('toolbar');
    await page.keyboard.press('Shift+Tab');
    expect(await region()).toBe('page');
    await page.keyboard.press('Tab');
    await expect.poll(region).toBe('toolbar');
    // F6 goes round: toolbar → outline tree (the selected row) → map; Esc in the toolbar returns to the map.
    await page.keyboard.press('F6');
    await expect.poll(region).toBe('tree');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^设备接入，/);
    await page.keyboard.press('F6');
    await expect.poll(region).toBe('map');
    await page.keyboard.press('Shift+F6');
    await expect.poll(region).toBe('tree');
    await page.keyboard.press('Shift+F6');
    await expect.poll(region).toBe('toolbar');
    await page.keyboard.press('Escape');
    await expect.poll(region).toBe('map');
    await page.keyboard.press('Tab');
    await fieldValue(page);
    await page.keyboard.press('Escape');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});

/** Replaces the map with a 6-level one through the menu's paste import. */
async function importDeep(page: Page): Promise<void> {
  const deep = ['深层导图', '\t第二级', '\t\t第三级', '\t\t\t第四级', '\t\t\t\t第五级甲', '\t\t\t\t\t第六级', '\t\t\t\t第五级乙', '\t\t\t另一个第四级'].join(
    '\n',
  );
  await page.getByRole('button', { name: '导入 / 导出' }).click();
  await page.getByRole('menuitem', { name: '粘贴大纲文本导入' }).click();
  const dialog = page.getByRole('dialog', { name: '粘贴导入' });
  await dialog.getByLabel('内容').fill(deep);
  await dialog.getByRole('button', { name: '导入' }).click();
  await expect.poll(async () => item(page, '第六级').getAttribute('aria-level')).toBe('6');
}

describe('depth: imported content keeps its depth, only inserts below level 4 are refused', () => {
  it('imports a 6-level map, rearranges its deep nodes, refuses an insert below level 4', async () => {
    const s = await openSignedIn(e2eBaseURL());
    try {
      const { page } = s;
      await applyForCases(page, DEEP_CASE);
      await openMinder(page, DEEP_CASE);
      await importDeep(page);

      // Deep nodes can be reordered at their own depth (Alt+↓) …
      await clickNode(page, '第五级甲');
      await page.keyboard.press('Alt+ArrowDown');
      await expect.poll(() => outline(page)).toEqual(['深层导图', '第二级', '第三级', '第四级', '第五级乙', '第五级甲', '第六级', '另一个第四级']);
      // … but a new node below level 4 is refused with the SPEC's alert.
      // Accepted as it opens: the alert blocks the page, and the key press waits for the page.
      const alert = page.waitForEvent('dialog').then(async (d) => {
        const message = d.message();
        await d.accept();
        return message;
      });
      await page.keyboard.press('Enter');
      expect(await alert).toBe(DEPTH);
    } finally {
      await s.close();
    }
  });

  // Needs the server side of item 3 (saveStuMind no longer refusing maps deeper than 4 levels).
  it('saves an imported 6-level map, and a reload shows it (never stuck on the depth rule)', async () => {
    const s = await openSignedIn(e2eBaseURL());
    try {
      const { page } = s;
      await applyForCases(page, DEEP_CASE);
      await openMinder(page, DEEP_CASE);
      const saved = page.waitForResponse((r) => /\/mindStudent\/save(StuMind|Changes)\b/.test(r.url()));
      await importDeep(page);
      expect((await (await saved).json()).resultCode).toBe(200);
      await expect.poll(() => page.getByRole('status', { name: '保存状态' }).textContent()).toBe('已保存');
      await page.reload();
      await page.locator('.mind-editor[aria-busy="false"]').waitFor();
      await expect.poll(async () => item(page, '第六级').getAttribute('aria-level')).toBe('6');
    } finally {
      await s.close();
    }
  });
});
