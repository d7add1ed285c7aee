import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { BrowserSession } from './browser';
import { cardTitles, hashOf, openSignedIn, unexpectedErrors } from './shell-helpers';
import { e2eBaseURL } from './base-url';

// The 年份 filter of the course and case lists against the real server (SPEC §3, §9): a list opens
// on the default year 2021 (the year list marks it), another year lists that year's offerings,
// and 全部 lists them all.
let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL());
});
afterAll(async () => s?.close());

/** The `year` query parameter of every request to `path` from now on (null: none sent). */
function yearsSentTo(page: Page, path: string): (string | null)[] {
  const sent: (string | null)[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    // (a one-item page is the count of every year beside a one-year list, not the list: OtherYears)
    if (url.pathname === path && url.searchParams.get('currentSize') !== '1') sent.push(url.searchParams.get('year'));
  });
  return sent;
}

const pressed = (group: string, chip: string) =>
  s.page.getByRole('group', { name: group, exact: true }).getByRole('button', { name: chip, exact: true }).getAttribute('aria-pressed');

describe('年份 filter', () => {
  it('courses: open on 2021年, another year lists its courses, 全部 lists all 14', async () => {
    const sent = yearsSentTo(s.page, '/api/course/officialCourse/pages');
    await s.page.goto('/#/course/list');
    await expect.poll(() => pressed('年份', '2021年')).toBe('true');
    expect(await pressed('年份', '全部')).toBe('false');
    expect(await cardTitles(s.page, '课程列表')).toEqual(['Python程序设计基础', 'C语言程序设计', 'Web前端开发基础', '数据库原理与应用', '软件工程导论']);
    expect(sent.at(-1)).toBe('2021');

    await s.page.getByRole('group', { name: '年份' }).getByRole('button', { name: '2023年' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/course/list?year=2023');
    await expect.poll(() => cardTitles(s.page, '课程列表')).toEqual(['Node.js服务端开发', '机器学习导论', 'Git团队协作']);
    expect(sent.at(-1)).toBe('2023');

    await s.page.getByRole('group', { name: '年份' }).getByRole('button', { name: '全部' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/course/list?year=all');
    await expect.poll(() => cardTitles(s.page, '课程列表')).toHaveLength(12);
    expect(sent.at(-1)).toBeNull();
    await s.page.getByRole('navigation', { name: '课程分页' }).getByRole('button', { name: '第 2 页' }).click();
    await expect.poll(() => cardTitles(s.page, '课程列表')).toHaveLength(2);
    // 全部 survives a reload (it is in the URL, not the default)
    await s.page.reload();
    expect(await cardTitles(s.page, '课程列表')).toHaveLength(2);
    expect(await pressed('年份', '全部')).toBe('true');

    // a year with no courses says so
    await s.page.getByRole('group', { name: '年份' }).getByRole('button', { name: '2026年' }).click();
    await s.page.getByText('暂无课程').waitFor();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('project cases: open on 2021年 with the classification filter on top, 2022年 and 全部', async () => {
    const sent = yearsSentTo(s.page, '/api/course/caseDetails/queryCasePage');
    await s.page.goto('/#/project/list');
    await expect.poll(() => pressed('年份', '2021年')).toBe('true');
    expect(await cardTitles(s.page, '案例列表')).toEqual(['校园二手交易平台', '零售门店销售数据分析', '智慧教室环境监测系统']);
    expect(sent.at(-1)).toBe('2021');

    // another filter keeps the default year
    await s.page.getByRole('group', { name: '分类', exact: true }).getByRole('button', { name: '软件工程' }).click();
    await expect.poll(() => cardTitles(s.page, '案例列表')).toEqual(['校园二手交易平台']);
    expect(await pressed('年份', '2021年')).toBe('true');

    await s.page.getByRole('group', { name: '年份' }).getByRole('button', { name: '2022年' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/project/list?classify=cls-se&year=2022');
    await expect.poll(() => cardTitles(s.page, '案例列表')).toEqual(['电商订单管理系统', '健康打卡小程序']);

    await s.page.goto('/#/project/list?year=2022');
    await expect.poll(() => cardTitles(s.page, '案例列表')).toEqual(['电商订单管理系统', '健康打卡小程序']);
    await s.page.getByRole('group', { name: '年份' }).getByRole('button', { name: '全部' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/project/list?year=all');
    await expect.poll(() => cardTitles(s.page, '案例列表')).toHaveLength(8);
    expect(sent.at(-1)).toBeNull();
  });

  it('says how many more the other years hold, and 查看全部年份 lists them in one tap', async () => {
    await s.page.goto('/#/course/list');
    await expect.poll(() => pressed('年份', '2021年')).toBe('true');
    // 5 of the 14 courses are of 2021
    await s.page.getByText('其他年份还有 9 门课程').waitFor();
    await s.page.getByRole('button', { name: '查看全部年份' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/course/list?year=all');
    await expect.poll(() => cardTitles(s.page, '课程列表')).toHaveLength(12);
    expect(await s.page.getByText(/^其他年份还有/).count()).toBe(0);
    // a year with nothing yet says where the courses are
    await s.page.getByRole('group', { name: '年份' }).getByRole('button', { name: '2026年' }).click();
    await s.page.getByText('暂无课程').waitFor();
    await s.page.getByText('其他年份还有 14 门课程').waitFor();

    // cases: 3 of 8 are of 2021
    await s.page.goto('/#/project/list');
    await s.page.getByText('其他年份还有 5 个案例').waitFor();
    await s.page.getByRole('button', { name: '查看全部年份' }).click();
    await expect.poll(() => cardTitles(s.page, '案例列表')).toHaveLength(8);
  });

  it('a name search without a chosen year searches every year (the header search lands here with only ?name=)', async () => {
    await s.page.goto('/#/course/list?name=Git');
    await expect.poll(() => cardTitles(s.page, '课程列表')).toEqual(['Git团队协作']);
    expect(await pressed('年份', '全部')).toBe('true');
  });
});
