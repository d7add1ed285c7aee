import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from './browser';
import { seriousViolations } from './axe';
import { toastWith, unexpectedErrors } from './shell-helpers';
import { E2E_STUDENTS } from './students';
import { centre, Fingers, openPhoneMapFitted, openPhoneSignedIn, PHONE, phoneNodeBox, saveMapAtDesk } from './touch-helpers';
import { e2eBaseURL } from './base-url';

// 回忆练习 and mastery on a phone (375 × 812, touch through CDP): a long press on a branch opens
// 回忆练习 from the topic menu, the sheet takes the whole width, 核对 and 完成 grade the branch,
// then the tree says each topic's mastery and the branch's 掌握 N/M, 下一步 changes, and the
// 掌握度 view fits the screen; axe clean throughout.
// Signs in as E2E_STUDENTS.recallPhone, who applies for case-03; no other file uses that student.

const CASE = 'case-03';
const MAP = {
  root: {
    data: { id: 'p0', text: '复习提纲' },
    children: [
      { data: { id: 'p1', text: '数据结构' }, children: ['栈', '队列', '链表'].map((text, i) => ({ data: { id: `p1${i}`, text } })) },
      { data: { id: 'p2', text: '算法' } },
    ],
  },
  template: 'right',
  theme: 'fresh-blue',
  version: '1.4.43',
};

const row = (s: BrowserSession, text: string) =>
  s.page.locator('.mind-tree [role=treeitem]', { has: s.page.locator('.mind-tree__text', { hasText: new RegExp(`^${text}$`) }) }).first();

describe('recall and mastery on a phone', () => {
  let phone: BrowserSession;
  let fingers: Fingers;
  beforeAll(async () => {
    phone = await openPhoneSignedIn(e2eBaseURL(), E2E_STUDENTS.recallPhone.loginName);
    fingers = await Fingers.of(phone.page);
  });
  afterAll(async () => {
    if (phone) expect(unexpectedErrors(phone.errors)).toEqual([]);
    await phone?.close();
  });

  it('long press → 回忆练习, 核对, 完成: mastery in the tree, 下一步 changes, the 掌握度 view fits', { timeout: 180_000 }, async () => {
    // The map is made at the desk (paste import), then opened on the phone.
    await saveMapAtDesk(e2eBaseURL(), E2E_STUDENTS.recallPhone.loginName, CASE, MAP, '算法');
    const { page } = phone;
    const empty = await openPhoneMapFitted(page, CASE);
    const nextStep = page.getByRole('region', { name: '下一步' });
    await expect.poll(() => nextStep.textContent()).toMatch(/是下一个还没学的知识点。/);

    const b = await phoneNodeBox(page, '数据结构');
    await fingers.tap(empty);
    await fingers.longPress(centre(b));
    const menu = page.getByRole('menu', { name: '主题菜单' });
    await menu.waitFor();
    await page.waitForTimeout(600); // the click of the lifted finger goes to the menu first
    await menu.getByRole('menuitem', { name: /^回忆练习/ }).tap();

    const dialog = page.getByRole('dialog', { name: '回忆练习：数据结构' });
    await dialog.waitFor();
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(PHONE.width);
    await dialog.getByRole('textbox', { name: '回忆的内容' }).tap();
    await page.keyboard.insertText('栈');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('队列');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: '核对' }).tap();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('想起 2 / 3 个主题');
    await dialog.getByRole('button', { name: '完成', exact: true }).tap();
    await toastWith(page, '回忆练习已记录：想起 2/3 个主题').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The tree (the 大纲 sheet's rows) says the levels and the roll-up.
    await expect.poll(async () => (await row(phone, '数据结构').getAttribute('aria-label')) ?? '').toMatch(/掌握 0\/3/);
    expect(await row(phone, '栈').getAttribute('aria-label')).toMatch(/掌握度：(学过|熟悉)/);
    expect(await row(phone, '链表').getAttribute('aria-label')).not.toMatch(/掌握度/);
    // The missed topic comes back within minutes: that is the next step now.
    await expect.poll(() => nextStep.textContent()).toMatch(/有 1 个主题几分钟内到期/);

    // The 掌握度 view: its panel fits the phone's width and says what fades.
    await page.getByRole('button', { name: '掌握度' }).tap();
    const panel = page.getByRole('region', { name: '掌握度' });
    await expect.poll(() => panel.getByRole('status').textContent()).toMatch(/^没有正在遗忘的分支。/);
    const box = (await panel.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
