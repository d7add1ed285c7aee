import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import type { BrowserSession } from './browser';
import { item, markLearnt, openMinder, outline } from './mindmap/helpers';
import { applyForCases, openSignedIn, toastWith, unexpectedErrors } from './shell-helpers';
import { E2E_STUDENTS } from './students';
import { openPhoneSignedIn } from './touch-helpers';
import { pageApi } from './study-helpers';
import { e2eBaseURL } from './base-url';

// Issue 20: a node learnt on the map becomes a review card, graded on the 复习 screen with the
// keyboard; a grade given offline reaches the server once the browser is back online. Each flow
// signs in as its own student (E2E_STUDENTS.reviewCards, reviewOffline) and studies case-02.

const CASE = 'case-02';

const summary = (page: Page) => pageApi<{ dueCount: number; nextDueAt: number }>(page, '/api/course/review/summary');
const card = (page: Page) => page.getByRole('article', { name: /./ }).filter({ has: page.locator('.review-card__front') });

async function openReview(page: Page): Promise<void> {
  await page.goto('/#/personal/review');
  await page.locator('.review-card, .empty').first().waitFor();
}

describe('reviewing a learnt node', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.reviewCards.loginName);
    await applyForCases(s.page, CASE);
  });
  afterAll(async () => {
    expect(unexpectedErrors(s.errors)).toEqual([]);
    await s.close();
  });

  it('learn a node on the map → its card is due → 良好 with the key → the next due date shows', { timeout: 180_000 }, async () => {
    const { page } = s;
    await openReview(page);
    await page.getByText('现在没有要复习的卡片').waitFor();

    // 标记已学 through the node menu of the student's own map; the save makes the card.
    await openMinder(page, CASE);
    const topic = (await outline(page))[1]!;
    await markLearnt(page, topic);
    await expect.poll(() => item(page, topic).getAttribute('aria-label')).toContain('已学');
    // The map marks it due for review and filters to it in the 待复习 panel.
    await expect.poll(() => item(page, topic).getAttribute('aria-label')).toContain('待复习');
    await page.getByRole('button', { name: '待复习 1' }).click();
    const panel = page.getByRole('region', { name: /^待复习的主题/ });
    expect(await panel.getByRole('listitem').allTextContents()).toEqual([topic]);

    await openReview(page);
    await expect.poll(() => page.getByTestId('review-badge').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('review-due-count').textContent()).toBe('1');
    // the badge's count is part of the link's name (axe: label-content-name-mismatch)
    expect(await page.getByRole('link', { name: /^学习中心\s*1\s*张卡片待复习$/ }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    const front = card(page).locator('.review-card__front');
    expect(await front.textContent()).toBe(topic);
    expect(await card(page).getByRole('list', { name: '在导图中的位置' }).textContent()).toBeTruthy();

    // Space shows the answer, 3 grades 良好.
    await page.keyboard.press('Space');
    const grades = page.getByRole('group', { name: '评分' });
    await grades.waitFor();
    expect(await grades.getByRole('button').allTextContents()).toEqual([
      expect.stringMatching(/^重来 1/),
      expect.stringMatching(/^困难 2/),
      expect.stringMatching(/^良好 3/),
      expect.stringMatching(/^简单 4/),
    ]);
    const answered = page.waitForResponse((r) => r.url().includes('/api/course/review/grade'));
    await page.keyboard.press('3');
    expect((await (await answered).json()).data).toMatchObject({ replayed: 0 });
    const next = page.getByTestId('review-next-due');
    await expect.poll(() => next.textContent()).toMatch(/分钟后|今天|明天|月/);
    await page.getByText('今天的复习完成了').waitFor();
    await expect.poll(() => page.locator('.review__next').textContent()).toMatch(/^下一张卡片.+到期/);
    expect(await page.locator('#review-progress-label').textContent()).toContain('已复习 1 次');
    const after = await summary(page);
    expect(after.dueCount).toBe(0);
    expect(after.nextDueAt).toBeGreaterThan(Date.now());
    await expect.poll(() => page.getByTestId('review-badge').count()).toBe(0);

    // Undo puts the card back, due again.
    await page.keyboard.press('Control+z');
    await expect.poll(() => front.textContent()).toBe(topic);
    expect((await summary(page)).dueCount).toBe(1);
  });

  it('fits a 375 px phone without sideways scrolling, and axe finds nothing serious', { timeout: 60_000 }, async () => {
    const { page } = s;
    await page.setViewportSize({ width: 375, height: 740 });
    await openReview(page);
    await page.keyboard.press('Space');
    await page.getByRole('group', { name: '评分' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    for (const b of await page.getByRole('group', { name: '评分' }).getByRole('button').all()) {
      const box = (await b.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 375 && box.height >= 44).toBe(true);
    }
    expect(await seriousViolations(page, ['wcag2a', 'wcag2aa'])).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('grading offline', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.reviewOffline.loginName);
    await applyForCases(s.page, CASE);
  });
  afterAll(async () => {
    // what going offline logs (failed requests) is the point of this flow
    expect(unexpectedErrors(s.errors).filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
    await s.close();
  });

  it('queues a grade given offline and sends it once the browser is online again', { timeout: 120_000 }, async () => {
    const { page, context } = s;
    // 需复习 on a node of the map (the API the node menu calls).
    const shown = await pageApi<{ document: { root: { children: { data: { id: string; text: string } }[] } } }>(
      page,
      `/api/course/mindStudent/showMind?caseId=${CASE}`,
    );
    const node = shown.document.root.children[0]!.data;
    expect(await pageApi(page, '/api/course/review/mark', { caseId: CASE, nodeId: node.id, action: 'add' })).toMatchObject({ excluded: 0 });

    await openReview(page);
    expect(await card(page).locator('.review-card__front').textContent()).toBe(node.text);
    await context.setOffline(true);
    await page.keyboard.press('Space');
    await page.getByRole('group', { name: '评分' }).waitFor();
    await page.keyboard.press('4');
    await page.getByText('有 1 条评分待同步').waitFor();
    expect(await page.locator('.review__status').textContent()).toContain('离线保存');
    // kept in IndexedDB: a reload while offline would not lose it
    const queued = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('xuetu-review');
          open.onsuccess = () => {
            const req = open.result.transaction('grades').objectStore('grades').count();
            req.onsuccess = () => resolve(req.result);
          };
        }),
    );
    expect(queued).toBe(1);

    await context.setOffline(false);
    await toastWith(page, '已同步1条离线评分').waitFor();
    await expect.poll(() => page.getByText('有 1 条评分待同步').count()).toBe(0);
    const after = await summary(page);
    expect(after.dueCount).toBe(0);
    expect(after.nextDueAt).toBeGreaterThan(Date.now() + 86400_000); // 简单 on a new card: days away
    await page.getByText('今天的复习完成了').waitFor();
  });
});

