import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { editField } from './helpers';
import { applyForCases, unexpectedErrors } from '../shell-helpers';
import { pageApi } from '../study-helpers';
import { E2E_STUDENTS } from '../students';
import { canvasBox, centre, Fingers, openPhoneSignedIn, phoneNodeBox, phoneZoom, PHONE, selectedRows } from '../touch-helpers';
import { e2eBaseURL } from '../base-url';

// The study map on a phone (375 × 812, touch through CDP): full-screen canvas and the action bar,
// one-finger pan, pinch zoom settling on the 25-200 % ladder, tap / double tap / long press /
// long-press drag on canvas nodes, the node menu, the outline sheet, a 16 px edit field.
// Signs in as E2E_STUDENTS.touchMap and edits (and saves) only that student's map of case-02.

const CASE = 'case-02';
/** The smallest labels of the map's theme (fresh-blue topics). */
const SUB_TOPIC_PX = 12;
let s: BrowserSession;
let fingers: Fingers;

beforeAll(async () => {
  s = await openPhoneSignedIn(e2eBaseURL(), E2E_STUDENTS.touchMap.loginName);
  await applyForCases(s.page, CASE);
  fingers = await Fingers.of(s.page);
});
afterAll(async () => s?.close());

const bar = (page: Page) => page.getByRole('toolbar', { name: '导图操作' });
const rowTexts = (page: Page) => page.locator('.mind-tree [role=treeitem] .mind-tree__text').allTextContents();
/** Titles of the level-2 nodes (the root's children). */
const branchTexts = (page: Page) => page.locator('.mind-tree [role=treeitem][aria-level="2"] .mind-tree__text').allTextContents();
const levelOf = (page: Page, text: string) =>
  page
    .locator('.mind-tree [role=treeitem]', { has: page.locator('.mind-tree__text', { hasText: new RegExp(`^${text}$`) }) })
    .first()
    .getAttribute('aria-level');
const pageScale = (page: Page) => page.evaluate(() => window.visualViewport?.scale ?? 1);

async function openMap(page: Page): Promise<void> {
  await page.goto(`/#/project/minder?caseId=${CASE}`);
  await page.locator('.mind-editor.is-phone[aria-busy="false"]').waitFor();
  await page.locator('.mind-tree [role=treeitem]').first().waitFor({ state: 'attached' });
}

