import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newSession, type BrowserSession } from './browser';
import { editField } from './mindmap/helpers';
import { applyForCases, hashOf, readCaptcha, toastWith, unexpectedErrors, watchCanvasText } from './shell-helpers';
import { E2E_STUDENTS } from './students';
import { centre, Fingers, phoneNodeBox, phoneZoom, PHONE } from './touch-helpers';
import { e2eBaseURL } from './base-url';

// The "phone student" walk of issue 17, at 375 × 812 with touch only (taps, pinch, long press):
// log in, sign up for a course and play a section, open a case's study map, pinch to 50 %, long
// press a node and mark it learnt, add a child typed in Chinese with an IME, undo, open the
// outline sheet, leave. Signs in as E2E_STUDENTS.phoneWalk (its own student): signs it up for
// course-03 and case-04 and saves its map of case-04.

const COURSE = 'course-03';
const CASE = 'case-04';
let s: BrowserSession;
let fingers: Fingers;

beforeAll(async () => {
  s = await newSession({ baseURL: e2eBaseURL(), viewport: PHONE, hasTouch: true, isMobile: true });
  await watchCanvasText(s.context);
  fingers = await Fingers.of(s.page);
});
afterAll(async () => s?.close());

const bar = (page: Page) => page.getByRole('toolbar', { name: '导图操作' });
const rows = (page: Page) => page.locator('.mind-tree [role=treeitem]');
const live = (page: Page) => page.locator('.mind-editor__live').textContent();

describe('a student on a phone', () => {
  it('logs in, plays a course section, studies a case map with touch, and leaves', async () => {
    const { page } = s;
    await page.goto('/');
    await page.getByRole('button', { name: '学生登录' }).first().tap();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByLabel('手机号').fill(E2E_STUDENTS.phoneWalk.loginName);
    await dialog.getByLabel('密码', { exact: true }).fill('Xuetu2026');
    await dialog.getByLabel('验证码', { exact: true }).fill(await readCaptcha(page));
    await dialog.getByRole('button', { name: '登录' }).tap();
    await dialog.waitFor({ state: 'detached' });

    // a course: sign up, start, play the first section
    await page.goto(`/#/course/detail?id=${COURSE}`);
    await page.getByRole('button', { name: '立即报名' }).tap();
    await toastWith(page, '报名成功').waitFor();
    await page.getByRole('button', { name: '开始学习' }).tap();
    await expect.poll(() => hashOf(page)).toContain(`courseId=${COURSE}`);
    await page.getByRole('button', { name: '播放视频' }).tap();
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(1);

    // the case's study map, from the case page
    await applyForCases(page, CASE);
    await page.goto(`/#/project/detail?id=${CASE}`);
    await page.getByRole('link', { name: '我的学习导图' }).tap();
    await page.locator('.mind-editor.is-phone[aria-busy="false"]').waitFor();
    await rows(page).first().waitFor({ state: 'attached' });

    // pinch to 50 %
    const canvas = (await page.locator('.mind-editor__canvas canvas').boundingBox())!;
    const mid = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };
    const z0 = parseInt((await phoneZoom(page))!, 10) / 100;
    await fingers.pinch(mid, 200, (200 * 0.5) / z0);
    await expect.poll(() => phoneZoom(page)).toBe('50%');

    // long press a branch: its menu; 标记已学
    const branch = (await page.locator('.mind-tree [role=treeitem][aria-level="2"] .mind-tree__text').first().textContent())!;
    const box = await phoneNodeBox(page, branch);
    await fingers.tap({ x: canvas.x + 8, y: canvas.y + 8 });
    await fingers.longPress(centre(box));
    const menu = page.getByRole('menu', { name: '主题菜单' });
    await menu.getByRole('menuitem', { name: '标记已学' }).tap();
    await expect
      .poll(() => page.locator('.mind-tree [role=treeitem][aria-selected=true]').getAttribute('aria-label'))
      .toMatch(new RegExp(`^${branch}，(.+，)?已学`));
    await expect.poll(() => live(page)).toContain('已标记已学');

    // a child, typed in Chinese through an IME; then undo the typing
    await bar(page).getByRole('button', { name: '插入下级主题' }).tap();
    await editField(page).waitFor();
    const cdp = await s.context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'xuexi', selectionStart: 5, selectionEnd: 5 });
    await cdp.send('Input.imeSetComposition', { text: '学习', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.insertText', { text: '学习笔记' });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.mind-tree [role=treeitem][aria-selected=true] .mind-tree__text').textContent()).toBe('学习笔记');
    expect(await page.locator('.mind-tree [role=treeitem][aria-selected=true]').getAttribute('aria-level')).toBe('3');
    await bar(page).getByRole('button', { name: '撤销' }).tap();
    await expect.poll(() => page.locator('.mind-tree [role=treeitem][aria-selected=true] .mind-tree__text').textContent()).toBe('分支主题');
    await expect.poll(() => live(page)).toContain('已撤销');

    // the outline sheet
    await bar(page).getByRole('button', { name: '大纲' }).tap();
    const sheet = page.getByRole('region', { name: '大纲' });
    await sheet.getByRole('treeitem', { name: new RegExp(`^${branch}，(.+，)?已学`) }).waitFor();
    const sheetBox = (await sheet.boundingBox())!;
    expect(sheetBox.y + sheetBox.height).toBeLessThanOrEqual(PHONE.height);
    expect(sheetBox.width).toBeGreaterThanOrEqual(PHONE.width - 2);
    await sheet.getByRole('button', { name: '关闭' }).tap();

    // leave: back to the case; the map was saved on the way out
    const save = page.waitForResponse((r) => /\/mindStudent\/save(StuMind|Changes)\b/.test(r.url()));
    await page.getByRole('link', { name: '返回案例' }).tap();
    await expect.poll(() => hashOf(page)).toBe(`#/project/detail?id=${CASE}`);
    expect(((await (await save).json()) as { resultCode: number }).resultCode).toBe(200);
    expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
