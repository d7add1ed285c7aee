import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { openMinder } from './helpers';
import { openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { centre, Fingers, openPhoneMapFitted, saveMapAtDesk, openPhoneSignedIn, PHONE, phoneBar, phoneNodeBox, phoneZoom, screenCurve } from '../touch-helpers';
import { e2eBaseURL } from '../base-url';

// Menus, edit boxes and hints of the map editor on a phone (375 × 812, touch through CDP), as an
// outside tester found them: the long-press topic menu fits the screen and scrolls under a
// finger, a long press on a summary (概要) opens its menu, a line's label field opened near the
// screen edge is moved into view, and what is said names the on-screen actions, not keys (and a
// read-only preview names no edit at all).
// Signs in as E2E_STUDENTS.touchMenus, who applies for case-06; no other file uses that student.

const CASE = 'case-06';
const MAP = {
  root: {
    data: { id: 'm0', text: '菜单' },
    children: ['甲', '乙', '丙', '丁', '戊'].map((text, i) => ({ data: { id: `m${i + 1}`, text, ...(text === '丁' ? { note: '丁的**备注**' } : {}) } })),
  },
  template: 'right',
  theme: 'fresh-blue',
  version: '1.4.43',
  relationships: [{ id: 'ml1', from: 'm1', to: 'm3', title: '前后关系' }],
  summaries: [{ id: 'ms1', parent: 'm0', first: 'm4', last: 'm5', text: '小结' }],
};

const live = (page: Page) => page.locator('.mind-editor__live').first().textContent();
const bar = phoneBar;
type Box = { x: number; y: number; width: number; height: number };
const onScreen = (b: Box | null) => !!b && b.x >= 0 && b.y >= 0 && b.x + b.width <= PHONE.width && b.y + b.height <= PHONE.height;
const inside = (b: Box | null, o: Box) => !!b && b.y >= o.y && b.y + b.height <= o.y + o.height;

describe('menus, edit boxes and hints on a phone', () => {
  let phone: BrowserSession;
  let fingers: Fingers;
  beforeAll(async () => {
    phone = await openPhoneSignedIn(e2eBaseURL(), E2E_STUDENTS.touchMenus.loginName);
    fingers = await Fingers.of(phone.page);
  });
  afterAll(async () => phone?.close());

  /** Swipes `menu` up with a finger until `target` is inside it (at most 6 swipes). */
  async function swipeTo(menu: Locator, target: Locator): Promise<void> {
    const m = (await menu.boundingBox())!;
    for (let i = 0; i < 6 && !inside(await target.boundingBox(), m); i++) {
      await fingers.drag({ x: m.x + m.width / 2, y: m.y + m.height - 30 }, { x: m.x + m.width / 2, y: m.y + 30 }, { steps: 8 });
      await phone.page.waitForTimeout(300);
    }
  }

  it('the long-press topic menu fits the screen and scrolls under a finger to 概要, its lines and priorities', async () => {
    // The map is made at the desk (paste import), then opened on the phone.
    await saveMapAtDesk(e2eBaseURL(), E2E_STUDENTS.touchMenus.loginName, CASE, MAP, '戊');
    const { page } = phone;
    const empty = await openPhoneMapFitted(page, CASE);
    const a = await phoneNodeBox(page, '甲');
    await fingers.tap(empty);
    await fingers.longPress(centre(a));
    const menu = page.getByRole('menu', { name: '主题菜单' });
    await menu.waitFor();
    await page.waitForTimeout(600); // the click of the lifted finger goes to the menu first
    expect({ menu: await menu.boundingBox(), on: onScreen(await menu.boundingBox()) }).toMatchObject({ on: true });
    const m = (await menu.boundingBox())!;
    // On a phone the submenus are groups of the menu (beside it they ran off the screen).
    for (const name of [/^概要/, /^选择：甲 → 丙/, /^优先级 2/]) {
      const it = menu.getByRole('menuitem', { name });
      await swipeTo(menu, it);
      expect(inside(await it.boundingBox(), m)).toBe(true);
    }
    await fingers.tap(centre((await menu.getByRole('menuitem', { name: /^优先级 2/ }).boundingBox())!));
    await expect.poll(() => live(page)).toContain('已设置优先级 2');
    expect(unexpectedErrors(phone.errors)).toEqual([]);
  });

  it('a long press on a summary opens its menu (编辑概要文字 / 删除概要)', async () => {
    const { page } = phone;
    const empty = await openPhoneMapFitted(page, CASE);
    // Where the summary is drawn (brace or topic, right of 丁 and 戊): found with taps.
    const b = await phoneNodeBox(page, '丁');
    const c = await phoneNodeBox(page, '戊');
    const y = (b.y + b.height / 2 + c.y + c.height / 2) / 2;
    let at: { x: number; y: number } | null = null;
    for (let x = Math.max(b.x + b.width, c.x + c.width) + 4; !at && x < PHONE.width; x += 6) {
      await fingers.tap(empty);
      await fingers.tap({ x, y });
      await page.waitForTimeout(120);
      if ((await live(page))?.includes('已选中概要')) at = { x: x + 3, y };
    }
    expect(at).not.toBeNull();
    await fingers.tap(empty);
    await expect.poll(() => live(page)).toContain('未选中主题');

    await fingers.longPress(at!);
    const menu = page.getByRole('menu', { name: /^概要菜单：/ });
    await menu.waitFor();
    await page.waitForTimeout(600);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['编辑概要文字F2', '删除概要Delete']);
    await fingers.tap(centre((await menu.getByRole('menuitem', { name: /^编辑概要文字/ }).boundingBox())!));
    await expect.poll(() => page.getByRole('textbox', { name: '编辑主题文字' }).inputValue()).toBe('小结');
    await page.keyboard.press('Escape');
    expect(unexpectedErrors(phone.errors)).toEqual([]);
  });

  it('a tap on a topic with a note shows the note (a finger has no hover: outside walk)', async () => {
    const { page } = phone;
    const empty = await openPhoneMapFitted(page, CASE);
    const d = await phoneNodeBox(page, '丁');
    await fingers.tap(empty);
    const tip = page.getByRole('tooltip', { name: '备注预览' });
    await tip.waitFor({ state: 'detached' });
    await fingers.tap(centre(d));
    await tip.waitFor();
    expect(await tip.textContent()).toBe('丁的备注');
    expect(onScreen(await tip.boundingBox())).toBe(true);
    await fingers.tap(empty);
    await tip.waitFor({ state: 'detached' });
    expect(unexpectedErrors(phone.errors)).toEqual([]);
  });

  it("a line's label field opened near the screen edge is moved into view", async () => {
    const { page } = phone;
    await openPhoneMapFitted(page, CASE);
    const z = parseInt((await phoneZoom(page))!, 10) / 100;
    const curve = screenCurve(await phoneNodeBox(page, '甲'), await phoneNodeBox(page, '丙'), z);
    // A finger pans the line's middle to the left edge of the screen.
    const mid = curve.at(0.5);
    await fingers.drag(mid, { x: 14, y: mid.y });
    await fingers.doubleTap({ x: 14, y: mid.y });
    const label = page.getByRole('textbox', { name: /^关联线标签：甲 → 丙/ });
    await label.waitFor();
    await expect.poll(async () => onScreen(await label.boundingBox())).toBe(true);
    // 16 px, as the topic field: a smaller field makes a phone's browser zoom the page on focus
    expect(await label.evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
    await label.press('Escape');
    expect(unexpectedErrors(phone.errors)).toEqual([]);
  });

  it('what is said names the on-screen actions, not keys a finger does not have', async () => {
    const { page } = phone;
    const empty = await openPhoneMapFitted(page, CASE);
    const z = parseInt((await phoneZoom(page))!, 10) / 100;
    const curve = screenCurve(await phoneNodeBox(page, '甲'), await phoneNodeBox(page, '丙'), z);
    await fingers.tap(empty);
    await fingers.tap(curve.at(0.5));
    await expect.poll(() => live(page)).toContain('已选中关联线：甲 → 丙（前后关系），点按「编辑」修改标签，「删除」删除关联线');
    expect(await live(page)).not.toMatch(/Delete|F2|Esc/);

    await fingers.tap(centre(await phoneNodeBox(page, '乙')));
    await bar(page).getByRole('button', { name: '更多' }).tap();
    await page.getByRole('region', { name: '更多' }).getByRole('button', { name: '关联线', exact: true }).tap();
    await expect.poll(() => live(page)).toContain('点击要关联的主题，点按「取消」结束');
    expect(await live(page)).not.toMatch(/Esc|Enter|方向键/);
    await page.getByRole('button', { name: '取消', exact: true }).tap();
    expect(unexpectedErrors(phone.errors)).toEqual([]);
  });

  it('a read-only version preview names no edit keys for a selected line', async () => {
    const desk = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.touchMenus.loginName);
    try {
      const { page } = desk;
      await openMinder(page, CASE);
      await page.getByRole('button', { name: '历史版本' }).click();
      await page
        .locator('#mind-history-panel')
        .getByRole('button', { name: /^预览 / })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: /的版本（只读）$/ });
      const row = dialog.getByRole('treeitem', { name: /^甲(，|$)/ });
      await row.click();
      await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
      const said = () => dialog.locator('.mind-editor__live').textContent();
      // Alt+L walks to the line: no Delete, no F2 (both are refused here).
      await page.keyboard.press('Alt+l');
      await expect.poll(said).toContain('已选中关联线：甲 → 丙，标签「前后关系」，第 1/1 条，Esc 返回主题');
      expect(await said()).not.toMatch(/Delete|F2/);
      await row.click();
      await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
      // The topic menu's 关联线 → 选择 selects it too, said without edit keys.
      await page.keyboard.press('Shift+F10');
      await page
        .getByRole('menu', { name: '主题菜单' })
        .getByRole('menuitem', { name: /^关联线（1）/ })
        .click();
      await page
        .getByRole('menu', { name: '关联线' })
        .getByRole('menuitem', { name: /^选择：/ })
        .click();
      await expect.poll(said).toContain('已选中关联线：甲 → 丙（前后关系）');
      expect(await said()).not.toMatch(/Delete|F2/);
      // Esc lets go of the line, back to its topic, and leaves the preview open (it closed the
      // whole dialog: outside walk D); a second Esc closes it. The key is pressed once the closing
      // menu has given the focus back to the map, as a person's next key comes (on a loaded
      // machine the key came first and went to the dialog).
      await expect.poll(() => dialog.locator('[data-owns-escape]').evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
      expect(await dialog.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(unexpectedErrors(desk.errors)).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
