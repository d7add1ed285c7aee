import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import type { BrowserSession } from '../browser';
import { clickNode, editField, item, mapFocused, nodeBox, openMinder, outline, selectedTexts, tree } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { e2eBaseURL } from '../base-url';

// kityminder's keys and the editor's view/edit details (issue 15 items 12, 15, 17), driven from
// the canvas. prac-04 (used by no other flow): 文件与目录 and 权限与用户 on the right of the
// root, 进程与脚本 on the left.

const CASE = 'prac-04';
const ROOT = 'Linux命令行实训';

const rowCount = (page: Page) => tree(page).getByRole('treeitem').count();
const levelOf = (page: Page, name: string) => item(page, name).getAttribute('aria-level');
const canvasBox = async (page: Page) => (await page.locator('.mind-editor__canvas canvas').boundingBox())!;

/**
 * The drag ghost as painted: the box (page px) of its outline's colour (the marquee's blue, not the
 * selection's) and how many dark (text) pixels lie inside it; null when no ghost is drawn.
 */
async function ghostOnCanvas(page: Page): Promise<{ x: number; y: number; w: number; h: number; text: number } | null> {
  const canvas = page.locator('.mind-editor__canvas canvas');
  const at = (await canvas.boundingBox())!;
  const { width, height, data } = PNG.sync.read(await canvas.screenshot());
  const near = (i: number, [r, g, b]: number[], tol: number) =>
    Math.abs(data[i] - r) <= tol && Math.abs(data[i + 1] - g) <= tol && Math.abs(data[i + 2] - b) <= tol;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (near((y * width + x) * 4, [0x1f, 0x6f, 0xeb], 6)) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  if (x1 < 0) return null;
  let text = 0;
  for (let y = y0 + 2; y < y1 - 1; y++)
    for (let x = x0 + 2; x < x1 - 1; x++)
      if (data[(y * width + x) * 4] < 0xa0 && data[(y * width + x) * 4 + 1] < 0xa0 && data[(y * width + x) * 4 + 2] < 0xa0) text++;
  return { x: at.x + x0, y: at.y + y0, w: x1 - x0 + 1, h: y1 - y0 + 1, text };
}

