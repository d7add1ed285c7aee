import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { useHashLocation, useHashSearch } from '../router/hash-location';
import { useListQuery } from './list-query';

const KEYS = ['name', 'category'] as const;
const wrapper = ({ children }: { children: ReactNode }) => (
  <Router hook={useHashLocation} searchHook={useHashSearch}>
    {children}
  </Router>
);

afterEach(() => {
  window.location.hash = '';
});

describe('useListQuery', () => {
  it('reads filters from the hash query and writes changes back, resetting the page on a filter change', async () => {
    window.location.hash = '#/course/list?category=Web开发&page=3';
    const { result } = renderHook(() => useListQuery(KEYS), { wrapper });
    expect(result.current[0]).toEqual({ name: '', category: 'Web开发', page: 3 });

    act(() => result.current[1]({ page: 4 }));
    expect(decodeURIComponent(window.location.hash)).toBe('#/course/list?category=Web开发&page=4');
    // a pushed hash change reaches the hook with the hashchange event
    await waitFor(() => expect(result.current[0].page).toBe(4));

    act(() => result.current[1]({ category: '数据科学' }));
    expect(decodeURIComponent(window.location.hash)).toBe('#/course/list?category=数据科学');
    await waitFor(() => expect(result.current[0]).toEqual({ name: '', category: '数据科学', page: 1 }));
  });

  it('builds on the live URL, so a ?name= the search box just replaced is kept', () => {
    window.location.hash = '#/course/list?page=2';
    const { result } = renderHook(() => useListQuery(KEYS), { wrapper });
    // what ListSearchBox does first: replace ?name= in place, page untouched
    window.history.replaceState(null, '', '#/course/list?page=2&name=Java');
    act(() => result.current[1]({ name: 'Java', page: 1 }, { replace: true }));
    expect(decodeURIComponent(window.location.hash)).toBe('#/course/list?name=Java');
  });
});
