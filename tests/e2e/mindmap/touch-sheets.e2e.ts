import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { applyForCases } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { canvasBox, centre, Fingers, openPhoneSignedIn, selectedRows } from '../touch-helpers';
import { e2eBaseURL } from '../base-url';

// An outside tester's phone defects (375 × 812, touch through CDP): a tap outside the open text
// field commits it (typed or still being composed) and does nothing else; the 大纲 sheet opens on
// the selected row; the 历史版本 sheet has 关闭 and Esc, gives the focus back, stops above the
// action bar, says what 保留当前版本 did and that its times are Beijing time.
// Signs in as 蒋手机 (E2E_STUDENTS.phoneFixes) and edits only that student's map of case-02.

const CASE = 'case-02';
let s: BrowserSession;
let fingers: Fingers;
let cdp: CDPSession;

beforeAll(async () => {
  s = await openPhoneSignedIn(e2eBaseURL(), E2E_STUDENTS.phoneFixes.loginName);
  await applyForCases(s.page, CASE);
  fingers = await Fingers.of(s.page);
  cdp = await s.page.context().newCDPSession(s.page);
});
afterAll(async () => s?.close());

const bar = (page: Page) => page.getByRole('toolbar', { name: '导图操作' });
const openField = (page: Page) => page.locator('.mind-edit:not(.is-armed)');
const rowTexts = (page: Page) => page.locator('.mind-tree [role=treeitem] .mind-tree__text').allTextContents();
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
const panel = (page: Page) => page.locator('#mind-history-panel');

async function openMap(page: Page): Promise<void> {
  await page.goto(`/#/project/minder?caseId=${CASE}`);
  await page.locator('.mind-editor.is-phone[aria-busy="false"]').waitFor();
  await page.locator('.mind-tree [role=treeitem]').first().waitFor({ state: 'attached' });
}

/** The armed keyboard target lies over the selected node: is it inside the canvas? */
async function selectionInView(page: Page): Promise<boolean> {
  await page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
  const c = await canvasBox(page);
  const b = (await page.locator('.mind-edit.is-armed').boundingBox())!;
  return b.x >= c.x - 1 && b.y >= c.y - 1 && b.x + b.width <= c.x + c.width + 1 && b.y + b.height <= c.y + c.height + 1;
}

