import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commonPairs } from './line-diff';

function lcsLength(a: readonly string[], b: readonly string[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) dp[i][j] = a[i - 1] === b[j - 1] ? dp[i - 1][j - 1] + 1 : Math.max(dp[i - 1][j], dp[i][j - 1]);
  return dp[a.length][b.length];
}

describe('commonPairs (Myers LCS)', () => {
  it('pairs equal items, increasing in both sequences, as many as the longest common subsequence', () => {
    const seq = fc.array(fc.constantFrom('甲', '乙', '丙', '丁', 'x'), { maxLength: 30 });
    fc.assert(
      fc.property(seq, seq, (a, b) => {
        const pairs = commonPairs(a, b);
        for (let p = 0; p < pairs.length; p++) {
          const [i, j] = pairs[p];
          expect(a[i]).toBe(b[j]);
          if (p) expect(i > pairs[p - 1][0] && j > pairs[p - 1][1]).toBe(true);
        }
        expect(pairs.length).toBe(lcsLength(a, b));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the common prefix and suffix when the middle needs too many edits', () => {
    const a = ['p', ...Array.from({ length: 50 }, (_, i) => `a${i}`), 's'];
    const b = ['p', ...Array.from({ length: 50 }, (_, i) => `b${i}`), 's'];
    expect(commonPairs(a, b, 10)).toEqual([
      [0, 0],
      [51, 51],
    ]);
    expect(commonPairs([], ['x'])).toEqual([]);
  });
});
