// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parsePage } from './page-param';

describe('parsePage', () => {
  it('accepts positive integers only', () => {
    expect(['3', '1', '0', '-2', '1.5', 'x', null].map(parsePage)).toEqual([3, 1, 1, 1, 1, 1, 1]);
  });
});
