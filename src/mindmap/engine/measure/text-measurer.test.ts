import { describe, expect, it } from 'vitest';
import { createGlyphMeasurer, createMeasurer, createTableMeasurer, tableWidth } from './text-measurer';

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
  it('glyph measurer sums cached advances, one call per glyph and font, one per font for all ideographs', () => {
    const calls: string[] = [];
    const m = createGlyphMeasurer((f, g) => (calls.push(`${f}:${g}`), g === '中' ? 16 : g.length === 2 ? 20 : 8));
    expect(m.width('16px a', '数据 ab')).toBe(16 + 16 + 8 + 8 + 8);
    expect(m.width('16px a', '结构ba')).toBe(16 + 16 + 8 + 8);
    expect(calls).toEqual(['16px a:中', '16px a: ', '16px a:a', '16px a:b']);
    // another font measures again; a surrogate pair (emoji) is one glyph
    expect(m.width('bold 16px a', '学😀')).toBe(36);
    expect(calls.slice(4)).toEqual(['bold 16px a:中', 'bold 16px a:😀']);
    // full-width punctuation is not an ideograph: measured on its own
    m.width('16px a', '，');
    expect(calls.at(-1)).toBe('16px a:，');
    expect(m.width('16px a', '')).toBe(0);
  });
});
