// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { searchFromLocation, searchTarget } from './header-search';

describe('searchTarget', () => {
  it('goes to the list of the chosen type with ?name=', () => {
    expect(searchTarget('1', '数据')).toBe('/project/list?name=%E6%95%B0%E6%8D%AE');
    expect(searchTarget('2', ' AI ')).toBe('/course/list?name=AI');
    expect(searchTarget('3', 'x')).toBe('/practice?name=x');
    expect(searchTarget('2', '')).toBe('/course/list');
  });
});

describe('searchFromLocation (issue 18 item 8: the box kept an old term after navigating)', () => {
  it('shows a list page’s type and term, and nothing elsewhere', () => {
    expect(searchFromLocation('/course/list', 'name=AI&page=2')).toEqual({ type: '2', name: 'AI' });
    expect(searchFromLocation('/practice', '')).toEqual({ type: '3', name: '' });
    expect(searchFromLocation('/project/detail', 'id=case-01')).toEqual({ name: '' });
    expect(searchFromLocation('/', '')).toEqual({ name: '' });
  });
});
