// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dueText, intervalText } from './review-dates';

const at = (s: string) => new Date(s).getTime();

describe('review dates', () => {
  const now = at('2026-11-24T10:00:00');
  it('says when a card is due in words', () => {
    expect(dueText(now - 1000, now)).toBe('现在');
    expect(dueText(now + 10 * 60000, now)).toBe('10分钟后');
    expect(dueText(at('2026-11-24T18:30:00'), now)).toBe('今天 18:30');
    expect(dueText(at('2026-11-25T09:05:00'), now)).toBe('明天 09:05');
    expect(dueText(at('2026-11-28T09:00:00'), now)).toBe('11月28日');
    expect(dueText(at('2027-03-01T09:00:00'), now)).toBe('2027年3月1日');
    expect(dueText(0, now)).toBe('');
  });
  it('gives the intervals of the grade buttons', () => {
    expect(intervalText(now + 30_000, now)).toBe('1分钟');
    expect(intervalText(now + 10 * 60000, now)).toBe('10分钟');
    expect(intervalText(now + 5 * 3600_000, now)).toBe('5小时');
    expect(intervalText(now + 3 * 86400_000, now)).toBe('3天');
    expect(intervalText(now + 60 * 86400_000, now)).toBe('2个月');
    expect(intervalText(now + 548 * 86400_000, now)).toBe('1.5年');
  });
});
