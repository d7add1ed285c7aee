import { describe, expect, it } from 'vitest';
import { createMeasurer, createTableMeasurer, tableWidth } from './text-measurer';

describe('TextMeasurer', () => {
  it('table widths are deterministic, CJK full width', () => {
    expect(tableWidth('16px sans-serif', '数据结构')).toBe(64);
    expect(tableWidth('16px sans-serif', 'abc')).toBeGreaterThan(20);
    expect(tableWidth('bold 16px x', 'abc')).toBeGreaterThan(tableWidth('16px x', 'abc'));
    expect(createTableMeasurer().width('12px a', '学')).toBe(12);
  });
  it('caches by (font, text) and accepts any measure function', () => {
    let calls = 0;
    const m = createMeasurer((f, t) => (calls++, t.length * (f === 'a' ? 1 : 2)));
    expect(m.width('a', 'xyz')).toBe(3);
    expect(m.width('a', 'xyz')).toBe(3);
    expect(m.width('b', 'xyz')).toBe(6);
    expect(calls).toBe(2);
  });
});
