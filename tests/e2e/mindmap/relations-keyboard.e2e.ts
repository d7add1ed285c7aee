import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { autoCurvePoints, clickNode, item, mapFocused, openMinder, outline, pasteImport, saved, selectedTexts } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// Relationship lines (关联线) reached without the node menu: Alt+L walks the selected topic's
// lines (the whole map's when it has none) and Delete / F2 / Shift+F10 / Esc act on the line;
// and the line's own context menu opened by a right click on its curve on the canvas.

/** The map's topics, child → parent (what an automatic curve keeps clear of). */
const TOPICS = { 线键: null, 甲: '线键', 乙: '线键', 丙: '线键', 丁: '线键' };
const live = (page: Page) => page.locator('.mind-editor__live').textContent();
const described = (page: Page, text: string) => item(page, text).first().getAttribute('aria-description');

const MAP = {
  root: {
    data: { id: 'k0', text: '线键' },
    children: [{ data: { id: 'k1', text: '甲' } }, { data: { id: 'k2', text: '乙' } }, { data: { id: 'k3', text: '丙' } }, { data: { id: 'k4', text: '丁' } }],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
  relationships: [
    { id: 'l1', from: 'k1', to: 'k2', title: '因果' },
    { id: 'l2', from: 'k3', to: 'k1' },
    { id: 'l3', from: 'k2', to: 'k4' },
  ],
};

/** Pixels of the selected line's blue (its handles and thicker stroke) in a 24 px square around `p`. */
async function selectedBlueAround(page: Page, p: { x: number; y: number }): Promise<number> {
  const png = PNG.sync.read(await page.screenshot({ clip: { x: p.x - 12, y: p.y - 12, width: 24, height: 24 } }));
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4)
    if (Math.abs(png.data[i] - 0x16) < 30 && Math.abs(png.data[i + 1] - 0x77) < 30 && Math.abs(png.data[i + 2] - 0xff) < 30) n++;
  return n;
}

