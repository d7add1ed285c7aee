import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { useHashLocation, useHashSearch } from '../../app/router/hash-location';
import { activeEntry, PersonalLayout } from './PersonalLayout';

afterEach(() => {
  window.location.hash = '';
});

describe('study-centre menu', () => {
  it('maps detail screens to their list entry', () => {
    expect(activeEntry('/personal/newsDetail')).toBe('/personal/myNews');
    expect(activeEntry('/task')).toBe('/personal/myTask');
    expect(activeEntry('/set')).toBe('/set');
    expect(activeEntry('/help')).toBeUndefined();
  });

  it('shows the entries and marks the current one', () => {
    window.location.hash = '#/personal/newsDetail?id=1';
    render(
      <Router hook={useHashLocation} searchHook={useHashSearch}>
        <PersonalLayout title="消息详情">body</PersonalLayout>
      </Router>,
    );
    const nav = screen.getByRole('navigation', { name: '学习中心菜单' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(links).toEqual(['我的学习', '复习', '我的导图', '我的任务', '我的考试', '消息通知', '个人设置']);
    expect(screen.getByRole('link', { name: '消息通知' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: '消息详情' })).toBeTruthy();
  });
});
