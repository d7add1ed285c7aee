import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import type { BrowserSession } from '../browser';
import { clickNode, item, mapFocused, markLearnt, nodeBox, openMinder, outline, pasteImport, saved, selectedTexts } from './helpers';
import { applyForCases, openSignedIn, toastWith, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { pageApi } from '../study-helpers';
import { e2eBaseURL } from '../base-url';

// Issue 20 on the student's own map: a node due for review carries the 待复习 mark on the canvas
// (read from the pixels drawn), the 待复习 panel filters the map to the due nodes from the
// keyboard, and an import that leaves the node out says its card is retired until undone.
// Signs in as E2E_STUDENTS.reviewMap and studies case-02.

const CASE = 'case-02';
/** review-mark.ts's violet (REVIEW_MARK_FILL #6b3fd1), also where anti-aliasing blends it with its 复. */
const violet = (r: number, g: number, b: number) => r >= 80 && r <= 150 && g <= 110 && b >= 190 && b - g >= 100;

const dueIds = async (page: Page) => (await pageApi<{ due: string[] }>(page, `/api/course/review/mapNodes?caseId=${CASE}`)).due;

/**
 * Pixels of the mark's violet around the top-right corner of a node's box on screen (the node is
 * selected to find its box: the selection ring's blue, 0x1677ff, crosses the mark, never counted).
 */
async function markPixels(page: Page, text: string): Promise<number> {
  const b = await nodeBox(page, text);
  const clip = { x: Math.round(b.x + b.width - 24), y: Math.round(b.y - 12), width: 30, height: 24 };
  const png = PNG.sync.read(await page.screenshot({ clip }));
  let n = 0;
  for (let i = 0; i < png.width * png.height; i++) if (violet(png.data[i * 4]!, png.data[i * 4 + 1]!, png.data[i * 4 + 2]!)) n++;
  return n;
}

describe('review marks on the map', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.reviewMap.loginName);
    await applyForCases(s.page, CASE);
  });
  afterAll(async () => {
    expect(unexpectedErrors(s.errors)).toEqual([]);
    await s.close();
  });

  it('a learnt node is marked due on the canvas; the panel takes the keyboard to it; an import says it retires the card', { timeout: 180_000 }, async () => {
    const { page } = s;
    await openMinder(page, CASE);
    const [root, topic, other] = await outline(page);
    expect(await markPixels(page, topic!)).toBe(0);

    // 标记已学 through the node menu: the save makes the card, due at once.
    await markLearnt(page, topic!);
    await expect.poll(() => item(page, topic!).getAttribute('aria-label')).toContain('待复习');
    await expect.poll(() => markPixels(page, topic!)).toBeGreaterThan(20);
    expect(await markPixels(page, other!)).toBe(0);
    const [cardId] = await dueIds(page);
    expect(cardId).toBeTruthy();

    // Opened with the keyboard, the 待复习 panel has the focus on its first node; Enter shows it.
    await clickNode(page, root!);
    await page.getByRole('button', { name: '待复习 1' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(topic);
    await page.keyboard.press('Enter');
    await expect.poll(() => selectedTexts(page)).toEqual([topic]);

    // An import that leaves the node out: the notice says the card is retired, and the save does.
    await item(page, root!).click();
    await mapFocused(page);
    // (looked for from before the import: the save may outlast the notice on a loaded machine)
    const notice = toastWith(page, '1 张复习卡片已停用，按 Ctrl+Z 撤销导入可恢复').waitFor();
    await saved(page, () => pasteImport(page, 'txt', '新的提纲\n\t第一部分\n\t第二部分', '第二部分'));
    await notice;
    await expect.poll(() => dueIds(page)).toEqual([]);

    // Undone, the map is saved back and the card (and its mark) come back.
    await mapFocused(page);
    await saved(page, () => page.keyboard.press('Control+z'));
    await item(page, topic!).waitFor();
    await expect.poll(() => dueIds(page)).toEqual([cardId]);
    await expect.poll(() => markPixels(page, topic!)).toBeGreaterThan(20);
  });
});