describe('reviewing on a touch phone', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openPhoneSignedIn(e2eBaseURL(), E2E_STUDENTS.reviewPhone.loginName);
    await applyForCases(s.page, CASE);
  });
  afterAll(async () => {
    expect(unexpectedErrors(s.errors)).toEqual([]);
    await s.close();
  });

  it('offers no keyboard keys (Space, 1-4, Ctrl+Z), only thumb-sized buttons', { timeout: 60_000 }, async () => {
    const { page } = s;
    // 需复习 on a node of the map (the API the node menu calls): a card due now
    const shown = await pageApi<{ document: { root: { children: { data: { id: string } }[] } } }>(page, `/api/course/mindStudent/showMind?caseId=${CASE}`);
    await pageApi(page, '/api/course/review/mark', { caseId: CASE, nodeId: shown.document.root.children[0]!.data.id, action: 'add' });
    await openReview(page);
    const reveal = card(page).getByRole('button', { name: /^显示答案/ });
    // what shows is what a finger can do: no key names anywhere on the screen
    expect(await reveal.evaluate((b: HTMLElement) => b.innerText)).toBe('显示答案');
    expect(await page.locator('.review__keys').isVisible()).toBe(false);
    expect((await reveal.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await reveal.tap();
    const grades = page.getByRole('group', { name: '评分' });
    await grades.waitFor();
    expect(await grades.locator('kbd').evaluateAll((ks) => ks.filter((k) => (k as HTMLElement).offsetParent !== null).length)).toBe(0);
    for (const b of await grades.getByRole('button').all()) expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.locator('main').evaluate((m: HTMLElement) => m.innerText)).not.toMatch(/空格|Ctrl/);
    // a tapped grade is taken; 撤销上一次评分 (thumb-sized) puts the card back
    await grades.getByRole('button', { name: /^良好/ }).tap();
    await page.getByText('今天的复习完成了').waitFor();
    const undo = page.getByRole('button', { name: '撤销上一次评分' });
    expect((await undo.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await undo.tap();
    await card(page).locator('.review-card__front').waitFor();
  });
});
