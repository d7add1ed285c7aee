import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type BrowserSession } from './browser';
import { e2eBaseURL } from './base-url';

let s: BrowserSession;
beforeAll(async () => {
  s = await openSession(e2eBaseURL());
});
afterAll(async () => s?.close());

describe('Home', () => {
  it('opens from the real server with header navigation and footer', async () => {
    await s.page.goto('/');
    const nav = s.page.getByRole('navigation', { name: '主导航' });
    for (const label of ['首页', '专业课程', '项目案例', '实践训练', '导师活动', '在线考试', '我的课程']) {
      await expect(nav.getByRole('link', { name: label, exact: true }).count()).resolves.toBe(1);
    }
    expect(await nav.getByRole('link', { name: '在线考试' }).getAttribute('target')).toBe('_blank');
    const footer = s.page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: '帮助中心' }).count()).toBe(1);
    expect(await footer.textContent()).toContain('版权所有');
    expect(await s.page.getByRole('heading', { level: 1 }).textContent()).toContain('学图');
    expect(s.errors).toEqual([]);
  });
});

describe('Home before login', () => {
  it('sets the login invite box in the shelves’ column, at 1440 and 375 px', async () => {
    for (const width of [1440, 375]) {
      await s.page.setViewportSize({ width, height: 800 });
      await s.page.goto('/');
      const invite = s.page.getByRole('region', { name: '登录后查看为你推荐的课程与学习记录' });
      const box = (await invite.getByRole('heading').locator('..').boundingBox())!;
      const shelf = (await s.page.getByRole('region', { name: '专业课程' }).getByRole('list').boundingBox())!;
      expect([Math.round(box.x), Math.round(box.width)], `at ${width} px`).toEqual([Math.round(shelf.x), Math.round(shelf.width)]);
    }
  });
});
