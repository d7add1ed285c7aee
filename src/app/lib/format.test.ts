// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatFileSize } from './format';

describe('formatFileSize', () => {
  it('uses B, KB, MB and GB with two decimals and drops .00', () => {
    expect(formatFileSize(0)).toBe('0B');
    expect(formatFileSize(512)).toBe('512B');
    expect(formatFileSize(1024)).toBe('1KB');
    expect(formatFileSize(1536)).toBe('1.50KB');
    expect(formatFileSize(1024 * 1024 * 2.25)).toBe('2.25MB');
    expect(formatFileSize(1024 ** 3 * 3)).toBe('3GB');
    expect(formatFileSize(1024 ** 4)).toBe('1024GB');
    expect(formatFileSize('2048')).toBe('2KB');
    expect(formatFileSize(undefined)).toBe('0B');
  });
});

describe('formatDate', () => {
  const d = new Date(2024, 2, 5, 8, 7, 9);
  it.each([
    [0, '2024-03-05'],
    [1, '2024-03-05 08:07'],
    [2, '2024年03月05日'],
    [3, '03-05'],
    [4, '08:07'],
    [5, '2024/03/05'],
    [6, '2024.03.05'],
    [7, '2024-03-05 08:07:09'],
    [undefined, '2024-03-05 08:07:09'],
  ])('code %s → %s', (code, out) => {
    expect(formatDate(d, code)).toBe(out);
  });
  it('shows 无 for empty or invalid input', () => {
    expect(formatDate('', 0)).toBe('无');
    expect(formatDate(null)).toBe('无');
    expect(formatDate(undefined)).toBe('无');
    expect(formatDate('not a date')).toBe('无');
  });
  it('reads server timestamps as local time', () => {
    expect(formatDate('2024-03-05 08:07:09')).toBe('2024-03-05 08:07:09');
    expect(formatDate(d.getTime(), 0)).toBe('2024-03-05');
  });
});

describe('formatDuration', () => {
  it('shows mm:ss under an hour and hh:mm:ss from an hour', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3600)).toBe('01:00:00');
    expect(formatDuration('3725.6')).toBe('01:02:05');
    expect(formatDuration(-4)).toBe('00:00');
  });
});
