import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { item, openMinder, outline, saved, saveState } from './helpers';
import { applyForCases, openSignedIn } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// Two tabs of one student on one map save by change sets and merge: what one tab did while it
// was offline reaches the server on its return, beside what the other tab saved meanwhile, with
// no whole-map choice. Signs in as 双页签 (E2E_STUDENTS.twoTabs), who applies for prac-02 here.

const CASE = 'prac-02';

let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.twoTabs.loginName);
  await applyForCases(s.page, CASE);
});
afterAll(async () => {
  await s?.close();
});

async function addChild(page: Page, under: string, text: string, wait = true): Promise<void> {
  await item(page, under).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.type(text);
  if (wait) await saved(page, () => page.keyboard.press('Enter'));
  else await page.keyboard.press('Enter');
}

describe('two tabs of one map', () => {
  it('an edit made offline merges on return with what the other tab saved meanwhile; both stay after a reload', async () => {
    const a = s.page;
    await openMinder(a, CASE);
    const root = (await outline(a))[0];
    await addChild(a, root, '第一次保存'); // the student's own map now exists (saved whole)
    const b = await s.context.newPage();
    await openMinder(b, CASE);

    // A loses the network for its saves, and edits.
    await a.route('**/api/course/mindStudent/save*', (route) => route.abort('internetdisconnected'));
    await addChild(a, root, '离线时的修改', false);
    await expect.poll(() => saveState(a).textContent(), { timeout: 15_000 }).toBe('离线');
    // B edits and saves meanwhile.
    await addChild(b, root, '另一页的修改');
    // A is back: its change set goes, and comes back rebased on B's.
    await a.unroute('**/api/course/mindStudent/save*');
    await expect.poll(() => saveState(a).textContent(), { timeout: 20_000 }).toBe('已保存');
    for (const page of [a, b]) {
      await expect.poll(() => outline(page), { timeout: 20_000 }).toEqual(expect.arrayContaining(['离线时的修改', '另一页的修改', '第一次保存']));
    }
    expect(await a.getByRole('dialog').count()).toBe(0);
    await b.close();
    await a.reload();
    await a.locator('.mind-editor[aria-busy="false"]').waitFor();
    expect(await outline(a)).toEqual(expect.arrayContaining(['离线时的修改', '另一页的修改', '第一次保存']));
  });

  it('a title being typed on a topic another tab deletes is said to be lost, not dropped in silence', async () => {
    const a = s.page;
    await openMinder(a, CASE);
    const root = (await outline(a))[0];
    await addChild(a, root, '将被删除');
    const b = await s.context.newPage();
    await openMinder(b, CASE);
    await a.bringToFront();
    await item(a, '将被删除').focus();
    await a.keyboard.press('F2');
    await a.keyboard.type('新标题');
    await b.bringToFront();
    await item(b, '将被删除').click();
    await saved(b, () => b.keyboard.press('Delete'));
    // A hears of B's save (a broadcast between the tabs) while the field is still open: the field
    // closes and the text is shown, to be copied (one's own other page does not hold a delete back)
    const lost = a.getByRole('alertdialog', { name: '有修改没有保存' });
    await lost.waitFor({ timeout: 20_000 });
    expect(await lost.getByRole('textbox', { name: '没有保存的标题' }).inputValue()).toBe('新标题');
    expect(await lost.textContent()).toContain('你正在编辑的主题已在别处删除');
    await b.close();
  });
});
