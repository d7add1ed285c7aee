import type { MindDoc, NodeRec } from '../model/doc';

// The 掌握 N/M roll-up beside 已学 N/M (issue 34 item 2). M counts the topics of a branch's subtree
// (itself included, as rollup.ts) the student is to know: the case's study nodes (知识点) — the
// same topics 已学 N/M counts — and the topics she added to her map herself and has practised (a
// card graded in 复习 or a 回忆练习, missed or not: `ownPractised`, the server says which); N those
// at 掌握. The case's other topics (its sub-points, like 核心概念 under each 知识点) show their own
// mastery ring when practised, but are not in N/M: a whole-branch 回忆练习 grades them and made M
// jump from 13 to 22 beside 已学 12/13. `fading` counts every topic whose predicted recall fell under the server's
// threshold, counted or not: the 掌握度 view names the branch fading most, as 下一步 does.
// Mastery is the server's (review/mastery.ts); the engine only adds it up, because only the
// worker holds the whole tree (the main thread mirrors the unfolded part). A full count walks each
// counted topic's ancestor chain: topics × depth, a few thousand steps on a 50k-topic map, so it
// is recounted after each patch rather than kept incrementally.

/** The level 掌握 (review/mastery.ts: 0 未学, 1 学过, 2 熟悉, 3 掌握). */
export const MASTERED = 3;

export interface MasteryInput {
  /** Topics with a mastery above 未学, and their levels (1-3). */
  levels: ReadonlyMap<string, number>;
  fading: ReadonlySet<string>;
  /** The case's study nodes. */
  study: readonly string[];
  /** The student's own practised topics (not the case's): counted in N/M beside the 知识点. */
  ownPractised?: ReadonlySet<string>;
}

/** Every node with counted topics in its subtree; counts[3i] counted topics mastered, [3i+1] counted topics, [3i+2] fading topics. */
export interface MasteryRollup {
  ids: string[];
  counts: Int32Array;
}

export function masteryRollup(doc: MindDoc, input: MasteryInput): MasteryRollup {
  const row = new Map<NodeRec, number>();
  const acc: number[] = [];
  const ids: string[] = [];
  const study = new Set(input.study);
  const count = (id: string) => {
    const rec = doc.byId.get(id);
    if (!rec) return;
    const total = study.has(id) || input.ownPractised?.has(id) ? 1 : 0;
    const mastered = total && (input.levels.get(id) ?? 0) >= MASTERED ? 1 : 0;
    const fading = input.fading.has(id) ? 1 : 0;
    if (!total && !fading) return;
    for (let n: NodeRec | null = rec; n; n = n.parent) {
      let i = row.get(n);
      if (i === undefined) {
        i = ids.length;
        row.set(n, i);
        ids.push(n.id);
        acc.push(0, 0, 0);
      }
      acc[3 * i] += mastered;
      acc[3 * i + 1] += total;
      acc[3 * i + 2] += fading;
    }
  };
  const seen = new Set<string>();
  for (const id of [...input.study, ...(input.ownPractised ?? []), ...input.fading]) {
    if (seen.has(id)) continue;
    seen.add(id);
    count(id);
  }
  return { ids, counts: Int32Array.from(acc) };
}
