// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readListQuery, writeListQuery } from './list-query';

const KEYS = ['name', 'category', 'year'] as const;

describe('readListQuery', () => {
  it('reads the filters and a positive page, defaulting to page 1', () => {
    expect(readListQuery('name=%E6%95%B0%E6%8D%AE&category=Web%E5%BC%80%E5%8F%91&page=3', KEYS)).toEqual({
      name: '数据',
      category: 'Web开发',
      year: '',
      page: 3,
    });
    expect(readListQuery('page=0', KEYS).page).toBe(1);
    expect(readListQuery('page=abc', KEYS).page).toBe(1);
    expect(readListQuery('page=-2', KEYS).page).toBe(1);
  });
});

describe('writeListQuery', () => {
  it('changing a filter returns to page 1 and drops empty values', () => {
    expect(writeListQuery('category=a&page=4', { category: 'b' }).toString()).toBe('category=b');
    expect(writeListQuery('category=a&year=2024&page=2', { category: '' }).toString()).toBe('year=2024');
  });
  it('changing only the page keeps the filters; page 1 is omitted', () => {
    expect(writeListQuery('name=x', { page: 3 }).toString()).toBe('name=x&page=3');
    expect(writeListQuery('name=x&page=3', { page: 1 }).toString()).toBe('name=x');
  });
  it('setting a filter to its current value keeps the page, and foreign keys survive', () => {
    expect(writeListQuery('name=x&page=2&from=home', { name: 'x' }).toString()).toBe('name=x&page=2&from=home');
  });
  it('an explicit page with a changed filter still starts at page 1', () => {
    expect(writeListQuery('name=x&page=5', { name: 'y', page: 5 }).toString()).toBe('name=y');
  });
});
