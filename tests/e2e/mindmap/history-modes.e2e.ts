import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { clickNode, editField, mapFocused, nodePoint, openMinder, outline, saveState, tree } from './helpers';
import { applyForCases, openSignedIn } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// History modes driven from the canvas (issue 16 item 3): one text edit is one undo step however
// many keys were typed; a drag is one undo step; a view change (collapse) between an undo and
// its redo keeps the redo. Signs in as 周导图 (E2E_STUDENTS.kityminderWalk), who applies for
// prac-03 and edits his own map of it; no other file uses this student with prac-03.

const CASE = 'prac-03';

/** [text, level] of every row of the outline tree, in order. */
const rows = (page: Page) =>
  tree(page)
    .getByRole('treeitem')
    .evaluateAll((els) => els.map((e) => [e.querySelector('.mind-tree__text')?.textContent ?? '', e.getAttribute('aria-level')] as const));

const undo = (page: Page) => page.keyboard.press('Control+z');
const redo = (page: Page) => page.keyboard.press('Control+y');

describe('history modes on the canvas', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.kityminderWalk.loginName);
    await applyForCases(s.page, CASE);
  });
  afterAll(async () => s?.close());

  it('a text edit typed key by key is one undo step; collapsing between undo and redo keeps the redo', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    const before = await outline(page);
    const node = before[1];
    await clickNode(page, node);
    await page.keyboard.press('F2');
    await editField(page).waitFor();
    await page.keyboard.type('逐字输入的标题', { delay: 30 });
    await page.keyboard.press('Enter');
    await expect.poll(() => outline(page)).toContain('逐字输入的标题');
    await mapFocused(page);
    await undo(page);
    await expect.poll(() => outline(page)).toEqual(before);
    // A view change (collapse the root's first branch) is no undo step and keeps the redo.
    await clickNode(page, node);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await outline(page)).length).toBeLessThan(before.length);
    await redo(page);
    await expect.poll(() => outline(page)).toContain('逐字输入的标题');
    await undo(page);
    await expect.poll(() => outline(page)).toContain(node);
  });

  it('a drag on the canvas is one undo step', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await clickNode(page, (await outline(page))[0]);
    await page.keyboard.press('Alt+Backquote'); // everything expanded (a view change: no undo step)
    // (the expansion reaches the tree a moment later: read it once the level-4 points show)
    await expect.poll(async () => (await rows(page)).some(([, l]) => l === '4')).toBe(true);
    // ...and all of it: no folded row left (a snapshot taken half-way compared unequal after undo).
    await expect.poll(() => page.locator('[role=treeitem][aria-expanded=false]').count()).toBe(0);
    const before = await rows(page);
    // A level-3 node dragged onto a level-2 branch that is not its parent.
    const leafAt = before.findIndex(([, l]) => l === '3');
    const leaf = before[leafAt][0];
    const parentAt = before.slice(0, leafAt).findLastIndex(([, l]) => l === '2');
    const target = before.find(([, l], i) => l === '2' && i !== parentAt)![0];
    // At 50 % the whole map is in view: finding the second node does not pan the first away.
    await page.keyboard.press('Control+-');
    await page.keyboard.press('Control+-');
    let to = await nodePoint(page, target);
    let from = await nodePoint(page, leaf);
    // Selecting a node off screen pans to it: read both again until the view holds still.
    await expect
      .poll(async () => {
        const again = await nodePoint(page, target);
        const same = again.x === to.x && again.y === to.y;
        [to, from] = [again, await nodePoint(page, leaf)];
        return same;
      })
      .toBe(true);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 20, { steps: 3 });
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => rows(page)).not.toEqual(before);
    const moved = await rows(page);
    const at = moved.findIndex(([t]) => t === leaf);
    expect(moved.slice(0, at).findLast(([, l]) => l === '2')?.[0]).toBe(target);
    await mapFocused(page);
    await undo(page);
    await expect.poll(() => rows(page)).toEqual(before);
    await redo(page);
    await expect.poll(() => rows(page)).toEqual(moved);
  });

  it('a new topic titled, deleted, then Ctrl+Z while its first save is answered: it comes back with its title, and that is what is saved', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await expect.poll(() => saveState(page).textContent()).toBe('已保存');
    const before = await outline(page);
    // saved once before (a map never saved is saved whole first, by another call)
    await clickNode(page, before[1]);
    await page.keyboard.press('F2');
    await editField(page).waitFor();
    await page.keyboard.insertText('（先存一次）');
    await page.keyboard.press('Enter');
    await expect.poll(() => saveState(page).textContent(), { timeout: 20_000 }).toBe('已保存');
    await undo(page);
    await expect.poll(() => outline(page)).toEqual(before);
    await expect.poll(() => saveState(page).textContent(), { timeout: 20_000 }).toBe('已保存');
    // The first save (the new topic, before its title is confirmed) is answered only after the
    // delete: the walk's second between keys, made certain.
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const held = page.waitForRequest((r) => /\/mindStudent\/saveChanges\b/.test(r.url()));
    await page.route(
      /\/mindStudent\/saveChanges\b/,
      async (route) => {
        await gate;
        await route.continue();
      },
      { times: 1 },
    );
    await clickNode(page, before[1]);
    await page.keyboard.press('Tab');
    await editField(page).waitFor();
    await held;
    await page.keyboard.insertText('撤销删除后的标题');
    await page.keyboard.press('Enter');
    await expect.poll(() => outline(page)).toContain('撤销删除后的标题');
    await mapFocused(page);
    await page.keyboard.press('Delete');
    await expect.poll(() => outline(page)).not.toContain('撤销删除后的标题');
    open();
    await expect.poll(() => saveState(page).textContent(), { timeout: 20_000 }).toBe('已保存');
    await undo(page);
    await expect.poll(() => outline(page)).toContain('撤销删除后的标题');
    expect(await outline(page)).not.toContain('分支主题');
    await expect.poll(() => saveState(page).textContent(), { timeout: 20_000 }).toBe('已保存');
    await page.reload();
    await openMinder(page, CASE);
    const after = await outline(page);
    expect(after).toContain('撤销删除后的标题');
    expect(after).not.toContain('分支主题');
  });
});