describe('kityminder keys', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL());
    await applyForCases(s.page, CASE); // saving needs an application to the case
  });
  afterAll(async () => s?.close());

  it('arrows move as on screen on both sides; Home/End; Ctrl+A; Alt+↑/↓; Insert; Alt+1…5 and Alt+`', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await clickNode(page, ROOT);
    // ← from the root goes to the left branch, and further ← away from the root; → comes back.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => selectedTexts(page)).toEqual(['进程与脚本']);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => levelOf(page, (await selectedTexts(page))[0]!)).toBe('3');
    expect(await item(page, '进程与脚本').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => selectedTexts(page)).toEqual(['进程与脚本']);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => selectedTexts(page)).toEqual([ROOT]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => ['文件与目录', '权限与用户'].includes((await selectedTexts(page))[0]!)).toBe(true);

    // Home / End: first and last node of the outline.
    const all = await outline(page);
    await page.keyboard.press('End');
    await expect.poll(() => selectedTexts(page)).toEqual([all[all.length - 1]]);
    await page.keyboard.press('Home');
    await expect.poll(() => selectedTexts(page)).toEqual([ROOT]);

    // Ctrl+A selects every node.
    await page.keyboard.press('Control+a');
    await expect.poll(async () => (await selectedTexts(page)).length).toBe(all.length);

    // Alt+↑ / Alt+↓ reorder siblings.
    await clickNode(page, '文件操作');
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(async () => (await outline(page)).indexOf('文件操作') < (await outline(page)).indexOf('路径与导航')).toBe(true);
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(async () => (await outline(page)).indexOf('文件操作') > (await outline(page)).indexOf('路径与导航')).toBe(true);

    // Insert adds a child (edited in place).
    await clickNode(page, 'sudo');
    await page.keyboard.press('Insert');
    await editField(page).waitFor();
    await page.keyboard.type('visudo');
    await page.keyboard.press('Enter');
    await expect.poll(() => levelOf(page, 'visudo')).toBe('4');

    // Alt+1: the root and its children only; Alt+`: everything; the toolbar offers the same.
    await page.keyboard.press('Alt+1');
    await expect.poll(() => rowCount(page)).toBe(4);
    await page.keyboard.press('Alt+`');
    await expect.poll(() => rowCount(page)).toBe(all.length + 1);
    await page.keyboard.press('Alt+2');
    await expect.poll(() => item(page, 'visudo').count()).toBe(0);
    expect(await item(page, 'sudo').count()).toBe(1);
    await page.getByRole('combobox', { name: '展开' }).selectOption({ label: '展开全部节点（Alt+`）' });
    await item(page, 'visudo').waitFor();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('Delete selects the next sibling, then the previous one, then the parent; never the root', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await clickNode(page, '用户与组');
    await page.keyboard.press('Delete');
    await expect.poll(() => selectedTexts(page)).toEqual(['sudo']);
    await page.keyboard.press('Delete');
    await expect.poll(() => selectedTexts(page)).toEqual(['权限模型']);
    await page.keyboard.press('Delete');
    await expect.poll(() => selectedTexts(page)).toEqual(['权限与用户']);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await item(page, '用户与组').waitFor();
  });

  it('style controls show the theme’s values and set colour, background, size, bold and italic', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await clickNode(page, '进程管理');
    const size = page.getByRole('combobox', { name: '字号' });
    const color = page.getByLabel('字体颜色');
    const themeSize = await size.inputValue();
    const themeColor = await color.inputValue();
    expect(Number(themeSize)).toBeGreaterThan(9);
    expect(themeColor).toMatch(/^#[0-9a-f]{6}$/);
    await size.selectOption('24');
    await expect.poll(() => size.inputValue()).toBe('24');
    await color.fill('#c00000');
    await expect.poll(() => color.inputValue()).toBe('#c00000');
    await page.getByLabel('背景颜色').fill('#ffeeaa');
    await expect.poll(() => page.getByLabel('背景颜色').inputValue()).toBe('#ffeeaa');
    // A colour chosen: the focus is back on the map, Ctrl+I reaches it.
    await mapFocused(page);
    await page.keyboard.press('Control+i');
    await expect.poll(() => page.getByRole('button', { name: /^斜体/ }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: '默认样式' }).click();
    await expect.poll(() => size.inputValue()).toBe(themeSize);
    await expect.poll(() => color.inputValue()).toBe(themeColor);
    expect(await page.getByRole('button', { name: /^斜体/ }).getAttribute('aria-pressed')).toBe('false');
    // The pointer used the toolbar: keys still reach the map.
    await mapFocused(page);
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await selectedTexts(page))[0]).not.toBe('进程管理');
  });

  it('double click on empty canvas recentres on the root; a drag shows a ghost following the pointer', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    const c = await canvasBox(page);
    // Pan far away by dragging empty space (the top-left corner is empty), then double click there.
    await page.mouse.move(c.x + 8, c.y + 8);
    await page.mouse.down();
    await page.mouse.move(c.x + 300, c.y + 250, { steps: 5 });
    await page.mouse.up();
    await page.mouse.click(c.x + c.width / 2, c.y + c.height / 2);
    await expect.poll(() => selectedTexts(page)).not.toEqual([ROOT]);
    await page.mouse.dblclick(c.x + 8, c.y + 8);
    await page.mouse.click(c.x + c.width / 2, c.y + c.height / 2);
    await expect.poll(() => selectedTexts(page)).toEqual([ROOT]);

    // Drag 管道与重定向: after 10 px a ghost (a box of the node's size with its text, drawn on the
    // canvas) follows the pointer; released on empty space it goes and nothing moves.
    const node = await nodeBox(page, '管道与重定向');
    const from = { x: node.x + node.width / 2, y: node.y + node.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + 30, { steps: 3 });
    await expect.poll(() => ghostOnCanvas(page)).not.toBeNull();
    const g1 = (await ghostOnCanvas(page))!;
    // grabbed where the drag began: the box (and its 1 px of outline outside it) moved with the pointer
    expect(Math.abs(g1.x - (node.x + 30 - 1))).toBeLessThanOrEqual(2);
    expect(Math.abs(g1.y - (node.y + 30 - 1))).toBeLessThanOrEqual(2);
    expect(Math.abs(g1.w - (node.width + 2))).toBeLessThanOrEqual(3);
    expect(Math.abs(g1.h - (node.height + 2))).toBeLessThanOrEqual(3);
    expect(g1.text).toBeGreaterThan(20); // the node's text, dark on the ghost's light box
    await page.mouse.move(from.x + 90, from.y + 70, { steps: 3 });
    await expect.poll(async () => (await ghostOnCanvas(page))?.x ?? null).toBe(g1.x + 60);
    expect((await ghostOnCanvas(page))!.y).toBe(g1.y + 40);
    await page.mouse.move(c.x + 8, c.y + c.height - 8, { steps: 3 });
    await page.mouse.up();
    await expect.poll(() => ghostOnCanvas(page)).toBeNull();
    expect(await levelOf(page, '管道与重定向')).toBe('3');
  });

  it('the edit field sits on the node’s text (not on its priority badge), readable at 25 %, inside the canvas at 200 %', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    // Without and with a priority badge: the field starts that much further right.
    // (The keyboard target, armed again after Esc, sits at the node's left edge; F2 may have
    // panned the view to fit the field, so it is read after.)
    const offset = async () => {
      await page.keyboard.press('F2');
      const field = (await editField(page).boundingBox())!;
      await page.keyboard.press('Escape');
      await editField(page).waitFor({ state: 'detached' });
      const node = (await page.locator('.mind-edit.is-armed').boundingBox())!;
      return field.x - node.x;
    };
    await clickNode(page, '查找与过滤');
    const plain = await offset();
    await page.keyboard.press('Control+1');
    await item(page, /^查找与过滤，优先级1/).waitFor();
    const badged = await offset();
    expect(badged - plain).toBeGreaterThan(14);

    // 25 %: the node text is tiny, the field is not.
    // (down to the end of the ladder: a map opens at a zoom that depends on its size)
    const out = page.getByRole('button', { name: '缩小' });
    while (!(await out.isDisabled())) await out.click();
    await expect.poll(() => page.getByRole('status', { name: '缩放比例' }).textContent()).toBe('25%');
    // (the last click disabled 缩小: its press hands the focus back to the map, where F2 goes)
    await mapFocused(page);
    await page.keyboard.press('F2');
    expect(parseFloat(await editField(page).evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(13);
    await page.keyboard.press('Escape');

    // 200 %: every field opens inside the canvas, never over the outline panel.
    const zoomIn = page.getByRole('button', { name: '放大' });
    while (!(await zoomIn.isDisabled())) await zoomIn.click();
    await expect.poll(() => page.getByRole('status', { name: '缩放比例' }).textContent()).toBe('200%');
    const c = await canvasBox(page);
    const panel = (await page.getByRole('complementary', { name: '大纲' }).boundingBox())!;
    for (const name of ['路径与导航', '进程管理', ROOT, '管道与重定向']) {
      await item(page, name).click();
      await page.keyboard.press('F2');
      const f = (await editField(page).boundingBox())!;
      expect(f.x).toBeGreaterThanOrEqual(c.x);
      expect(f.y).toBeGreaterThanOrEqual(c.y);
      expect(f.x + f.width).toBeLessThanOrEqual(Math.min(c.x + c.width, panel.x));
      expect(f.y + f.height).toBeLessThanOrEqual(c.y + c.height);
      await page.keyboard.press('Escape');
    }
  });
});
