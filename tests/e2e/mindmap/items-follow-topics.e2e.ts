import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { clickNode, focusOutside, item, mapFocused, markLearnt, nodeBox, openMinder, pasteImport, saved, selectedTexts, tree } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { pageApi } from '../study-helpers';
import { e2eBaseURL } from '../base-url';

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

// A branch to move: 甲 holds 甲一 and 甲二 under the summary 两点, 甲一 has a line to 丙一 and 乙
// one to 甲.
const BRANCH_MAP = {
  root: {
    data: { id: 'r', text: '搬家' },
    children: [
      {
        data: { id: 'a', text: '甲' },
        children: [
          { data: { id: 'a1', text: '甲一' }, children: [] },
          { data: { id: 'a2', text: '甲二' }, children: [] },
        ],
      },
      { data: { id: 'b', text: '乙' }, children: [] },
      { data: { id: 'c', text: '丙' }, children: [{ data: { id: 'c1', text: '丙一' }, children: [] }] },
    ],
  },
  template: 'right',
  theme: 'fresh-blue',
  version: '1.4.43',
  relationships: [
    { id: 'l1', from: 'a1', to: 'c1', title: '导致' },
    { id: 'l2', from: 'b', to: 'a' },
  ],
  summaries: [{ id: 's1', parent: 'a', first: 'a1', last: 'a2', text: '两点' }],
};

const summaryItem = (page: Page, name: string | RegExp) => tree(page).getByRole('treeitem', { name });
const live = (page: Page) => page.locator('.mind-editor__live');

describe('items follow deleted and moved topics', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.itemsFollow.loginName);
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

  it('Ctrl+X on a branch, Ctrl+V on another topic: the branch moves with its summary, its lines and its review card (outside walk D)', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => pasteImport(page, 'km', JSON.stringify(BRANCH_MAP), '丙一'));
    await summaryItem(page, '概要：两点（甲一 至 甲二）').waitFor();
    const described = (text: string) => item(page, text).first().getAttribute('aria-description');

    // 甲 learnt: its review card is made on save
    await markLearnt(page, '甲');
    const due = async () => (await pageApi<{ due: string[] }>(page, '/api/course/review/mapNodes?caseId=case-04')).due;
    await expect.poll(due).toEqual(['a']);

    await clickNode(page, '甲');
    await saved(page, () => page.keyboard.press('Control+x'));
    await item(page, '甲').waitFor({ state: 'detached' });
    await expect.poll(() => live(page).textContent()).toContain('关联线 2 条随主题剪切，粘贴后恢复');

    await clickNode(page, '丙');
    await saved(page, () => page.keyboard.press('Control+v'));
    await expect.poll(() => item(page, '甲').getAttribute('aria-level')).toBe('3');
    await summaryItem(page, '概要：两点（甲一 至 甲二）').waitFor();
    await expect.poll(() => described('甲一')).toMatch(/^关联到：丙一（导致）/);
    await expect.poll(() => described('乙')).toMatch(/^关联到：甲/);
    // the same topic came back (its id kept): the card saved with the map is still due
    await expect.poll(due).toEqual(['a']);
    expect(await item(page, '甲').getAttribute('aria-label')).toContain('待复习');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
