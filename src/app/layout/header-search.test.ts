import { describe, expect, it } from 'vitest';
import { searchTarget } from './header-search';

describe('searchTarget', () => {
  it('goes to the list of the chosen type with ?name=', () => {
    expect(searchTarget('1', '数据')).toBe('/project/list?name=%E6%95%B0%E6%8D%AE');
    expect(searchTarget('2', ' AI ')).toBe('/course/list?name=AI');
    expect(searchTarget('3', 'x')).toBe('/practice?name=x');
    expect(searchTarget('2', '')).toBe('/course/list');
  });
});
