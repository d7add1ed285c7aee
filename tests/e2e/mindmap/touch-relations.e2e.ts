import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { openMinder, pasteImport, saved } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { canvasBox, centre, Fingers, openPhoneSignedIn, phoneNodeBox, phoneZoom, screenCurve, selectedRows } from '../touch-helpers';
import { e2eBaseURL } from '../base-url';

// Relationship lines (关联线) under a finger (375 × 812, touch through CDP): a tap on the label or
// near the curve selects the line alone (the mouse could, a finger could not), a tap elsewhere
// lets it go, a finger drags its control handle, and a long press on it opens the line's own
// menu (编辑标签 / 删除), as a right click does on the desktop.

const MAP = {
  root: {
    data: { id: 't0', text: '触线' },
    children: [{ data: { id: 't1', text: '甲' } }, { data: { id: 't2', text: '乙' } }, { data: { id: 't3', text: '丙' } }, { data: { id: 't4', text: '丁' } }],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
  relationships: [{ id: 'tl1', from: 't1', to: 't2', title: '因果' }],
};

const live = (page: Page) => page.locator('.mind-editor__live').textContent();
const bar = (page: Page) => page.getByRole('toolbar', { name: '导图操作' });
const described = (page: Page, text: string) =>
  page
    .locator('.mind-tree [role=treeitem]', { has: page.locator('.mind-tree__text', { hasText: new RegExp(`^${text}$`) }) })
    .first()
    .getAttribute('aria-description');

describe('relationship lines on a phone', () => {
  let phone: BrowserSession;
  beforeAll(async () => {
    phone = await openPhoneSignedIn(e2eBaseURL(), E2E_STUDENTS.touchLines.loginName);
  });
  afterAll(async () => phone?.close());

  it('a tap on the label or beside the curve selects the line; its handle drags; a long press opens its menu', async () => {
    // The map with its line is made at the desk (paste import), then opened on the phone.
    const desk = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.touchLines.loginName);
    try {
      await applyForCases(desk.page, 'case-04');
      await openMinder(desk.page, 'case-04');
      await saved(desk.page, () => pasteImport(desk.page, 'km', JSON.stringify(MAP), '丁'));
    } finally {
      await desk.close();
    }
    const { page } = phone;
    const fingers = await Fingers.of(page);
    await page.goto('/#/project/minder?caseId=case-04');
    await page.locator('.mind-editor.is-phone[aria-busy="false"]').waitFor();
    await expect.poll(() => described(page, '甲')).toContain('关联到：乙（因果）');
    // The whole map on screen (更多 → 适应画布), so showing a topic never moves the camera.
    await bar(page).getByRole('button', { name: '更多' }).tap();
    const more = page.getByRole('region', { name: '更多' });
    await more.getByRole('button', { name: '适应画布' }).tap();
    await more.getByRole('button', { name: '关闭' }).tap();
    await page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
    const a = await phoneNodeBox(page, '甲');
    const b = await phoneNodeBox(page, '乙');
    expect(await phoneNodeBox(page, '甲')).toEqual(a);
    const z = parseInt((await phoneZoom(page))!, 10) / 100;
    const curve = screenCurve(a, b, z);
    const c = await canvasBox(page);
    const empty = { x: c.x + 8, y: c.y + c.height - 8 };

    // The label: the line alone is selected (no topic), and told.
    await fingers.tap(empty);
    await expect.poll(() => live(page)).toContain('未选中主题');
    await fingers.tap(curve.at(0.5));
    await expect.poll(() => live(page)).toContain('已选中关联线：甲 → 乙（因果）');
    expect(await selectedRows(page)).toEqual([]);
    await fingers.tap(empty);
    await expect.poll(() => live(page)).toContain('思维导图，未选中主题');

    // Beside the curve, a fingertip (12 px) off it: still the line.
    const p = curve.at(0.3);
    const q = curve.at(0.32);
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    await fingers.tap({ x: p.x - ((q.y - p.y) / len) * 12, y: p.y + ((q.x - p.x) / len) * 12 });
    await expect.poll(() => live(page)).toContain('思维导图，已选中关联线：甲 → 乙（因果）');

    // Its control handle follows a finger: one step, undone by 撤销.
    await fingers.drag(curve.handle, { x: curve.handle.x + 20, y: curve.handle.y - 40 });
    await expect.poll(() => live(page)).toContain('已调整关联线');
    await bar(page).getByRole('button', { name: '撤销' }).tap();
    await expect.poll(() => live(page)).toContain('已撤销');

    // A long press on it: the line's own menu; 删除 removes the line, not a topic.
    await fingers.tap(empty);
    await fingers.longPress(curve.at(0.5));
    const menu = page.getByRole('menu', { name: '关联线菜单：甲 → 乙（因果）' });
    await menu.waitFor();
    await expect.poll(() => menu.getByRole('menuitem').allTextContents()).toEqual(['编辑标签F2', '删除Delete']);
    await page.waitForTimeout(600); // the click of the lifted finger goes to the menu first
    await menu.getByRole('menuitem', { name: /^删除/ }).tap();
    await expect.poll(() => described(page, '甲')).toBeNull();
    expect(await page.locator('.mind-tree [role=treeitem] .mind-tree__text').allTextContents()).toEqual(['触线', '甲', '乙', '丙', '丁']);
    await bar(page).getByRole('button', { name: '撤销' }).tap();
    await expect.poll(() => described(page, '甲')).toContain('关联到：乙（因果）');
    expect(unexpectedErrors(phone.errors)).toEqual([]);
  });

  it("编辑 in the bar edits a tapped line's label and a summary's text; 更多 gives the map the screen for 概要 and 关联线, whose 取消 ends linking", async () => {
    const { page } = phone;
    const fingers = await Fingers.of(page);
    const a = await phoneNodeBox(page, '甲');
    const b = await phoneNodeBox(page, '乙');
    const z = parseInt((await phoneZoom(page))!, 10) / 100;
    const curve = screenCurve(a, b, z);
    const c = await canvasBox(page);
    const empty = { x: c.x + 8, y: c.y + c.height - 8 };
    const edit = bar(page).getByRole('button', { name: '编辑文字' });

    // A tapped line: 编辑 opens its label (a finger has no F2).
    await fingers.tap(empty);
    await fingers.tap(curve.at(0.5));
    await expect.poll(() => live(page)).toContain('已选中关联线：甲 → 乙（因果）');
    expect(await edit.isDisabled()).toBe(false);
    await edit.tap();
    const label = page.getByRole('textbox', { name: /^关联线标签：甲 → 乙/ });
    await label.fill('因果关系');
    await label.press('Enter');
    await expect.poll(() => described(page, '甲')).toContain('关联到：乙（因果关系）');

    // 更多 → 概要 on a tapped topic: the sheet closes, the summary's text is typed on the map.
    await fingers.tap(centre(await phoneNodeBox(page, '乙')));
    await bar(page).getByRole('button', { name: '更多' }).tap();
    const more = page.getByRole('region', { name: '更多' });
    await more.getByRole('button', { name: '概要', exact: true }).tap();
    await expect.poll(() => page.getByRole('textbox', { name: '编辑主题文字' }).inputValue()).toBe('概要');
    expect(await more.isHidden()).toBe(true);
    await page.keyboard.insertText('小结');
    await page.keyboard.press('Enter');
    await expect.poll(() => live(page)).toContain('概要已修改为：小结');
    // Still selected, 编辑 opens its text again.
    await edit.tap();
    await expect.poll(() => page.getByRole('textbox', { name: '编辑主题文字' }).inputValue()).toBe('小结');
    await page.keyboard.press('Escape');

    // 更多 → 关联线: the sheet gives way to the topics to tap; the hint's 取消 ends linking.
    await fingers.tap(centre(await phoneNodeBox(page, '乙')));
    await bar(page).getByRole('button', { name: '更多' }).tap();
    await more.getByRole('button', { name: '关联线', exact: true }).tap();
    await page
      .getByRole('status')
      .filter({ hasText: /^从「乙」画关联线：点击要关联的主题$/ })
      .waitFor();
    // the sheet closes on the render after linking starts
    await expect.poll(() => more.isHidden()).toBe(true);
    // the banner leaves the zoom badge readable
    const banner = (await page.locator('.mind-relation__hint').boundingBox())!;
    const badge = (await page.getByRole('status', { name: '缩放比例' }).boundingBox())!;
    expect(banner.y >= badge.y + badge.height || banner.x + banner.width <= badge.x).toBe(true);
    await page.getByRole('button', { name: '取消', exact: true }).tap();
    await page.getByRole('status').filter({ hasText: '点击要关联的主题' }).waitFor({ state: 'detached' });
    expect(unexpectedErrors(phone.errors)).toEqual([]);
  });
});
