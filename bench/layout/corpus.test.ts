import { describe, expect, it } from 'vitest';
import { corpus, docsMap, generate, SHAPES, stats } from './corpus';
import type { LayoutTree } from './contract';

// The corpus is the same on every machine and has the shapes it says it has.

const maxChildren = (t: LayoutTree): number => {
  let m = 0;
  const stack = [t];
  while (stack.length) {
    const n = stack.pop()!;
    m = Math.max(m, n.children.length);
    stack.push(...n.children);
  }
  return m;
};

describe('layout corpus', () => {
  it('generates every shape deterministically, at exactly the size asked for, with unique ids', () => {
    for (const shape of SHAPES) {
      const a = generate(shape, 3000);
      expect(JSON.stringify(generate(shape, 3000)), shape).toBe(JSON.stringify(a));
      expect(stats(a).nodes, shape).toBe(3000);
      const ids = new Set<string>();
      const stack = [a];
      while (stack.length) {
        const n = stack.pop()!;
        ids.add(n.id);
        stack.push(...n.children);
      }
      expect(ids.size, shape).toBe(3000);
    }
  });

  it('gives the shapes their character: wide is shallow, deep is deep, skewed has hubs', () => {
    expect(stats(generate('wide', 10000)).depth).toBeLessThanOrEqual(4);
    expect(stats(generate('deep', 10000)).depth).toBeGreaterThan(400);
    expect(stats(generate('balanced', 10000)).depth).toBe(8);
    expect(maxChildren(generate('skewed', 10000))).toBeGreaterThan(100);
    expect(generate('cjk', 100).children[0].text).toMatch(/[\u4e00-\u9fff]/);
  });

  it('states a source and a licence for every tree, and builds the seed and README maps from the repository', () => {
    const all = corpus([1000]);
    expect(all.map((e) => e.shape)).toEqual(['seed', 'seed', 'docs', ...SHAPES]);
    for (const e of all) {
      expect(e.source, e.name).not.toBe('');
      expect(e.licence, e.name).not.toBe('');
    }
    const docs = docsMap();
    expect(docs.tree.children.map((c) => c.text)).toContain('bench/layout/corpus/README.md');
    expect(docs.nodes).toBeGreaterThan(100);
  });
});