describe('relationship lines from the keyboard and their menu on the canvas', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.lineKeys.loginName);
    await applyForCases(s.page, 'case-04');
  });
  afterAll(async () => s?.close());

  it('Alt+L walks the topic’s lines, then the map’s; Delete, F2, Shift+F10 and Esc act on the line', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => pasteImport(page, 'km', JSON.stringify(MAP), '丁'));
    // Told in the tree and in the map's key hint.
    await expect.poll(() => described(page, '甲')).toBe('关联到：乙（因果）；来自：丙，按 Alt+L 逐条选择');
    const { handle } = await autoCurvePoints(page, '甲', '乙', TOPICS);
    await clickNode(page, '甲');
    await mapFocused(page);
    const hint = await page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-describedby');
      return id ? document.getElementById(id)?.textContent : null;
    });
    expect(hint).toContain('Alt+L 逐条选择关联线');
    expect(await selectedBlueAround(page, handle)).toBe(0);

    await page.keyboard.press('Alt+l');
    await expect.poll(() => live(page)).toContain('已选中关联线：甲 → 乙，标签「因果」，第 1/2 条');
    // The line alone is selected, drawn selected (its handles show) and named on the keyboard target.
    expect(await selectedTexts(page)).toEqual([]);
    await expect.poll(() => selectedBlueAround(page, handle)).toBeGreaterThan(10);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('思维导图，已选中关联线：甲 → 乙（因果）');
    await page.keyboard.press('Alt+l');
    await expect.poll(() => live(page)).toContain('已选中关联线：丙 → 甲，第 2/2 条');
    await page.keyboard.press('Alt+l');
    await expect.poll(() => live(page)).toContain('已选中关联线：甲 → 乙，标签「因果」，第 1/2 条');

    // F2 edits its label, as after a click on the curve.
    await page.keyboard.press('F2');
    const label = page.getByRole('textbox', { name: /^关联线标签：甲 → 乙/ });
    await label.fill('原因');
    await saved(page, () => label.press('Enter'));
    await expect.poll(() => described(page, '甲')).toBe('关联到：乙（原因）；来自：丙，按 Alt+L 逐条选择');
    // Shift+F10 opens the line's own menu; Esc closes it.
    await mapFocused(page);
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: '关联线菜单：甲 → 乙（原因）' });
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await mapFocused(page);
    // Esc goes back to the topic the walk started from.
    await page.keyboard.press('Escape');
    await expect.poll(() => selectedTexts(page)).toEqual(['甲']);
    await expect.poll(() => selectedBlueAround(page, handle)).toBe(0);

    // Delete removes the line reached by Alt+L (not the topic), and 甲 is selected again; Ctrl+Z brings it back.
    await page.keyboard.press('Alt+l');
    await expect.poll(() => live(page)).toContain('第 1/2 条');
    await saved(page, () => page.keyboard.press('Delete'));
    await expect.poll(() => described(page, '甲')).toBe('来自：丙，按 Alt+L 逐条选择');
    await expect.poll(() => selectedTexts(page)).toEqual(['甲']);
    await saved(page, () => page.keyboard.press('Control+z'));
    await expect.poll(() => described(page, '甲')).toBe('关联到：乙（原因）；来自：丙，按 Alt+L 逐条选择');

    // A topic without lines: the whole map's, one after another.
    await clickNode(page, '线键');
    await mapFocused(page);
    await page.keyboard.press('Alt+l');
    await expect.poll(() => live(page)).toContain('第 1/3 条（全图）');
    await page.keyboard.press('Escape');
    await expect.poll(() => selectedTexts(page)).toEqual(['线键']);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('a right click on the curve opens the line’s menu: 编辑标签 and 删除, each undone by Ctrl+Z', async () => {
    const { page } = s;
    const { mid } = await autoCurvePoints(page, '丙', '甲', TOPICS);
    await page.mouse.click(mid.x, mid.y, { button: 'right' });
    const menu = page.getByRole('menu', { name: '关联线菜单：丙 → 甲' });
    await menu.getByRole('menuitem', { name: /编辑标签/ }).click();
    const label = page.getByRole('textbox', { name: /^关联线标签：丙 → 甲/ });
    await label.fill('先后');
    await saved(page, () => label.press('Enter'));
    await expect.poll(() => described(page, '丙')).toBe('关联到：甲（先后），按 Alt+L 逐条选择');

    await page.mouse.click(mid.x, mid.y, { button: 'right' });
    await saved(page, () => page.getByRole('menu', { name: '关联线菜单：丙 → 甲（先后）' }).getByRole('menuitem', { name: /删除/ }).click());
    await expect.poll(() => live(page)).toContain('已删除关联线');
    await expect.poll(() => described(page, '丙')).toBeNull();
    // The topics under and around the line are untouched.
    await expect.poll(() => outline(page)).toEqual(['线键', '甲', '乙', '丙', '丁']);

    await mapFocused(page);
    await saved(page, () => page.keyboard.press('Control+z'));
    await expect.poll(() => described(page, '丙')).toBe('关联到：甲（先后），按 Alt+L 逐条选择');
    await saved(page, () => page.keyboard.press('Control+z'));
    await expect.poll(() => described(page, '丙')).toBe('关联到：甲，按 Alt+L 逐条选择');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('a line clicked on the canvas lets go when a tree row is chosen: Delete then removes the topic, not the line (outside walk)', async () => {
    const { page } = s;
    const { mid } = await autoCurvePoints(page, '乙', '丁', TOPICS);
    await page.mouse.click(mid.x, mid.y);
    await expect.poll(() => live(page)).toContain('已选中关联线：乙 → 丁');
    await item(page, '丙').click();
    await expect.poll(() => selectedTexts(page)).toEqual(['丙']);
    await mapFocused(page);
    await saved(page, () => page.keyboard.press('Delete'));
    await expect.poll(() => outline(page)).toEqual(['线键', '甲', '乙', '丁']);
    expect(await described(page, '乙')).toContain('关联到：丁');
    await saved(page, () => page.keyboard.press('Control+z'));
    await expect.poll(() => outline(page)).toEqual(['线键', '甲', '乙', '丙', '丁']);
    // a line clicked and deleted: the topic it starts from is selected, as after Alt+L (not the root)
    await page.mouse.click(mid.x, mid.y);
    await expect.poll(() => live(page)).toContain('已选中关联线：乙 → 丁');
    await saved(page, () => page.keyboard.press('Delete'));
    await expect.poll(async () => (await described(page, '乙')) ?? '').not.toContain('关联到：丁');
    await expect.poll(() => selectedTexts(page)).toEqual(['乙']);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
