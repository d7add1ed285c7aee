import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from './browser';
import { hashOf, openSignedIn, unexpectedErrors } from './shell-helpers';
import { e2eBaseURL } from './base-url';

let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL());
});
afterAll(async () => s?.close());

const toggles = () =>
  s.page
    .getByRole('main')
    .getByRole('button', { expanded: false })
    .or(s.page.getByRole('main').getByRole('button', { expanded: true }));

describe('help centre', () => {
  it('pages through the entries 10 at a time with the page in the URL', async () => {
    await s.page.goto('/#/help');
    await s.page.getByRole('heading', { level: 1, name: '帮助中心' }).waitFor();
    await s.page.getByRole('button', { name: /如何登录学图平台？/ }).waitFor();
    expect(await toggles().count()).toBe(10);
    const pager = s.page.getByRole('navigation', { name: '帮助分页' });
    await pager.getByRole('button', { name: '第 2 页' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/help?page=2');
    await s.page.getByRole('button', { name: /任务截止后还能提交吗？/ }).waitFor();
    expect(await toggles().count()).toBe(2);
    expect(await pager.getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');

    // a reload stays on page 2
    await s.page.reload();
    await s.page.getByRole('button', { name: /任务截止后还能提交吗？/ }).waitFor();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('expands and collapses an entry by mouse and keyboard', async () => {
    await s.page.goto('/#/help');
    const toggle = s.page.getByRole('button', { name: /忘记密码怎么办？/ });
    await toggle.waitFor();
    const answer = s.page.getByText('请联系所在学院的管理员老师重置密码', { exact: false });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await answer.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await answer.waitFor();
    expect(await s.page.getByRole('region', { name: '忘记密码怎么办？' }).isVisible()).toBe(true);
    await toggle.focus();
    await s.page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await s.page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('searches by title and starts again from page 1', async () => {
    await s.page.goto('/#/help?page=2');
    await s.page.getByRole('button', { name: /任务截止后还能提交吗？/ }).waitFor();
    const box = s.page.getByRole('searchbox', { name: '搜索帮助' });
    await box.fill('导师');
    await box.press('Enter');
    await expect.poll(() => hashOf(s.page)).toBe('#/help?name=导师');
    await s.page.getByRole('button', { name: /如何报名导师？/ }).waitFor();
    await expect.poll(() => toggles().count()).toBe(2);
    await box.fill('没有这样的问题');
    await box.press('Enter');
    await s.page.getByText('没有找到相关问题').waitFor();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
