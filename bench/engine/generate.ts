import type { KmDocument, KmNode } from '../../src/mindmap/core';

// Deterministic map generators for the benchmark.

/** Small seeded PRNG (mulberry32): the same trees on every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['数据结构', '线性表', '链表 Linked List', '二叉树', 'Hash Table', '图论', '排序算法', '动态规划', 'Graph', '复习'];

function node(i: number, r: () => number): KmNode {
  const text = `${WORDS[Math.floor(r() * WORDS.length)]} ${i}`;
  return { data: { id: `n${i.toString(36)}`, created: 1700000000000 + i, text }, children: [] };
}

/** Breadth-first tree of `n` nodes, at most 4 levels (root included), branching chosen to fit. */
export function wideMap(n: number): KmDocument {
  const r = rng(n);
  const k = Math.ceil(Math.cbrt(n));
  const root = node(0, r);
  const queue: Array<[KmNode, number]> = [[root, 1]];
  let count = 1;
  for (let q = 0; q < queue.length && count < n; q++) {
    const [p, level] = queue[q];
    if (level >= 4) continue;
    for (let j = 0; j < k && count < n; j++) {
      const c = node(count++, r);
      p.children!.push(c);
      queue.push([c, level + 1]);
    }
  }
  return { root, template: 'default', theme: 'fresh-blue', version: '1.4.43' };
}

/**
 * Deep, narrow tree: each node attaches to one of the 4 most recent nodes, so branches run
 * deep; a branch restarts near the top once it reaches depth 60 (markdown would otherwise write
 * n/3 '#' per heading).
 */
export function deepMap(n: number): KmDocument {
  const r = rng(n + 1);
  const nodes = [node(0, r)];
  const depth = [0];
  for (let i = 1; i < n; i++) {
    let pi = Math.max(0, nodes.length - 1 - Math.floor(r() * 4));
    if (depth[pi] >= 60) pi = Math.floor(r() * Math.min(nodes.length, 50));
    const c = node(i, r);
    nodes[pi].children!.push(c);
    nodes.push(c);
    depth.push(depth[pi] + 1);
  }
  return { root: nodes[0], template: 'right', theme: 'fresh-blue', version: '1.4.43' };
}
