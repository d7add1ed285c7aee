// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { externalUrl } from './external-url';

describe('externalUrl', () => {
  it('keeps http(s) URLs and prefixes anything else with http://', () => {
    expect(externalUrl('https://a.cn/x')).toBe('https://a.cn/x');
    expect(externalUrl(' HTTP://a.cn ')).toBe('HTTP://a.cn');
    expect(externalUrl('www.icourse163.org')).toBe('http://www.icourse163.org');
    expect(externalUrl('javascript:alert(1)')).toBe('http://javascript:alert(1)');
  });
});