describe('the study map on a phone', () => {
  it('opens on the node being studied: centred, selected (the action bar acts on it), labels ≥ 12 px', async () => {
    // A resource of the map's last topic opened (not finished): that topic is the student's 正在学 node.
    const res = await pageApi<{ nodeId: string }>(s.page, `/api/course/studyResourceFile/getResourceByUUId?uuid=${CASE}-r12`);
    await pageApi(s.page, '/api/course/caseRecord/addRecord', { caseId: CASE, nodeId: res.nodeId, resourceId: `${CASE}-r12`, isStudy: '0' });
    const nodes = await pageApi<Array<{ nodeId: string; text: string; isNow: number }>>(
      s.page,
      `/api/course/mindDetails/queryNodeBasicByStudentId?caseId=${CASE}`,
    );
    const now = nodes.find((n) => n.nodeId === res.nodeId)!;
    expect(now.isNow).toBe(1);
    await openMap(s.page);
    await expect.poll(() => selectedRows(s.page)).toEqual([now.text]);
    // centred: the canvas's middle lies on the node (the map's keyboard target sits over it)
    const c = await canvasBox(s.page);
    await s.page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
    const b = (await s.page.locator('.mind-edit.is-armed').boundingBox())!;
    const mid = centre(c);
    expect(mid.x).toBeGreaterThanOrEqual(b.x - 2);
    expect(mid.x).toBeLessThanOrEqual(b.x + b.width + 2);
    expect(mid.y).toBeGreaterThanOrEqual(b.y - 2);
    expect(mid.y).toBeLessThanOrEqual(b.y + b.height + 2);
    // readable at once: the smallest labels (12 px topics) at the opening zoom are ≥ 12 px
    expect((parseInt((await phoneZoom(s.page))!, 10) / 100) * SUB_TOPIC_PX).toBeGreaterThanOrEqual(12);
    // 下级 adds under the node in view, not under the root out of sight
    await bar(s.page).getByRole('button', { name: '插入下级主题' }).tap();
    await editField(s.page).waitFor();
    await s.page.keyboard.press('Enter');
    await expect.poll(() => s.page.locator('.mind-tree [role=treeitem][aria-selected=true]').getAttribute('aria-level')).toBe('4');
    // the new node sits among the children of the node in view
    const rows = await s.page
      .locator('.mind-tree [role=treeitem]')
      .evaluateAll((els) => els.map((e) => [e.querySelector('.mind-tree__text')?.textContent ?? '', Number(e.getAttribute('aria-level'))] as const));
    const at = rows.findIndex(([t]) => t === now.text);
    const end = rows.findIndex(([, l], i) => i > at && l <= rows[at][1]);
    expect(rows.slice(at + 1, end < 0 ? undefined : end).map(([t]) => t)).toContain('分支主题');
    await bar(s.page).getByRole('button', { name: '撤销' }).tap();
    await expect.poll(async () => (await rowTexts(s.page)).includes('分支主题')).toBe(false);
  });

  it('fills the screen with the canvas, the action bar within thumb reach, every control ≥ 44 px', async () => {
    await openMap(s.page);
    const c = await canvasBox(s.page);
    expect(c.width).toBeGreaterThanOrEqual(PHONE.width - 2);
    expect(c.height).toBeGreaterThan(PHONE.height * 0.7);
    // every link and button of the page head is on screen (知识点详情, 返回案例: no hidden sideways row)
    const head = await s.page
      .locator('.mind-page__head')
      .locator('a, button')
      .evaluateAll((els) => els.map((e) => [e.textContent, e.getBoundingClientRect().right]));
    expect(head.length).toBeGreaterThanOrEqual(3);
    for (const [name, right] of head) expect(right, `${name} on screen`).toBeLessThanOrEqual(PHONE.width);
    // no desktop toolbar or outline column beside the canvas
    expect(await s.page.locator('.mind-editor__outline').count()).toBe(0);
    expect(await s.page.getByRole('toolbar', { name: '导图工具栏' }).count()).toBe(0);
    const buttons = bar(s.page).getByRole('button');
    expect(await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')))).toEqual([
      '插入下级主题',
      '插入同级主题',
      '编辑文字',
      '删除',
      '撤销',
      '重做',
      '大纲',
      '更多',
    ]);
    const boxes = await buttons.evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect()).map((r) => ({ h: r.height, w: r.width, bottom: r.bottom })));
    for (const b of boxes) {
      expect(b.h).toBeGreaterThanOrEqual(44);
      expect(b.w).toBeGreaterThanOrEqual(40);
      expect(b.bottom).toBeGreaterThan(PHONE.height - 60);
    }
    // 更多 opens the rest of the toolbar as a bottom sheet
    await bar(s.page).getByRole('button', { name: '更多' }).tap();
    const more = s.page.getByRole('region', { name: '更多' });
    await more.getByRole('toolbar', { name: '导图工具栏' }).getByRole('button', { name: '查找' }).waitFor();
    await more.getByRole('button', { name: '关闭' }).tap();
    await more.waitFor({ state: 'hidden' });
  });

  it('taps select, one finger pans, two fingers pinch to 50 % and the page itself never zooms', async () => {
    await openMap(s.page);
    const [root, first] = await rowTexts(s.page);
    const b = await phoneNodeBox(s.page, first);
    // a tap on empty canvas clears the selection, a tap on the node selects it again
    const c = await canvasBox(s.page);
    await fingers.tap({ x: c.x + 6, y: c.y + c.height - 6 });
    await expect.poll(() => selectedRows(s.page)).toEqual([]);
    // the topic buttons greyed out say why, above the bar (taps go through the hint to the map)
    const hint = s.page.getByText('先点选一个主题，再添加、编辑或删除');
    await hint.waitFor();
    await fingers.tap(centre(b));
    await expect.poll(() => selectedRows(s.page)).toEqual([first]);
    await hint.waitFor({ state: 'detached' });

    // one finger on the node (not held) pans the map: the node moves with the finger, and a
    // tap where it went selects it
    const to = { x: centre(b).x - 60, y: centre(b).y + 40 };
    await fingers.drag(centre(b), to);
    await fingers.tap({ x: c.x + 6, y: c.y + c.height - 6 });
    await expect.poll(() => selectedRows(s.page)).toEqual([]);
    await fingers.tap(to);
    await expect.poll(() => selectedRows(s.page)).toEqual([first]);

    // fingers 200 px apart closing to the distance that halves the zoom the map opened with … to 50 %
    const z0 = parseInt((await phoneZoom(s.page))!, 10) / 100;
    await fingers.pinch({ x: c.x + c.width / 2, y: c.y + c.height / 2 }, 200, (200 * 0.5) / z0);
    await expect.poll(() => phoneZoom(s.page)).toBe('50%');
    await fingers.pinch({ x: c.x + c.width / 2, y: c.y + c.height / 2 }, 100, 400);
    await expect.poll(() => phoneZoom(s.page)).toBe('200%');
    await fingers.pinch({ x: c.x + c.width / 2, y: c.y + c.height / 2 }, 300, 20);
    await expect.poll(() => phoneZoom(s.page)).toBe('25%');
    expect(await pageScale(s.page)).toBe(1);
    expect(root).toBeTruthy();
  });

  it("the read-only map's top buttons keep the page margin from the screen's edges (issue 31.13)", async () => {
    const { page } = s;
    await page.goto(`/#/project/mindDetail?caseId=${CASE}`);
    await page.locator('.mind-editor.is-phone[aria-busy="false"]').waitFor();
    const boxes = await page
      .locator('.mind-page__head')
      .locator('a, button')
      .evaluateAll((els) =>
        els.map((e) => ({ name: e.textContent, ...e.getBoundingClientRect().toJSON() }) as { name: string; left: number; right: number; top: number }),
      );
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    for (const b of boxes) {
      expect(b.left, b.name).toBeGreaterThanOrEqual(8);
      expect(b.right, b.name).toBeLessThanOrEqual(PHONE.width - 8);
      expect(b.top, b.name).toBeGreaterThanOrEqual(4);
    }
  });

  it('long press opens the node menu (标记已学 is said), long press then drag moves a node', async () => {
    await openMap(s.page);
    const [, second] = await branchTexts(s.page);
    const b = await phoneNodeBox(s.page, second);
    await fingers.tap({ x: 10, y: (await canvasBox(s.page)).y + 10 });
    const before = await rowTexts(s.page);
    await fingers.longPress(centre(b));
    const menu = s.page.getByRole('menu', { name: '主题菜单' });
    await menu.waitFor();
    expect(await selectedRows(s.page)).toEqual([second]);
    // The click the browser sends for the lifted finger must not pick the item now under it (上移).
    await s.page.waitForTimeout(600);
    expect(await menu.isVisible()).toBe(true);
    expect(await rowTexts(s.page)).toEqual(before);
    expect(await s.page.locator('.mind-editor__live').textContent()).not.toMatch(/已上移|已下移/);
    for (const name of ['标记已学', '标记正在学', '链接', '备注', '图片', '删除']) await menu.getByRole('menuitem', { name }).waitFor();
    const h = (await menu.getByRole('menuitem', { name: '标记已学' }).boundingBox())!.height;
    expect(h).toBeGreaterThanOrEqual(44);
    await menu.getByRole('menuitem', { name: '标记已学' }).tap();
    await expect.poll(() => s.page.locator(`.mind-tree [role=treeitem][aria-selected=true]`).getAttribute('aria-label')).toMatch(/，已学/);
    await expect.poll(() => s.page.locator('.mind-editor__live').textContent()).toContain('已标记已学');

    // long press on a topic (level 3), then drag it onto the root: it becomes a branch (level 2);
    // at 25 % both are in view (at the opening 100 % showing one scrolls the other away)
    const c = await canvasBox(s.page);
    await fingers.pinch(centre(c), 300, 20);
    await expect.poll(() => phoneZoom(s.page)).toBe('25%');
    const [root] = await rowTexts(s.page);
    const topic = (await s.page.locator('.mind-tree [role=treeitem][aria-level="3"] .mind-tree__text').first().textContent())!;
    // boxes read while the view stays put (selecting a row may scroll the map to it)
    let target = await phoneNodeBox(s.page, root);
    let from = await phoneNodeBox(s.page, topic);
    for (;;) {
      const [t2, f2] = [await phoneNodeBox(s.page, root), await phoneNodeBox(s.page, topic)];
      if (JSON.stringify([t2, f2]) === JSON.stringify([target, from])) break;
      [target, from] = [t2, f2];
    }
    // a brisk drag, then 撤销 tapped at once: the finger left the map still moving, and the
    // browser's fling after such a drag swallowed the next tap's click (the undo did nothing)
    await fingers.drag(centre(from), centre(target), { holdMs: 700, steps: 6 });
    await bar(s.page).getByRole('button', { name: '撤销' }).tap();
    await expect.poll(() => s.page.locator('.mind-editor__live').textContent()).toContain('已撤销');
    expect(await levelOf(s.page, topic)).toBe('3');
    // what was undone was the move: redo makes it a branch again, undo a topic
    await bar(s.page).getByRole('button', { name: '重做' }).tap();
    await expect.poll(() => levelOf(s.page, topic)).toBe('2');
    await bar(s.page).getByRole('button', { name: '撤销' }).tap();
    await expect.poll(() => levelOf(s.page, topic)).toBe('3');
  });

  it('long press then drag onto the selected node (where the keyboard field lies): a drop the depth rule refuses is said, not silent', async () => {
    // Outside walk: a topic with sub-topics dropped on the selected 正在学 topic lit the target up,
    // then nothing moved and nothing was said (the depth rule refused it; the alert never showed).
    await openMap(s.page);
    const [target] = await selectedRows(s.page);
    const rows = await s.page
      .locator('.mind-tree [role=treeitem]')
      .evaluateAll((els) => els.map((e) => [e.querySelector('.mind-tree__text')?.textContent ?? '', Number(e.getAttribute('aria-level'))] as const));
    const at = rows.findIndex(([t]) => t === target);
    const level = rows[at][1];
    // a sibling of the selected topic, with sub-topics of its own
    const siblingAt = (step: number) => {
      for (let i = at + step; i >= 0 && i < rows.length && rows[i][1] >= level; i += step) if (rows[i][1] === level) return i;
      return -1;
    };
    const si = siblingAt(1) >= 0 ? siblingAt(1) : siblingAt(-1);
    const sibling = rows[si][0];
    expect(rows[si + 1][1]).toBe(level + 1);
    const alerts: string[] = [];
    s.page.on('dialog', (d) => void (alerts.push(d.message()), d.accept()));
    const drag = async (text: string) => {
      let from = await phoneNodeBox(s.page, text);
      let to = await phoneNodeBox(s.page, target);
      for (;;) {
        const [f2, t2] = [await phoneNodeBox(s.page, text), await phoneNodeBox(s.page, target)];
        if (JSON.stringify([f2, t2]) === JSON.stringify([from, to])) break;
        [from, to] = [f2, t2];
      }
      expect(await selectedRows(s.page)).toEqual([target]);
      await fingers.drag(centre(from), centre(to), { holdMs: 700, steps: 8 });
    };
    await drag(sibling);
    await expect.poll(() => s.page.locator('.mind-editor__live').textContent()).toContain('未移动：不能插入4级主题以下的节点');
    expect(alerts).toEqual(['不能插入4级主题以下的节点']);
    expect(await levelOf(s.page, sibling)).toBe(String(level));
  });

  it('double tap edits in a 16 px field (no page zoom); the action bar adds a child typed with an IME', async () => {
    await openMap(s.page);
    const [, first] = await rowTexts(s.page);
    const b = await phoneNodeBox(s.page, first);
    await fingers.doubleTap(centre(b));
    await editField(s.page).waitFor();
    expect(await editField(s.page).inputValue()).toBe(first);
    expect(parseFloat(await editField(s.page).evaluate((t) => getComputedStyle(t).fontSize))).toBeGreaterThanOrEqual(16);
    await s.page.keyboard.press('Escape');
    await editField(s.page).waitFor({ state: 'hidden' });

    await bar(s.page).getByRole('button', { name: '插入下级主题' }).tap();
    await editField(s.page).waitFor();
    const cdp = await s.context.newCDPSession(s.page);
    await cdp.send('Input.imeSetComposition', { text: 'shou', selectionStart: 4, selectionEnd: 4 });
    await cdp.send('Input.imeSetComposition', { text: '手机', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.insertText', { text: '手机' });
    await s.page.keyboard.press('Enter');
    await expect.poll(() => rowTexts(s.page)).toContain('手机');
    await expect.poll(() => s.page.locator('.mind-editor__live').textContent()).toContain('已修改为：手机');
    expect(await pageScale(s.page)).toBe(1);
    await bar(s.page).getByRole('button', { name: '撤销' }).tap();
    await expect.poll(() => rowTexts(s.page)).toContain('分支主题');
    await bar(s.page).getByRole('button', { name: '撤销' }).tap();
    await expect.poll(async () => (await rowTexts(s.page)).includes('分支主题')).toBe(false);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