describe('the map on a phone: text committed by a tap, the 大纲, 历史版本 and 待复习 sheets', () => {
  it('the editor is the whole screen: the site header under it is hidden, its buttons out of the Tab order', async () => {
    const { page } = s;
    await openMap(page);
    // covered only, the header's 菜单 and account were still reached by Tab and read by screen readers
    expect(await page.locator('.site-header__menu-btn').isVisible()).toBe(false);
    expect(await page.locator('.site-footer').isVisible()).toBe(false);
    await page.locator('.mind-page__head').locator('a, button').first().focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.site-header, .site-footer'))).toBe(false);
  });

  it('a tap on empty map space commits the text typed after 下级; the new topic stays selected and in view', async () => {
    const { page } = s;
    await openMap(page);
    await bar(page).getByRole('button', { name: '插入下级主题' }).tap();
    await openField(page).waitFor();
    await page.keyboard.insertText('数据字典');
    const c = await canvasBox(page);
    await fingers.tap({ x: c.x + 12, y: c.y + c.height - 12 });
    await openField(page).waitFor({ state: 'detached' });
    await expect.poll(() => rowTexts(page)).toContain('数据字典');
    // that tap only committed: it did not also clear the selection
    expect(await selectedRows(page)).toEqual(['数据字典']);
    await expect.poll(() => selectionInView(page)).toBe(true);
    // the action bar acts again
    expect(await bar(page).getByRole('button', { name: '插入同级主题' }).isDisabled()).toBe(false);
  });

  it('a tap on another topic commits an IME composition with its text, and keeps the edited topic selected', async () => {
    const { page } = s;
    const parent = (await page.locator('.mind-edit.is-armed').boundingBox())!;
    await bar(page).getByRole('button', { name: '插入同级主题' }).tap();
    await openField(page).waitFor();
    await cdp.send('Input.imeSetComposition', { text: 'shuju', selectionStart: 5, selectionEnd: 5 });
    await cdp.send('Input.imeSetComposition', { text: '数据', selectionStart: 2, selectionEnd: 2 });
    await fingers.tap(centre(parent));
    await openField(page).waitFor({ state: 'detached' });
    await expect.poll(() => rowTexts(page)).toContain('数据');
    expect(await selectedRows(page)).toEqual(['数据']);
    // nothing of the composition was typed again into the armed field (no new edit opened)
    await page.waitForTimeout(200);
    expect(await openField(page).count()).toBe(0);
    await expect.poll(() => selectionInView(page)).toBe(true);
  });

  it('大纲 opens on the selected row (in view, focused); its expand buttons are ≥ 44 px', async () => {
    const { page } = s;
    const sheet = page.getByRole('region', { name: '大纲' });
    const outlineButton = bar(page).getByRole('button', { name: '大纲' });
    await outlineButton.tap();
    // the last row of the map, far down the list
    const last = sheet.getByRole('treeitem').last();
    const lastText = (await last.locator('.mind-tree__text').textContent())!;
    await last.tap();
    await expect.poll(() => selectedRows(page)).toEqual([lastText]);
    // the list back at its top, then the sheet closed and opened again
    await sheet.evaluate((el) => el.querySelectorAll('*').forEach((e) => (e.scrollTop = 0)));
    await sheet.getByRole('button', { name: '关闭' }).tap();
    await sheet.waitFor({ state: 'hidden' });
    await outlineButton.tap();
    const row = sheet.locator('[role=treeitem][aria-selected=true]');
    const body = (await sheet.locator('.mind-sheet__body').boundingBox())!;
    const r = (await row.boundingBox())!;
    expect(r.y).toBeGreaterThanOrEqual(body.y - 1);
    expect(r.y + r.height).toBeLessThanOrEqual(body.y + body.height + 1);
    expect(await row.evaluate((el) => el === document.activeElement)).toBe(true);
    for (const t of await sheet.locator('.mind-tree__toggle').all()) {
      const b = (await t.boundingBox())!;
      expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
    }
    await sheet.getByRole('button', { name: '关闭' }).tap();
    await sheet.waitFor({ state: 'hidden' });
  });

  it('历史版本: 关闭 and Esc close it and give the focus back; it stops above the action bar', async () => {
    const { page } = s;
    const opener = page.getByRole('button', { name: '历史版本' });
    await opener.tap();
    const close = panel(page).getByRole('button', { name: '关闭' });
    await close.waitFor();
    expect(await focusedText(page)).toBe('关闭');
    const p = (await panel(page).boundingBox())!;
    const b = (await bar(page).boundingBox())!;
    expect(p.y + p.height).toBeLessThanOrEqual(b.y + 1);
    await close.tap();
    await panel(page).waitFor({ state: 'hidden' });
    expect(await focusedText(page)).toBe('历史版本');
    await opener.tap();
    await close.waitFor();
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'hidden' });
    expect(await focusedText(page)).toBe('历史版本');
  });

  it('待复习: 关闭 and Esc close it and give the focus back; it stops above the action bar', async () => {
    const { page } = s;
    const review = page.locator('#mind-review-panel');
    const opener = page.getByRole('button', { name: /^待复习 \d+$/ });
    await opener.tap();
    const close = review.getByRole('button', { name: '关闭' });
    await close.waitFor();
    const p = (await review.boundingBox())!;
    const b = (await bar(page).boundingBox())!;
    expect(p.y + p.height).toBeLessThanOrEqual(b.y + 1);
    await close.tap();
    await review.waitFor({ state: 'hidden' });
    expect(await focusedText(page)).toMatch(/^待复习 \d+$/);
    await opener.tap();
    await close.waitFor();
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'hidden' });
    expect(await focusedText(page)).toMatch(/^待复习 \d+$/);
  });

  it('保留当前版本 says what it kept and when, then that nothing new needs keeping; times are said to be Beijing time', async () => {
    const { page } = s;
    await page.getByRole('button', { name: '历史版本' }).tap();
    await panel(page).getByText('时间为北京时间').waitFor();
    const keep = panel(page).getByRole('button', { name: '保留当前版本' });
    const said = panel(page).locator('.mind-history__kept');
    await keep.tap();
    await expect.poll(() => said.textContent()).toMatch(/^已保留当前版本（\d\d-\d\d \d\d:\d\d:\d\d）$/);
    const kept = panel(page).locator('[aria-current=true]');
    await kept.getByText('已保留').waitFor();
    await expect.poll(() => keep.isDisabled()).toBe(false);
    await keep.tap();
    await expect.poll(() => said.textContent()).toBe('当前版本已保留，无需重复保留');
  });
});
