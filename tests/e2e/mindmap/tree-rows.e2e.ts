import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { item, mapFocused, nodeBox, openMinder, selectedTexts, tree } from './helpers';
import { openSignedIn, unexpectedErrors } from '../shell-helpers';
import { e2eBaseURL } from '../base-url';

// The outline tree beside the canvas and the canvas's fold buttons, as a new student meets them
// on case-01 (我的学习导图 and 知识点详情): titles readable beside their badges, the tree's arrow
// acting on its own row, and a fold on the canvas that leaves the clicked node where it was.

let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL());
});
afterAll(async () => s?.close());

/** Rows whose title is cut (ellipsed, squeezed to nothing, or outside the panel), and the panel's sideways overflow. */
async function treeLayout(page: Page): Promise<{ rows: number; cut: string[]; overflow: number }> {
  return page.evaluate(() => {
    const panel = document.querySelector<HTMLElement>('.mind-editor__outline')!;
    const right = panel.getBoundingClientRect().left + panel.clientWidth;
    const titles = [...panel.querySelectorAll<HTMLElement>('[role=treeitem] .mind-tree__text')];
    const cut = titles
      .filter((t) => {
        const r = t.getBoundingClientRect();
        return r.width < 1 || t.scrollWidth > t.clientWidth + 1 || r.right > right + 1;
      })
      .map((t) => t.textContent ?? '');
    return { rows: titles.length, cut, overflow: panel.scrollWidth - panel.clientWidth };
  });
}

describe('outline tree rows', () => {
  it('shows every title in full beside its badges, with no sideways scrolling (editor)', async () => {
    await openMinder(s.page, 'case-01');
    const layout = await treeLayout(s.page);
    expect(layout.rows).toBeGreaterThan(10);
    expect(layout.cut).toEqual([]);
    expect(layout.overflow).toBeLessThanOrEqual(0);
    // the row the walk found empty: its title is there and visible
    expect((await item(s.page, '总体架构').locator('.mind-tree__text').boundingBox())!.width).toBeGreaterThan(20);
  });

  it('shows every title in full beside its badges, with no sideways scrolling (知识点详情)', async () => {
    await s.page.goto('/#/project/mindDetail?caseId=case-01');
    await s.page.locator('.mind-editor[aria-busy="false"]').waitFor();
    await item(s.page, /^.+/).first().waitFor();
    const layout = await treeLayout(s.page);
    expect(layout.rows).toBeGreaterThan(10);
    expect(layout.cut).toEqual([]);
    expect(layout.overflow).toBeLessThanOrEqual(0);
  });
});

describe('outline tree arrow', () => {
  it('selects the row it folds and hands the focus to the map', async () => {
    await openMinder(s.page, 'case-01');
    await item(s.page, '用户调研').click();
    await expect.poll(() => selectedTexts(s.page)).toEqual(['用户调研']);
    const row = item(s.page, '系统设计');
    await row.getByRole('button', { name: '收起' }).click();
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => selectedTexts(s.page)).toEqual(['系统设计']);
    await mapFocused(s.page);
    await row.getByRole('button', { name: '展开' }).click();
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('true');
    expect(await selectedTexts(s.page)).toEqual(['系统设计']);
  });
});

describe('outline tree keys and scrolling', () => {
  it('← / → on a row move through the tree (fold, parent; unfold, first child) whatever side of the map the topic is on', async () => {
    const { page } = s;
    await openMinder(page, 'case-01');
    const rows = tree(page).locator('[role=treeitem][aria-level="2"]');
    for (const name of ['需求分析', '测试与部署']) {
      const row = item(page, name);
      await row.click();
      await row.focus();
      expect(await row.getAttribute('aria-expanded')).toBe('true');
      const first = (await tree(page)
        .locator('[role=treeitem]')
        .evaluateAll((els, n) => {
          const i = els.findIndex((e) => e.querySelector('.mind-tree__text')?.textContent === n);
          return els[i + 1].querySelector('.mind-tree__text')!.textContent;
        }, name))!;
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => row.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => selectedTexts(page)).toEqual(['校园二手交易平台']);
      await row.click();
      await row.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => row.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => selectedTexts(page)).toEqual([first]);
    }
    expect(await rows.count()).toBeGreaterThan(3);
    // ↑ / ↓: the row above and below, whatever the map's layout puts nearer on screen
    const texts = await tree(page)
      .locator('[role=treeitem] .mind-tree__text')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    const at = texts.indexOf('用例建模');
    const row = item(page, '用例建模');
    await row.click();
    await row.focus();
    for (const k of [1, 2, 3]) {
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => selectedTexts(page)).toEqual([texts[at + k]]);
    }
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => selectedTexts(page)).toEqual([texts[at + 2]]);
  });

  it('a topic selected on the canvas has its row scrolled into view in the tree', async () => {
    const { page } = s;
    await openMinder(page, 'case-01');
    const root = await nodeBox(page, '校园二手交易平台');
    const centre = { x: root.x + root.width / 2, y: root.y + root.height / 2 };
    // Ctrl+click takes it out of the selection (the camera stays where it is)
    await page.keyboard.down('Control');
    await page.mouse.click(centre.x, centre.y);
    await page.keyboard.up('Control');
    await expect.poll(() => selectedTexts(page)).toEqual([]);
    const panel = tree(page);
    const scrollable = await panel.evaluate((t) => {
      t.scrollTop = t.scrollHeight;
      return t.scrollHeight > t.clientHeight + 40;
    });
    expect(scrollable, 'the tree scrolls at this size').toBe(true);
    await page.mouse.click(centre.x, centre.y);
    await expect.poll(() => selectedTexts(page)).toEqual(['校园二手交易平台']);
    await expect
      .poll(async () => {
        const [r, t] = [await item(page, '校园二手交易平台').boundingBox(), await panel.boundingBox()];
        return r!.y >= t!.y - 1 && r!.y + r!.height <= t!.y + t!.height + 1;
      })
      .toBe(true);
  });
});

describe('fold button on the canvas', () => {
  const zoomOf = async (page: Page) => Number((await page.getByRole('status', { name: '缩放比例' }).textContent())!.replace('%', '')) / 100;

  it('keeps the folded node under the pointer: a second click at the same point unfolds it', async () => {
    await openMinder(s.page, 'case-01');
    const row = item(s.page, '需求分析');
    expect(await row.getAttribute('aria-expanded')).toBe('true');
    const root = await nodeBox(s.page, '校园二手交易平台');
    const b = await nodeBox(s.page, '需求分析');
    const zoom = await zoomOf(s.page);
    // The − button (radius 6, 2 px gap) sits beside the box, away from the root.
    const right = b.x + b.width / 2 > root.x + root.width / 2;
    const point = { x: right ? b.x + b.width + 8 * zoom : b.x - 8 * zoom, y: b.y + b.height / 2 };
    await s.page.mouse.click(point.x, point.y);
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('false');
    // Collapsed: the count button (radius 9) over the same point.
    await s.page.mouse.click(point.x, point.y);
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('true');
    // and the node is still where it was clicked
    const after = await nodeBox(s.page, '需求分析');
    expect(Math.abs(after.y - b.y)).toBeLessThan(2);
    expect(Math.abs(after.x - b.x)).toBeLessThan(2);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
