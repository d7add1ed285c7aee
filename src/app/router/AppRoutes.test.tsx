import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { clearSession, setToken } from '../session/session-store';
import { closeLogin, ui } from '../ui-store';
import { AppRoutes } from './AppRoutes';
import { titleOf } from './document-title';
import { useHashLocation, useHashSearch } from './hash-location';
import { lazyScreen } from './lazy-screen';
import type { AppRoute } from './route-types';

const routes: AppRoute[] = [
  { path: '/', screen: () => <h1>首页</h1>, protected: false },
  { path: '/course', redirect: '/course/list' },
  {
    path: '/course/list',
    screen: lazyScreen(
      async () => ({ CourseList: () => <h1>课程列表</h1> }),
      (m) => m.CourseList,
    ),
  },
  { path: '/course/content', screen: () => <h1>课程内容</h1>, layout: 'none' },
];

function renderAt(hash: string) {
  window.location.hash = hash;
  return render(
    <Router hook={useHashLocation} searchHook={useHashSearch}>
      <AppRoutes routes={routes} examSiteUrl="https://exam.example/" />
    </Router>,
  );
}

afterEach(() => {
  window.location.hash = '';
  clearSession();
  closeLogin();
});

describe('AppRoutes', () => {
  it('shows the 404 page with a link home for unknown paths', () => {
    renderAt('#/no/such/page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('页面不存在');
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('redirects a parent to its default child and opens the login dialog without a token', async () => {
    renderAt('#/course');
    expect(window.location.hash).toBe('#/course/list');
    expect(await screen.findByRole('heading', { name: '请先登录' })).toBeTruthy();
    expect(ui.loginOpen).toBe(true);
  });

  it('renders a protected lazy screen in the main layout with a token', async () => {
    setToken('t');
    renderAt('#/course/list?name=x');
    expect(await screen.findByRole('heading', { name: '课程列表' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(ui.loginOpen).toBe(false);
  });

  it('renders a content route outside the main layout', async () => {
    setToken('t');
    renderAt('#/course/content');
    expect(await screen.findByRole('heading', { name: '课程内容' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows the screen once the user logs in', async () => {
    renderAt('#/course/list');
    await screen.findByRole('heading', { name: '请先登录' });
    await act(async () => setToken('t'));
    expect(await screen.findByRole('heading', { name: '课程列表' })).toBeTruthy();
  });
});

describe('document title', () => {
  // Issue 31 (outside walk): the title was 学图 · 在线学习平台 on every screen.
  it('names the screen in the title and announces it after an in-app navigation, not on the first screen', async () => {
    setToken('t');
    renderAt('#/');
    expect(document.title).toBe('首页 - 学图');
    const live = () => document.querySelector('[aria-live="polite"].visually-hidden')?.textContent;
    expect(live()).toBe('');
    act(() => void (window.location.hash = '#/course/list'));
    await screen.findByRole('heading', { name: '课程列表' });
    expect(document.title).toBe('专业课程 - 学图');
    expect(live()).toBe('专业课程 - 学图');
    act(() => void (window.location.hash = '#/no/such'));
    await screen.findByRole('heading', { name: '页面不存在' });
    expect(document.title).toBe('页面不存在 - 学图');
  });

  it('adds the name a screen gives itself (an opened map) while it is shown', () => {
    expect(titleOf('/personal/myMap', '生物')).toBe('生物 - 我的导图 - 学图');
    expect(titleOf('/course/detail')).toBe('课程详情 - 学图');
  });
});
