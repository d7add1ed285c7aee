import { describe, expect, it } from 'vitest';
import { formatDateTime, startOfShanghaiDay } from './time';

describe('Asia/Shanghai days', () => {
  it('starts the day at midnight Shanghai time, whatever the UTC date', () => {
    // 2026-11-24 23:30 UTC is 2026-11-25 07:30 in Shanghai: the day began at 2026-11-24 16:00 UTC.
    expect(startOfShanghaiDay(new Date('2026-11-24T23:30:00Z')).toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(startOfShanghaiDay(new Date('2026-11-24T15:59:59Z')).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(formatDateTime(startOfShanghaiDay(new Date('2026-11-24T16:00:00Z')))).toBe('2026-11-25 00:00:00');
  });
});
