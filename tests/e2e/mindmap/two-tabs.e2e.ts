import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { editField, item, openMinder, outline, saved, saveState } from './helpers';
import { applyForCases, openSignedIn, toastWith } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// Two tabs of one student on one map save by change sets and merge: what one tab did while it
// was offline reaches the server on its return, beside what the other tab saved meanwhile, with
// no whole-map choice. Signs in as 双页签 (E2E_STUDENTS.twoTabs), who applies for prac-02 and
// prac-03 here (prac-03's map is never saved before its flow).

const CASE = 'prac-02';
const NEVER_SAVED = 'prac-03';

let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.twoTabs.loginName);
  await applyForCases(s.page, CASE, NEVER_SAVED);
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

  it('a page closed with an edit it could not save on a map never saved, then the other page saves first: the closed page’s edit comes back on reopening, merged, no dialog', async () => {
    // (outside walks: the map had one draft per browser, and the other page's save deleted it;
    // then a map never saved kept whole drafts, and the closed page's work met the map the other
    // page saved as the whole-map choice)
    const a = s.page;
    await openMinder(a, NEVER_SAVED);
    const root = (await outline(a))[0];
    const b = await s.context.newPage();
    await openMinder(b, NEVER_SAVED);
    await a.bringToFront();
    // this page loses the network (CDP: its requests as it goes too, which page routes do not see)
    const cdp = await s.context.newCDPSession(a);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await addChild(a, root, '关掉的页的修改', false);
    await expect.poll(() => saveState(a).textContent(), { timeout: 15_000 }).toBe('离线');
    await a.close({ runBeforeUnload: true });

    await b.bringToFront();
    await addChild(b, root, '留下的页的修改');
    // the closed page's draft is still kept in this browser after the other page's save
    expect(await draftsHolding(b, '关掉的页的修改')).toBe(1);

    const c = await s.context.newPage();
    s.page = c;
    // (a new tab has the token, not the user yet: the map waits for it — its drafts are that
    // student's — instead of asking with no student, refused 400 studentId不能为空)
    // (read slower than the map's own code loads: the map asks before it has the user)
    await c.route('**/login/selectUser', async (r) => {
      await new Promise((done) => setTimeout(done, 1500));
      await r.continue();
    });
    const asked: string[] = [];
    c.on('request', (r) => r.url().includes('/api/course/') && asked.push(r.url()));
    await openMinder(c, NEVER_SAVED);
    expect(asked.filter((u) => /[?&]studentId=(&|$)/.test(u))).toEqual([]);
    await expect.poll(() => outline(c)).toEqual(expect.arrayContaining(['关掉的页的修改', '留下的页的修改']));
    await expect.poll(() => saveState(c).textContent(), { timeout: 15_000 }).toBe('已保存');
    expect(await c.getByRole('dialog').count()).toBe(0);
    await c.reload();
    await c.locator('.mind-editor[aria-busy="false"]').waitFor();
    expect(await outline(c)).toEqual(expect.arrayContaining(['关掉的页的修改', '留下的页的修改']));
    await b.close();
  });
});

/** How many of this browser's stored map drafts hold `text` (IndexedDB; the page's synchronous copies in localStorage). */
const draftsHolding = (page: Page, text: string) =>
  page.evaluate(
    (t) =>
      new Promise<number>((done) => {
        const kept = Object.keys(localStorage).filter((k) => k.startsWith('xuetu-mindmap-draft:') && localStorage.getItem(k)!.includes(t));
        const req = indexedDB.open('xuetu-mindmap', 1);
        req.onsuccess = () => {
          const all = req.result.transaction('drafts', 'readonly').objectStore('drafts').getAll();
          all.onsuccess = () => done(Math.max(kept.length, (all.result as unknown[]).filter((d) => JSON.stringify(d).includes(t)).length));
        };
        req.onerror = () => done(kept.length);
      }),
    text,
  );

