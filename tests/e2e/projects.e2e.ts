import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from './browser';
import { cardTitles, catalogueCard, hashOf, openSignedIn, recordApi, toastWith, unexpectedErrors } from './shell-helpers';
import { e2eBaseURL } from './base-url';

const GRADUATED = '您已结业，无法进入学习';
const EXPERIENCE = '您正在进行学生端体验，管理案例课程请登录教师端进行。';

const signedIn = (loginName?: string) => openSignedIn(e2eBaseURL(), loginName);

describe('project cases (normal student)', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await signedIn();
  });
  afterAll(async () => s?.close());

  it('filters by the classification tree, kept in the URL across reload', async () => {
    // 全部 years: all 8 cases (the list opens on the default year, see year-filter.e2e.ts)
    await s.page.goto('/#/project/list?year=all');
    expect(await cardTitles(s.page, '案例列表')).toHaveLength(8);
    await s.page.getByRole('group', { name: '分类', exact: true }).getByRole('button', { name: '软件工程' }).click();
    await expect.poll(() => cardTitles(s.page, '案例列表')).toEqual(['校园二手交易平台', '电商订单管理系统', '健康打卡小程序']);
    await s.page.getByRole('group', { name: '子分类' }).getByRole('button', { name: 'Web应用开发' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/project/list?year=all&classify=cls-se-web');
    await expect.poll(() => cardTitles(s.page, '案例列表')).toEqual(['校园二手交易平台', '电商订单管理系统']);
    await s.page.reload();
    expect(await cardTitles(s.page, '案例列表')).toEqual(['校园二手交易平台', '电商订单管理系统']);
    expect(await s.page.getByRole('group', { name: '子分类' }).getByRole('button', { name: 'Web应用开发' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('searches with the list box and from the header search box', async () => {
    await s.page.goto('/#/project/list');
    const box = s.page.getByRole('searchbox', { name: '搜索项目案例' });
    await box.fill('单车');
    await box.press('Enter');
    await expect.poll(() => cardTitles(s.page, '案例列表')).toEqual(['城市共享单车需求预测']);

    const header = s.page.getByRole('banner');
    await header.getByRole('combobox', { name: '搜索类型' }).click();
    await s.page.getByRole('option', { name: '项目案例' }).click();
    await header.getByRole('searchbox', { name: '搜索关键词' }).fill('智能');
    await header.getByRole('searchbox', { name: '搜索关键词' }).press('Enter');
    await expect.poll(() => hashOf(s.page)).toBe('#/project/list?name=智能');
    await expect.poll(() => cardTitles(s.page, '案例列表')).toEqual(['智能客服问答机器人']);
  });

  it('shows a studied case with its ranking and opens resources by type', async () => {
    const api = recordApi(s.page);
    await s.context.route('https://developer.mozilla.org/**', (r) => r.fulfill({ body: 'MDN', contentType: 'text/plain' }));
    await s.page.goto('/#/project/detail?id=case-01');
    await s.page.getByRole('heading', { level: 1, name: '校园二手交易平台' }).waitFor();
    await s.page.getByText(/学习中 · 进度/).waitFor();
    const ranking = s.page.getByRole('region', { name: '学习排行' }).getByRole('listitem');
    await ranking.first().waitFor();
    expect(await ranking.count()).toBeGreaterThanOrEqual(2);
    expect(await ranking.first().textContent()).toMatch(/^1.*已学 \d+ 个知识点$/);

    const nodes = s.page.getByRole('region', { name: '知识点与学习资源' });
    const withResources = nodes.getByRole('button', { name: /1 个资源/ });
    for (let i = 0; i < 5; i++) await withResources.nth(i).click();
    const link = nodes.locator('.resource', { hasText: '链接' }).first().getByRole('button');
    await link.waitFor();
    const [popup] = await Promise.all([s.context.waitForEvent('page'), link.click()]);
    await expect.poll(() => popup.url()).toContain('https://developer.mozilla.org/zh-CN/');
    await expect.poll(() => api.count('/api/course/studyRecord/addRecord')).toBe(1);
    await popup.close();

    await nodes.locator('.resource', { hasText: '视频' }).first().getByRole('button').click();
    await expect.poll(() => hashOf(s.page)).toMatch(/^#\/project\/content\?nodeId=.+&caseId=case-01&nodeName=.+&resourceId=.+&fileSuffix=3&fileName=.+webm$/);
  });

  it('applies to a case and then studies it', async () => {
    await s.page.goto('/#/project/detail?id=case-02');
    await s.page.getByRole('button', { name: '报名学习' }).click();
    await toastWith(s.page, '报名成功').waitFor();
    await s.page.getByText(/学习中 · 进度 0%/).waitFor();
    await s.page.getByRole('link', { name: '我的学习导图' }).waitFor();
    await s.page.goto('/#/project/list?name=电商');
    await catalogueCard(s.page, '电商订单管理系统').getByText('学习中').waitFor();
  });

  it('lists practice, searches it from the header and starts one', async () => {
    // 王芳 (13800000003) starts the practice: the demo student's prac-02 is applied for by the
    // save flows (mindmap-save.e2e), and the e2e files share one database.
    const w = await signedIn('13800000003');
    try {
      await w.page.goto('/#/practice');
      expect(await cardTitles(w.page, '实践训练列表')).toEqual(['HTML与CSS页面实训', 'SQL查询实训', 'Python数据处理实训', 'Linux命令行实训']);
      const header = w.page.getByRole('banner');
      await header.getByRole('combobox', { name: '搜索类型' }).click();
      await w.page.getByRole('option', { name: '实践训练' }).click();
      await header.getByRole('searchbox', { name: '搜索关键词' }).fill('SQL');
      await header.getByRole('searchbox', { name: '搜索关键词' }).press('Enter');
      await expect.poll(() => hashOf(w.page)).toBe('#/practice?name=SQL');
      await expect.poll(() => cardTitles(w.page, '实践训练列表')).toEqual(['SQL查询实训']);
      await w.page.getByRole('link', { name: 'SQL查询实训' }).click();
      await expect.poll(() => hashOf(w.page)).toBe('#/practiceDetail?id=prac-02');
      await w.page.getByRole('heading', { level: 1, name: 'SQL查询实训' }).waitFor();
      expect(await w.page.getByRole('region', { name: '训练步骤' }).getByRole('listitem').count()).toBeGreaterThan(5);
      await w.page.getByRole('button', { name: '开始练习' }).click();
      await toastWith(w.page, '已加入练习').waitFor();
      await w.page.getByRole('button', { name: '继续练习' }).waitFor();
      await w.page.getByRole('link', { name: '我的练习导图' }).waitFor();
      expect(unexpectedErrors(w.errors).filter((e) => !/404/.test(e))).toEqual([]);
    } finally {
      await w.close();
    }
  });
});

describe('refusals', () => {
  it('refuses a graduated case with the exact warning', async () => {
    const g = await signedIn('13800000003');
    try {
      await g.page.goto('/#/project/detail?id=case-01');
      await g.page.getByRole('heading', { level: 1, name: GRADUATED }).waitFor();
      await toastWith(g.page, GRADUATED).waitFor();
      expect(await g.page.getByRole('region', { name: '知识点与学习资源' }).count()).toBe(0);
      // the same student's active case opens normally
      await g.page.goto('/#/project/detail?id=case-02');
      await g.page.getByRole('heading', { level: 1, name: '电商订单管理系统' }).waitFor();
    } finally {
      await g.close();
    }
  });

  it('refuses case management for the experience account (customerType 1) without a request', async () => {
    const x = await signedIn('13800000002');
    try {
      const api = recordApi(x.page);
      await x.page.goto('/#/project/detail?id=case-03');
      await x.page.getByRole('button', { name: '报名学习' }).click();
      await toastWith(x.page, EXPERIENCE).waitFor();
      expect(api.count('/api/course/caseApply/saveApply')).toBe(0);
    } finally {
      await x.close();
    }
  });
});
