import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openSession, type BrowserSession } from './browser';

let s: BrowserSession;
beforeAll(async () => {
  s = await openSession(inject('baseURL'));
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
