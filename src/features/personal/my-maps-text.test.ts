import { describe, expect, it } from 'vitest';
import { purgeDate, sizeOf, usageText } from './my-maps-text';

const usage = { maps: 2, bytes: 3000, maxMaps: 300, maxBytes: 100 * 1024 * 1024, trashDays: 30 };

describe('我的导图 texts', () => {
  it('says the usage in KB below a megabyte, and warns from 80 % of either limit', () => {
    expect(sizeOf(0)).toBe('0 KB');
    expect(sizeOf(100)).toBe('1 KB');
    expect(sizeOf(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(usageText(usage)).toEqual({ text: '已用 2 / 300 张，3 KB / 100 MB（含回收站）', near: false });
    expect(usageText({ ...usage, maps: 240 }).near).toBe(true);
    expect(usageText({ ...usage, bytes: 80 * 1024 * 1024 }).near).toBe(true);
  });

  it('dates the purge in Shanghai days, across a UTC day boundary', () => {
    expect(purgeDate('2026-11-29 07:30:00', 30)).toBe('2026-12-29');
    expect(purgeDate('2026-11-29 00:30:00', 30)).toBe('2026-12-29');
  });
});
