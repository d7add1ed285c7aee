import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { editField, item, openMinder, outline, saved, saveState } from './helpers';
import { applyForCases, openSignedIn, toastWith } from '../shell-helpers';
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

  it('a delete in one tab waits while the other tab types a title in that branch; the title is kept', async () => {
    const a = s.page;
    await openMinder(a, CASE);
    const root = (await outline(a))[0];
    await addChild(a, root, '正在写的分支');
    const b = await s.context.newPage();
    await openMinder(b, CASE);
    await a.bringToFront();
    await item(a, '正在写的分支').focus();
    await a.keyboard.press('F2');
    await a.keyboard.type('写完的标题');
    // B knows A types there (the map's live socket), so its Delete waits and says why
    await b.bringToFront();
    await expect.poll(async () => (await item(b, '正在写的分支').getAttribute('aria-label')) ?? '').toContain('你的另一个页面正在编辑');
    await item(b, '正在写的分支').click();
    await b.keyboard.press('Delete');
    await toastWith(b, '你的另一个页面正在编辑「正在写的分支」，在那里写完再删除').waitFor();
    expect(await outline(b)).toContain('正在写的分支');
    await a.bringToFront();
    await saved(a, () => a.keyboard.press('Enter'));
    await expect.poll(() => outline(b), { timeout: 20_000 }).toContain('写完的标题');
    await b.close();
  });

  it('a tab that deletes the branch before it knew of the typing in the other: the branch comes back there, the title is kept, both are told', async () => {
    const a = s.page;
    await openMinder(a, CASE);
    const root = (await outline(a))[0];
    await addChild(a, root, '将被删除');
    // A's live socket is cut, so B cannot know that A types there; A still hears of B's saves
    // from the browser's other tab at once
    await a.routeWebSocket('**/api/live/map**', (ws) => ws.close());
    await a.reload();
    await a.locator('.mind-editor[aria-busy="false"]').waitFor();
    const b = await s.context.newPage();
    await openMinder(b, CASE);
    await a.bringToFront();
    await item(a, '将被删除').click();
    await a.keyboard.press('F2');
    await a.keyboard.type('新标题');
    await b.bringToFront();
    await item(b, '将被删除').click();
    await saved(b, () => b.keyboard.press('Delete'));
    expect(await outline(b)).not.toContain('将被删除');
    // A hears of B's save while its field is open: the branch is back, the field still open on it
    await toastWith(a, '「将被删除」已在别处删除；你在其中的修改保留了，这个分支已恢复').waitFor({ timeout: 20_000 });
    expect(await editField(a).inputValue()).toBe('新标题');
    expect(await a.getByRole('alertdialog').count()).toBe(0);
    await a.bringToFront();
    await saved(a, () => a.keyboard.press('Enter'));
    await expect.poll(() => outline(b), { timeout: 20_000 }).toContain('新标题');
    // (named as B deleted it, whether A's new title came with the branch or after it)
    await toastWith(b, '你删除的「将被删除」已恢复：别处刚在其中修改或撤销了删除').waitFor();
    await a.unrouteAll();
    await b.close();
  });
});
