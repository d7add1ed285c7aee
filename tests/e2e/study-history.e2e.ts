import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from './browser';
import { seriousViolations } from './axe';
import { item, openMinder } from './mindmap/helpers';
import { openSignedIn, unexpectedErrors } from './shell-helpers';
import { pageApi } from './study-helpers';
import { recallPercent } from '../../src/mindmap/core';
import { demoAccounts } from '../../src/server/seed/demo-accounts';
import { e2eBaseURL } from './base-url';

// The seeded study history (issue 34 "Done when"): 林悦, the demo student with four weeks of 复习
// and 回忆练习 on 健康打卡小程序 (src/server/seed/review-history-data.ts), sees 我的学习's map chart
// drawn from those rows, at 1440 and 375 px, axe clean; on the map, 下一步 and the 掌握度 view say
// the same numbers as the API. Reads only: the account is the seed's, nothing is written.

const REVIEWER = demoAccounts[3];
const CASE = 'case-03';

interface History {
  days: { learnt: number; mastered: number; reviews: number; recalls: number }[];
  recallToday: number;
  recallIn7Days: number;
}

const pct = recallPercent;

describe('the seeded study history', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), REVIEWER.loginName);
  });
  afterAll(async () => {
    expect(unexpectedErrors(s.errors)).toEqual([]);
    await s.close();
  });

  it('我的学习: the map chart is drawn from the seeded review rows, at 1440 and 375 px', { timeout: 120_000 }, async () => {
    const { page } = s;
    const h = await pageApi<History>(page, `/api/course/review/history?caseId=${CASE}`);
    const last = h.days.at(-1)!;
    const reviews = h.days.reduce((n, d) => n + d.reviews, 0);
    expect(h.days.reduce((n, d) => n + d.recalls, 0)).toBe(4);
    expect(reviews).toBeGreaterThan(20);
    const said = `近 28 天：已学 ${last.learnt} 个知识点，掌握 ${last.mastered} 个主题；复习 ${reviews} 次，回忆练习 4 次。预计今天记得 ${pct(h.recallToday)}，7 天后 ${pct(h.recallIn7Days)}。`;
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/#/personal/myStudy');
      const chart = page.getByRole('region', { name: '导图学习记录' });
      await chart.getByRole('img', { name: /^健康打卡小程序：已学的知识点与掌握的主题、复习与回忆练习（按天）$/ }).waitFor();
      await expect.poll(() => chart.locator('.study-chart__summary').textContent()).toBe(said);
      // The chart.js canvas is drawn (not blank) and the page does not scroll sideways.
      await expect.poll(() => chart.locator('canvas').evaluate((c: HTMLCanvasElement) => c.toDataURL().length > 5000)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it('the map: 下一步 says the topics the 待复习 panel lists, the 掌握度 view names the fading branch', { timeout: 120_000 }, async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    const due = (await pageApi<{ due: string[] }>(page, `/api/course/review/mapNodes?caseId=${CASE}`)).due.length;
    const mastery = await pageApi<{ recallToday: number; recallIn7Days: number; fading: string[] }>(page, `/api/course/review/mastery?caseId=${CASE}`);
    expect(due).toBeGreaterThan(0);
    expect(mastery.fading.length).toBeGreaterThan(0);
    const today = (await pageApi<History>(page, `/api/course/review/history?caseId=${CASE}`)).days.at(-1)!;
    await openMinder(page, CASE);
    await expect.poll(() => page.getByRole('region', { name: '下一步' }).textContent()).toContain(`有 ${due} 个主题到了复习时间`);
    // One definition of each number: the root's 已学 N/M and 掌握 N/M count the same 13 知识点, and
    // the chart of 我的学习 says the same 已学 and 掌握 today (outside walk: 已学 22 on the chart, 12/13 here).
    const root = (await item(page, '健康打卡小程序').getAttribute('aria-label')) ?? '';
    expect(root).toContain(`已学 ${today.learnt}/13`);
    expect(root).toContain(`掌握 ${today.mastered}/13`);
    await page.getByRole('button', { name: '掌握度' }).click();
    const panel = page.getByRole('region', { name: '掌握度' });
    await expect
      .poll(() => panel.getByRole('status').textContent())
      .toMatch(new RegExp(`^「云开发」有 \\d+ 个主题正在遗忘.* 全图预计回忆率：今天 ${pct(mastery.recallToday)}，7 天后 ${pct(mastery.recallIn7Days)}。$`));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
