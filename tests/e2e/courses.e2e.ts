import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from './browser';
import { cardTitles, catalogueCard, hashOf, openSignedIn, unexpectedErrors } from './shell-helpers';
import { e2eBaseURL } from './base-url';

let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL());
});
afterAll(async () => s?.close());

describe('courses', () => {
  it('browses the catalogue with the pager; page and filters live in the URL (reload and Back)', async () => {
    // 全部 years: the whole catalogue of 14 (the list opens on the default year, see year-filter.e2e.ts)
    await s.page.goto('/#/course/list?year=all');
    expect(await cardTitles(s.page, '课程列表')).toHaveLength(12);
    await s.page.getByRole('navigation', { name: '课程分页' }).getByRole('button', { name: '第 2 页' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/course/list?year=all&page=2');
    await expect.poll(() => cardTitles(s.page, '课程列表')).toHaveLength(2);
    await s.page.reload();
    expect(await cardTitles(s.page, '课程列表')).toHaveLength(2);
    await s.page.goBack();
    await expect.poll(() => hashOf(s.page)).toBe('#/course/list?year=all');
    await expect.poll(() => cardTitles(s.page, '课程列表')).toHaveLength(12);

    await s.page.getByRole('group', { name: '分类' }).getByRole('button', { name: 'Web开发' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/course/list?year=all&category=Web开发');
    await expect.poll(() => cardTitles(s.page, '课程列表')).toEqual(['Web前端开发基础', 'Vue.js应用开发', 'Node.js服务端开发']);
    await s.page.getByRole('group', { name: '分类' }).getByRole('button', { name: '全部' }).click();
    await expect.poll(() => cardTitles(s.page, '课程列表')).toHaveLength(12);
  });

  it('shows on a course card how far the student is, as its detail does (已学 2/9), on the list and on Home', async () => {
    // 李明: Python程序设计基础 2 of 9 sections learnt, 软件工程导论 signed up with none, 数据库原理与应用 not signed up
    await s.page.goto('/#/course/list');
    await catalogueCard(s.page, 'Python程序设计基础', true).getByText('已学 22%').waitFor();
    await catalogueCard(s.page, '软件工程导论', true).getByText('已学 0%').waitFor();
    expect(await catalogueCard(s.page, '数据库原理与应用', true).getByText(/已学/).count()).toBe(0);
    await s.page.goto('/');
    await catalogueCard(s.page.getByRole('list', { name: '推荐课程' }), 'Python程序设计基础', true)
      .getByText('已学 22%')
      .waitFor();
    await s.page.goto('/#/course/detail?id=course-01');
    await s.page.getByText('已学 2/9').waitFor();
  });

  it('searches with the list search box and from the header search box', async () => {
    await s.page.goto('/#/course/list');
    const box = s.page.getByRole('searchbox', { name: '搜索课程' });
    await box.fill('Python');
    await box.press('Enter');
    await expect.poll(() => hashOf(s.page)).toBe('#/course/list?name=Python');
    await expect.poll(() => cardTitles(s.page, '课程列表')).toEqual(['Python程序设计基础']);
    await s.page.getByText('“Python”的搜索结果，共 1 门课程').waitFor();

    await box.fill('没有这门课');
    await box.press('Enter');
    await s.page.getByText('没有找到相关课程，换个关键词试试').waitFor();

    const header = s.page.getByRole('banner');
    await header.getByRole('combobox', { name: '搜索类型' }).click();
    await s.page.getByRole('option', { name: '专业课程' }).click();
    await header.getByRole('searchbox', { name: '搜索关键词' }).fill('数据');
    await header.getByRole('searchbox', { name: '搜索关键词' }).press('Enter');
    await expect.poll(() => hashOf(s.page)).toBe('#/course/list?name=数据');
    await expect.poll(() => cardTitles(s.page, '课程列表')).toEqual(['数据分析与可视化', '数据库原理与应用']);
    expect(await s.page.getByRole('searchbox', { name: '搜索课程' }).inputValue()).toBe('数据');
  });

  it('opens a course, refuses study before sign-up, signs up, then studies from the outline', async () => {
    await s.page.goto('/#/course/list?name=Git');
    await s.page.getByRole('link', { name: 'Git团队协作' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/course/detail?id=course-14');
    await s.page.getByRole('heading', { level: 1, name: 'Git团队协作' }).waitFor();
    const outline = s.page.getByRole('region', { name: '课程目录' });
    expect(await outline.getByRole('button', { name: /第1章/ }).getAttribute('aria-expanded')).toBe('true');
    await s.page.getByRole('region', { name: '相关推荐' }).getByRole('link', { name: 'Python程序设计基础' }).waitFor();

    await outline.getByRole('button', { name: '1.1 提交与历史' }).click();
    await s.page.locator('.toast', { hasText: '请先报名该课程，再开始学习' }).waitFor();
    expect(hashOf(s.page)).toBe('#/course/detail?id=course-14');

    await s.page.getByRole('button', { name: '立即报名' }).click();
    await s.page.locator('.toast', { hasText: '报名成功' }).waitFor();
    await s.page.getByText('已报名', { exact: true }).waitFor();
    await s.page.getByRole('button', { name: '开始学习' }).click();
    await expect.poll(() => hashOf(s.page)).toMatch(/^#\/course\/content\?courseId=course-14&videoId=.+&nodeId=course-14-c1-s1&name=1\.1\+/);

    // the sign-up is stored: the list marks it
    await s.page.goto('/#/course/list?name=Git');
    await catalogueCard(s.page, 'Git团队协作').getByText('已报名').waitFor();
  });

  it('continues a course already in progress at the section being studied', async () => {
    await s.page.goto('/#/course/detail?id=course-01');
    await s.page.getByText('已学 2/9').waitFor();
    expect(await s.page.getByRole('img', { name: '学习中' }).count()).toBe(1);
    await s.page.getByRole('button', { name: '继续学习' }).click();
    await expect.poll(() => hashOf(s.page)).toContain('nodeId=course-01-c1-s3');
  });

  it('shows recommended courses and featured cases on Home', async () => {
    await s.page.goto('/');
    await expect.poll(() => cardTitles(s.page, '推荐课程')).toContain('Python程序设计基础');
    expect(await cardTitles(s.page, '精选项目案例')).toHaveLength(4);
    expect(unexpectedErrors(s.errors).filter((e) => !/404/.test(e))).toEqual([]);
  });

  it('shows an error with retry when the catalogue fails, and recovers', async () => {
    let fail = true;
    await s.page.route('**/api/course/officialCourse/pages*', (r) =>
      fail ? r.fulfill({ json: { resultCode: 500, errMsg: '服务繁忙，请稍后再试', data: null } }) : r.fallback(),
    );
    await s.page.goto('/#/course/list?name=Java');
    await s.page.getByRole('alert').filter({ hasText: '服务繁忙，请稍后再试' }).waitFor();
    fail = false;
    await s.page.getByRole('button', { name: '重试' }).click();
    await expect.poll(() => cardTitles(s.page, '课程列表')).toEqual(['Java面向对象编程']);
    await s.page.unroute('**/api/course/officialCourse/pages*');
  });

  it('fits a 375 px phone and a 1440 px desktop without sideways scrolling', async () => {
    const screens = [
      '/',
      '/course/list',
      '/course/detail?id=course-01',
      '/project/list',
      '/project/detail?id=case-01',
      '/practice',
      '/practiceDetail?id=prac-01',
    ];
    for (const width of [375, 1440]) {
      await s.page.setViewportSize({ width, height: 800 });
      for (const path of screens) {
        await s.page.goto(`/#${path}`);
        await s.page.locator('h1').first().waitFor();
        await s.page.waitForLoadState('networkidle');
        const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
        if (process.env.E2E_SHOTS) await s.page.screenshot({ path: `${process.env.E2E_SHOTS}/${width}${path.replace(/[/?=]/g, '_')}.png`, fullPage: true });
      }
    }
    await s.page.setViewportSize({ width: 1280, height: 800 });
  });
});
