import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { clickNode, item, mapFocused, openMinder, tree } from './helpers';
import { applyForCases, openSignedIn } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// The outline tree of a 50 000-node map, virtualised by scroll position: the mouse wheel reaches
// the last row (the old tree stopped 150 rows past the selection), keys reach it too and the
// focus stays on the selected row wherever the tree is scrolled. Signs in as
// E2E_STUDENTS.touchMap and replaces that student's map of case-03 (no other file uses it).

const CASE = 'case-03';
const BRANCHES = 250;
const LEAVES = 199; // 1 + 250 × 200 − 1 (the first branch has one leaf fewer) = 50 000 nodes, the most a map may hold
let s: BrowserSession;

beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.touchMap.loginName);
  await applyForCases(s.page, CASE);
});
afterAll(async () => s?.close());

/** The tree's scroll state and the rows in the DOM. */
const treeView = (page: Page) =>
  tree(page).evaluate((t) => ({
    top: t.scrollTop,
    max: t.scrollHeight - t.clientHeight,
    rows: t.querySelectorAll('[role=treeitem]').length,
    focused: document.activeElement?.closest('[role=treeitem]')?.getAttribute('data-id') ?? '',
    focusedText: document.activeElement?.closest('[role=treeitem]')?.querySelector('.mind-tree__text')?.textContent ?? '',
  }));

/** Is the row fully inside the tree's visible box? */
const rowVisible = (page: Page, text: string) =>
  tree(page).evaluate((t, name) => {
    const row = [...t.querySelectorAll('[role=treeitem]')].find((r) => r.querySelector('.mind-tree__text')?.textContent === name);
    if (!row) return false;
    const a = t.getBoundingClientRect();
    const b = row.getBoundingClientRect();
    return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
  }, text);

describe('the outline tree of a 50k-node map', () => {
  it('scrolls to the end with the wheel and with keys, keeping the focus on the selected row', { timeout: 180_000 }, async () => {
    const { page } = s;
    await openMinder(page, CASE);
    const lines = ['大图'];
    for (let b = 0; b < BRANCHES; b++) {
      lines.push(`\t分支${b}`);
      for (let l = 0; l < (b === 0 ? LEAVES - 1 : LEAVES); l++) lines.push(`\t\t叶${b}-${l}`);
    }
    // imported from a file (an outline of 50 000 lines, as Notepad would save it)
    await page.getByRole('button', { name: '导入 / 导出' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: /从文件导入/ }).click();
    await (await chooser).setFiles({ name: '大图.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) });
    await item(page, '分支0').waitFor({ timeout: 60_000 });
    expect((await treeView(page)).rows).toBeLessThan(120);

    // into the tree by keyboard (F6: toolbar, F6: tree) on the root's row
    await clickNode(page, '大图');
    await mapFocused(page);
    await page.keyboard.press('F6');
    await page.keyboard.press('F6');
    await expect.poll(async () => (await treeView(page)).focusedText).toBe('大图');

    // the wheel scrolls all the way down; the focused row stays mounted and focused
    await tree(page).hover();
    for (let i = 0; i < 400 && (await treeView(page)).top < (await treeView(page)).max - 1; i++) await page.mouse.wheel(0, 20_000);
    await expect.poll(() => rowVisible(page, `叶${BRANCHES - 1}-${LEAVES - 1}`)).toBe(true);
    const end = await treeView(page);
    expect(end.rows).toBeLessThan(120);
    expect(end.focusedText).toBe('大图');
    const last = item(page, `叶${BRANCHES - 1}-${LEAVES - 1}`);
    expect(await last.getAttribute('aria-level')).toBe('3');
    expect(await last.getAttribute('aria-posinset')).toBe(String(LEAVES));
    expect(await last.getAttribute('aria-setsize')).toBe(String(LEAVES));

    // Home scrolls back up to the root's row; End to the last row; arrows follow; focus always on the selection
    await page.keyboard.press('Home');
    await expect.poll(() => rowVisible(page, '大图')).toBe(true);
    await page.keyboard.press('End');
    await expect.poll(() => rowVisible(page, `叶${BRANCHES - 1}-${LEAVES - 1}`)).toBe(true);
    await expect.poll(async () => (await treeView(page)).focusedText).toBe(`叶${BRANCHES - 1}-${LEAVES - 1}`);
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await treeView(page)).focusedText).toBe(`叶${BRANCHES - 1}-${LEAVES - 2}`);
    expect(await rowVisible(page, `叶${BRANCHES - 1}-${LEAVES - 2}`)).toBe(true);
    // the middle, by wheel back up from the end: the focused row is still the selected one
    for (let i = 0; i < 100; i++) await page.mouse.wheel(0, -20_000);
    await expect.poll(async () => (await treeView(page)).top).toBeLessThan(end.max / 2);
    expect((await treeView(page)).focusedText).toBe(`叶${BRANCHES - 1}-${LEAVES - 2}`);
  });
});
