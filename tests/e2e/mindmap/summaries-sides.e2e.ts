import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { editField, focusOutside, nodeBox, openMinder, pasteImport, saved, selectedTexts, tree } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// A summary (概要) over topics on both sides of the mind template's root has no side to be drawn
// on: the editor refuses it with the reason, shown and said, from the keyboard (Ctrl+]) and the
// toolbar alike — before, it was added invisible and only undo could take it away. A run on one
// side (the left here) is still summarised.

const MAP = {
  root: {
    data: { id: 'r', text: '中心' },
    children: ['甲', '乙', '丙', '丁'].map((t, i) => ({ data: { id: `n${i}`, text: t }, children: [] })),
  },
  template: 'default', // 甲 乙 right of the root, 丙 丁 left
  theme: 'fresh-blue',
  version: '1.4.43',
};
const REASON = '概要不能跨越中心主题的左右两侧：请只选择同一侧的主题';

const summaries = (page: Page) => tree(page).getByRole('treeitem', { name: /^概要：/ });
const live = (page: Page) => page.locator('.mind-editor__live');

/** Clicks `a` then Shift-clicks `b` on the canvas. */
async function pickTwo(page: Page, a: string, b: string): Promise<void> {
  const ba = await nodeBox(page, a);
  const bb = await nodeBox(page, b);
  await focusOutside(page);
  await page.mouse.click(ba.x + ba.width / 2, ba.y + ba.height / 2);
  await page.keyboard.down('Shift');
  await page.mouse.click(bb.x + bb.width / 2, bb.y + bb.height / 2);
  await page.keyboard.up('Shift');
  await expect.poll(() => selectedTexts(page)).toEqual([a, b]);
}

describe('summaries across the two sides of the root', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.summariesSides.loginName);
    await applyForCases(s.page, 'case-04');
  });
  afterAll(async () => s?.close());

  it('Ctrl+] and the toolbar 概要 refuse 乙 + 丙 (right and left) with the reason; 丙 + 丁 on the left get one', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => pasteImport(page, 'km', JSON.stringify(MAP), '丁'));
    const b = await nodeBox(page, '乙');
    const c = await nodeBox(page, '丙');
    expect(b.x).toBeGreaterThan(c.x + c.width); // (the two sides, as drawn)

    await pickTwo(page, '乙', '丙');
    await page.keyboard.press('Control+]');
    await page.getByText(REASON).first().waitFor();
    await expect.poll(() => live(page).textContent()).toContain(REASON);
    expect(await summaries(page).count()).toBe(0);
    expect(await editField(page).count()).toBe(0);

    // The toolbar button says the same (a new announcement: counted as it is added) and adds nothing.
    await page.evaluate((reason) => {
      const w = window as unknown as { said: number };
      w.said = 0;
      new MutationObserver((list) => {
        for (const m of list) for (const n of m.addedNodes) if (n.textContent === reason) w.said++;
      }).observe(document.querySelector('.mind-editor__live')!, { childList: true, subtree: true });
    }, REASON);
    await page.getByRole('button', { name: /^概要/ }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { said: number }).said)).toBe(1);
    expect(await summaries(page).count()).toBe(0);

    // Both on the left: drawn, named in the tree.
    await pickTwo(page, '丙', '丁');
    await page.keyboard.press('Control+]');
    await expect.poll(() => editField(page).inputValue()).toBe('概要');
    await saved(page, () => page.keyboard.press('Enter'));
    await tree(page).getByRole('treeitem', { name: '概要：概要（丙 至 丁）' }).waitFor();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
