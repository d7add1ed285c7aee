import type { KmNode, KmNodeData } from '../model/types';

// The one definition of study progress (SPEC §1: isStudy marks a learnt node). A study node
// (知识点) is a node of the case that carries resources or an exam; which ones those are is the
// server's knowledge, passed in as a set of node ids. A branch's progress is learnt / total over
// the study nodes of its subtree, itself included; the case's is the root's. The engine keeps
// these counts incrementally (progress-index.ts); the server computes list percentages with
// `rootProgress` below — the same rule, the same code.

export interface Progress {
  learnt: number;
  total: number;
}

/** isStudy 1 is learnt (0 not started, anything else in progress). */
export function isLearnt(data: KmNodeData): boolean {
  return Number(data.isStudy) === 1;
}

/** Whole percent, rounded down, so 100 % means every study node learnt. 0 when there is none. */
export function percentOf(p: Progress): number {
  return p.total > 0 ? Math.floor((p.learnt * 100) / p.total) : 0;
}

/** "3/8": the label the canvas, the tree and the outline show beside a branch. */
export function progressLabel(p: Progress): string {
  return `${p.learnt}/${p.total}`;
}

/**
 * Full recount: every node's roll-up, by id. Iterative post-order (imported maps may be deep).
 * The engine's incremental index must always equal this (property test).
 */
export function rollUpTree(root: KmNode, study: ReadonlySet<string>, learnt: (data: KmNodeData) => boolean = isLearnt): Map<string, Progress> {
  const out = new Map<string, Progress>();
  const order: KmNode[] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    order.push(n);
    for (const c of n.children ?? []) stack.push(c);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i];
    const id = String(n.data.id ?? '');
    const own = study.has(id);
    const p: Progress = { learnt: own && learnt(n.data) ? 1 : 0, total: own ? 1 : 0 };
    for (const c of n.children ?? []) {
      const cp = out.get(String(c.data.id ?? ''))!;
      p.learnt += cp.learnt;
      p.total += cp.total;
    }
    out.set(id, p);
  }
  return out;
}

/** The case's progress: the root's roll-up, without building the per-node map. */
export function rootProgress(root: KmNode, study: ReadonlySet<string>, learnt: (data: KmNodeData) => boolean = isLearnt): Progress {
  const p: Progress = { learnt: 0, total: 0 };
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (study.has(String(n.data.id ?? ''))) {
      p.total++;
      if (learnt(n.data)) p.learnt++;
    }
    for (const c of n.children ?? []) stack.push(c);
  }
  return p;
}

/**
 * The case's progress from its study nodes already found in the map (the server's cached list):
 * what rootProgress answers for that map, without walking it again.
 */
export function progressOfStudy(study: readonly string[], learnt: (id: string) => boolean): Progress {
  let n = 0;
  for (const id of study) if (learnt(id)) n++;
  return { learnt: n, total: study.length };
}
