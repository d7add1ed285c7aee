import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { useHashLocation, useHashSearch } from '../router/hash-location';
import { ListSearchBox } from './ListSearchBox';

afterEach(() => {
  window.location.hash = '';
});

function renderBox(onSearch = vi.fn()) {
  render(
    <Router hook={useHashLocation} searchHook={useHashSearch}>
      <ListSearchBox onSearch={onSearch} label="搜索课程" />
    </Router>,
  );
  return { onSearch, input: screen.getByRole('searchbox', { name: '搜索课程' }) as HTMLInputElement };
}

describe('ListSearchBox', () => {
  it('is prefilled from ?name= and searches on Enter, keeping ?name= in the URL', async () => {
    window.location.hash = '#/course/list?name=数据&x=1';
    const { onSearch, input } = renderBox();
    expect(input.value).toBe('数据');
    fireEvent.change(input, { target: { value: ' 算法 ' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onSearch).toHaveBeenCalledWith('算法');
    expect(decodeURIComponent(window.location.hash)).toBe('#/course/list?name=算法&x=1');
  });

  it('searches on the icon and clears ?name= for an empty search', async () => {
    window.location.hash = '#/project/list?name=AI';
    const { onSearch, input } = renderBox();
    fireEvent.change(input, { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '搜索课程' }));
    });
    expect(onSearch).toHaveBeenCalledWith('');
    expect(window.location.hash).toBe('#/project/list');
  });
});