// The demo student, in sessions of their own: a map never saved taken up by two tabs at once,
// and work done offline or in a page closed before saving (moved here from editing.e2e.ts).
describe('saving: tabs and drafts', () => {
  it('two tabs of one map edit different topics: both edits are kept, with no dialog, in both tabs and after a reload', async () => {
    const s = await openSignedIn(e2eBaseURL());
    try {
      const a = s.page;
      // A case no other test applies for (projects.e2e applies for case-02 through its button).
      await applyForCases(a, 'case-08');
      await openMinder(a, 'case-08');
      const b = await s.context.newPage();
      await openMinder(b, 'case-08');
      // Both tabs start from the official map. A's edit, made on it, is not saved yet (its saves do
      // not get out) when B's first save makes the student's map: A's edit is merged into that map
      // instead of offering a choice, and A is told so — a first save elsewhere, nothing replaced.
      await a.route('**/api/course/mindStudent/save*', (route) => route.abort('internetdisconnected'));
      await item(a, '智慧教室环境监测系统').focus();
      await a.keyboard.press('Home');
      await a.keyboard.press('Tab');
      await a.keyboard.type('本页的修改');
      await a.keyboard.press('Enter');
      await expect.poll(() => saveState(a).textContent(), { timeout: 15_000 }).toBe('离线');

      await item(b, '智慧教室环境监测系统').focus();
      await b.keyboard.press('Home');
      await b.keyboard.press('Tab');
      await b.keyboard.type('另一页的修改');
      await saved(b, () => b.keyboard.press('Enter'));

      await a.unroute('**/api/course/mindStudent/save*');
      await toastWith(a, '导图已在其他页面保存，已载入并保留你未保存的修改').waitFor({ timeout: 20_000 });
      await expect.poll(() => saveState(a).textContent(), { timeout: 20_000 }).toBe('已保存');
      expect(await toastWith(a, '整体替换').count()).toBe(0);
      expect(await a.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => outline(a)).toContain('另一页的修改');
      // Then both tabs edit again, each on the version it last saw: B hears of A's save.
      await item(b, '智慧教室环境监测系统').focus();
      await b.keyboard.press('Home');
      await b.keyboard.press('Tab');
      await b.keyboard.type('第二处修改');
      await saved(b, () => b.keyboard.press('Enter'));
      for (const page of [a, b]) {
        await expect.poll(() => outline(page), { timeout: 20_000 }).toContain('本页的修改');
        await expect.poll(() => outline(page), { timeout: 20_000 }).toContain('另一页的修改');
        await expect.poll(() => outline(page), { timeout: 20_000 }).toContain('第二处修改');
      }
      await b.close();
      await a.reload();
      await a.locator('.mind-editor[aria-busy="false"]').waitFor();
      const after = await outline(a);
      for (const t of ['本页的修改', '另一页的修改', '第二处修改']) expect(after).toContain(t);
    } finally {
      await s.close();
    }
  });

  it('work done offline and a page closed before saving come back (from the draft, or the closing page’s last save)', async () => {
    const s = await openSignedIn(e2eBaseURL());
    try {
      const { page, context } = s;
      await applyForCases(page, 'case-03');
      await openMinder(page, 'case-03');
      // Saves cannot reach the server (the network fails for them) until the draft has been
      // restored: a page that closes tries one last save, which must not slip through once the
      // whole network is back (CI saw it land, so no draft was left to restore).
      const SAVE = '**/api/course/mindStudent/saveStuMind';
      await context.route(SAVE, (route) => route.abort('internetdisconnected'));
      await item(page, '健康打卡小程序').focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('Tab');
      await page.keyboard.type('离线笔记');
      await page.keyboard.press('Enter');
      await expect.poll(() => saveState(page).textContent(), { timeout: 10_000 }).toBe('离线');
      // The student leaves, then closes the tab. The last save tried on pagehide goes through the
      // route above while the page still exists; a page closed outright could send it after its
      // routes were gone (CI saw it land: no draft to restore, no notice).
      await page.goto('about:blank');
      await page.close();
      const again = await context.newPage();
      await openMinder(again, 'case-03');
      // The work is back. Mostly from the draft (said: 已恢复上次未保存的修改); but Chromium may send
      // the closing page's keepalive save past the route after the page is gone (CI saw it about
      // one run in four), and then the server already has it and no draft is left. Either way
      // nothing is lost; the draft offered after a reload is asserted deterministically in
      // mindmap-save.e2e.ts (the 403 case).
      await expect.poll(() => outline(again)).toContain('离线笔记');
      await context.unroute(SAVE);
      await expect.poll(() => saveState(again).textContent(), { timeout: 10_000 }).toBe('已保存');
    } finally {
      await s.close();
    }
  });
});
