import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type BrowserSession } from './browser';
import { hashOf, unexpectedErrors } from './shell-helpers';
import { e2eBaseURL } from './base-url';

let s: BrowserSession;
beforeAll(async () => {
  s = await openSession(e2eBaseURL());
});
afterAll(async () => s?.close());

describe('app shell', () => {
  it('shows student and teacher login when signed out', async () => {
    await s.page.goto('/');
    const header = s.page.getByRole('banner');
    await header.getByRole('button', { name: '学生登录' }).waitFor();
    const teacher = header.getByRole('link', { name: '教师登录' });
    expect(await teacher.getAttribute('target')).toBe('_blank');
    expect(await teacher.getAttribute('href')).toMatch(/^https?:\/\//);
  });

  it('opens Forget without login', async () => {
    await s.page.goto('/#/forget');
    await s.page.getByText('请联系管理员老师重置密码').waitFor();
    expect(await s.page.getByRole('dialog').count()).toBe(0);
  });

  it('redirects /project, /course and /exam to their default child', async () => {
    for (const [from, to] of [
      ['/project', '#/project/list'],
      ['/course', '#/course/list'],
      ['/exam', '#/exam/exam'],
    ]) {
      await s.page.goto(`/#${from}`);
      await expect.poll(() => hashOf(s.page)).toBe(to);
    }
  });

  it('asks for login on protected routes when signed out, and never on Home or Forget', async () => {
    for (const path of ['/course/list', '/project/list', '/practice', '/personal/myNews', '/set', '/help']) {
      await s.page.goto(`/#${path}`);
      await s.page.getByRole('dialog', { name: '登录' }).waitFor();
      await s.page.keyboard.press('Escape');
      await s.page.getByRole('dialog', { name: '登录' }).waitFor({ state: 'detached' });
      // the screen waits behind a prompt that reopens the dialog
      await s.page.getByRole('heading', { name: '请先登录' }).waitFor();
    }
    await s.page.goto('/#/');
    await s.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await s.page.getByRole('dialog').count()).toBe(0);
  });

  it('links carry their route in the hash, so a new tab opens the screen; a bare page address goes to its route', async () => {
    await s.page.goto('/');
    const nav = s.page.getByRole('banner').getByRole('link', { name: '专业课程' });
    expect(await nav.getAttribute('href')).toBe('#/course/list');
    const footer = s.page.getByRole('contentinfo').getByRole('link', { name: '帮助中心' });
    expect(await footer.getAttribute('href')).toBe('#/help');
    // what a new tab of that link (or an address typed without #) gets: the screen, not JSON
    await s.page.goto('/forget');
    await expect.poll(() => hashOf(s.page)).toBe('#/forget');
    await s.page.getByText('请联系管理员老师重置密码').waitFor();
  });

  it('shows a 404 page with a link home for unknown paths', async () => {
    await s.page.goto('/#/no/such/page');
    await s.page.getByRole('heading', { name: '页面不存在' }).waitFor();
    await s.page.getByRole('main').getByRole('link', { name: '返回首页' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/');
  });

  it('header search reaches each list with ?name=', async () => {
    for (const [label, path] of [
      ['专业课程', '#/course/list'],
      ['实践训练', '#/practice'],
      ['项目案例', '#/project/list'],
    ]) {
      // a fresh page per search: signed out, each list's guard opens the login dialog
      await s.page.goto('about:blank');
      await s.page.goto('/');
      const header = s.page.getByRole('banner');
      await header.getByRole('combobox', { name: '搜索类型' }).click();
      await s.page.getByRole('option', { name: label }).click();
      await header.getByRole('searchbox', { name: '搜索关键词' }).fill(`数据 ${label}`);
      await header.getByRole('searchbox', { name: '搜索关键词' }).press('Enter');
      await expect.poll(() => hashOf(s.page)).toBe(`${path}?name=数据 ${label}`.replace(' ', '+'));
      await s.page.getByRole('dialog', { name: '登录' }).waitFor();
    }
    await s.page.keyboard.press('Escape');
    await s.page.getByRole('dialog', { name: '登录' }).waitFor({ state: 'detached' });
    // the search icon works like Enter
    await s.page.getByRole('banner').getByRole('searchbox', { name: '搜索关键词' }).fill('AI');
    await s.page.getByRole('banner').getByRole('button', { name: '搜索', exact: true }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/project/list?name=AI');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
