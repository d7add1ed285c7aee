import { describe, expect, it } from 'vitest';
import { findWords, generateTree, type GenTree } from './tree-gen';

function flat(t: GenTree, level = 0, out: { text: string; level: number }[] = []) {
  out.push({ text: t.text, level });
  for (const c of t.children) flat(c, level + 1, out);
  return out;
}

describe('findWords', () => {
  it.each([1000, 20000])('at %i topics: the many word is in one topic of fifteen, the deep word in one level-3 leaf only', (n) => {
    const all = flat(generateTree(n));
    const { many, deep } = findWords(n);
    const hits = (q: string) => all.filter((x) => x.text.toLowerCase().includes(q.toLowerCase()));
    expect(hits(many).length).toBeGreaterThanOrEqual(Math.floor(n / 15));
    const one = hits(deep);
    expect(one).toHaveLength(1);
    expect(one[0].level).toBe(3);
    expect(all.at(-1)!.text).toBe(deep);
  });
});
