import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from './browser';
import { focusOutside, item, mapFocused, nodeBox, openMinder, pasteImport, saved, selectedTexts, tree } from './mindmap-helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from './shell-helpers';
import { E2E_STUDENTS } from './students';

// Items follow the topics (engine/model/item-follow.ts), driven as a student does: deleting the
// first topic of a summary's range leaves the summary over the rest (it used to vanish for good)
// and takes the relationship line from that topic with it, said in the live region, one Ctrl+Z
// bringing all back; Alt+↑ inside the range keeps the summary over the same places.

const MAP = {
  root: {
    data: { id: 'r', text: '中心' },
    children: ['甲', '乙', '丙', '丁'].map((t, i) => ({ data: { id: `n${i}`, text: t }, children: [] })),
  },
  template: 'right',
  theme: 'fresh-blue',
  version: '1.4.43',
  relationships: [{ id: 'l1', from: 'n0', to: 'n3' }],
  summaries: [{ id: 's1', parent: 'r', first: 'n0', last: 'n2', text: '三步' }],
};

const summaryItem = (page: Page, name: string | RegExp) => tree(page).getByRole('treeitem', { name });
const live = (page: Page) => page.locator('.mind-editor__live');

describe('items follow deleted and moved topics', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(inject('baseURL'), E2E_STUDENTS.itemsFollow.loginName);
    await applyForCases(s.page, 'case-04'); // the edited map is saved: that needs an application
  });
  afterAll(async () => s?.close());

  it('Delete on the first topic of a range: the summary stays over the rest, the line goes, said; Ctrl+Z brings all back', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => pasteImport(page, 'km', JSON.stringify(MAP), '丁'));
    await summaryItem(page, '概要：三步（甲 至 丙）').waitFor();

    const a = await nodeBox(page, '甲');
    await focusOutside(page);
    await page.mouse.click(a.x + a.width / 2, a.y + a.height / 2);
    await mapFocused(page);
    await expect.poll(() => selectedTexts(page)).toEqual(['甲']);
    await saved(page, () => page.keyboard.press('Delete'));
    await item(page, '甲').waitFor({ state: 'detached' });
    await summaryItem(page, '概要：三步（乙 至 丙）').waitFor();
    await expect.poll(() => live(page).textContent()).toContain('关联线 1 条随之删除');
    expect(await live(page).textContent()).not.toContain('概要');

    await page.keyboard.press('Control+z');
    await item(page, '甲').waitFor();
    await summaryItem(page, '概要：三步（甲 至 丙）').waitFor();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('Alt+↑ inside the range keeps the places covered; deleting every topic of it takes the summary, said', async () => {
    const { page } = s;
    const c = await nodeBox(page, '丙');
    await focusOutside(page);
    await page.mouse.click(c.x + c.width / 2, c.y + c.height / 2);
    await mapFocused(page);
    await page.keyboard.press('Alt+ArrowUp');
    await summaryItem(page, '概要：三步（甲 至 乙）').waitFor();
    await page.keyboard.press('Alt+ArrowUp');
    await summaryItem(page, '概要：三步（丙 至 乙）').waitFor();

    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => selectedTexts(page)).toEqual(['丙', '甲', '乙']);
    await saved(page, () => page.keyboard.press('Delete'));
    await summaryItem(page, /^概要：/).waitFor({ state: 'detached' });
    await expect.poll(() => live(page).textContent()).toContain('概要「三步」随主题一起删除');
    await page.keyboard.press('Control+z');
    await summaryItem(page, '概要：三步（丙 至 乙）').waitFor();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
