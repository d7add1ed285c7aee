import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { applyForCases } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { centre, Fingers, openPhoneSignedIn, phoneBar, phoneNodeBox } from '../touch-helpers';
import { e2eBaseURL } from '../base-url';

// Issue 31 item 13: on a phone the 大纲 sheet covered the selected topic. Opening it now pans the
// map only when the topic would be under it, and closing it puts the map back. Signs in as 纲不遮
// (E2E_STUDENTS.walkSheet) and only looks at case-01's map (nothing is edited).

const CASE = 'case-01';
let s: BrowserSession;
let fingers: Fingers;

beforeAll(async () => {
  s = await openPhoneSignedIn(e2eBaseURL(), E2E_STUDENTS.walkSheet.loginName);
  await applyForCases(s.page, CASE);
  fingers = await Fingers.of(s.page);
});
afterAll(async () => s?.close());

const sheet = (page: Page) => page.getByRole('region', { name: '大纲' });
/** The box of the selected topic (the armed keyboard target lies over it), once the camera rests. */
async function selectedBox(page: Page) {
  await page.locator('.mind-editor__canvas:not([data-camera=moving])').waitFor();
  await page.waitForTimeout(150); // (the target is placed again once the camera has rested)
  return (await page.locator('.mind-edit.is-armed').boundingBox())!;
}

describe('the 大纲 sheet on a phone keeps the selected topic in view', () => {
  it('pans the map only when the topic would be under the sheet, and back on close', async () => {
    const { page } = s;
    await page.goto(`/#/project/minder?caseId=${CASE}`);
    await page.locator('.mind-editor.is-phone[aria-busy="false"]').waitFor();
    const root = (await page.locator('.mind-tree [role=treeitem] .mind-tree__text').first().textContent())!;
    await phoneNodeBox(page, root); // selected through the outline: centred on the canvas
    const before = await selectedBox(page);

    await phoneBar(page).getByRole('button', { name: '大纲' }).tap();
    await sheet(page).waitFor();
    const top = (await sheet(page).boundingBox())!.y;
    expect(before.y + before.height).toBeGreaterThan(top); // (it would be covered)
    const open = await selectedBox(page);
    expect(open.y + open.height).toBeLessThanOrEqual(top);
    expect(open.y).toBeGreaterThanOrEqual(0);
    expect(open.x).toBeCloseTo(before.x, 0); // only up

    await sheet(page).getByRole('button', { name: '关闭' }).tap();
    await sheet(page).waitFor({ state: 'hidden' });
    const closed = await selectedBox(page);
    expect([closed.x, closed.y]).toEqual([before.x, before.y]);

    // A topic the sheet leaves free does not move the map.
    const from = centre(before);
    await fingers.drag(from, { x: from.x, y: from.y - (before.y - 90) });
    const high = await selectedBox(page);
    expect(high.y).toBeLessThan(top - high.height);
    await phoneBar(page).getByRole('button', { name: '大纲' }).tap();
    await sheet(page).waitFor();
    const still = await selectedBox(page);
    expect([still.x, still.y]).toEqual([high.x, high.y]);
  });
});
