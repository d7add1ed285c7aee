import type { MindDoc, NodeRec } from '../model/doc';

// The 掌握 N/M roll-up beside 已学 N/M (issue 34 item 2). A branch's M counts the topics of its
// subtree (itself included, as rollup.ts) a student is to know: the case's study nodes (知识点)
// and every topic with a review grade (a 回忆练习 grades the student's own topics too); N those
// at 掌握, and `fading` those whose predicted recall fell under the server's threshold.
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
}

/** Every node with counted topics in its subtree; counts[3i] mastered, [3i+1] total, [3i+2] fading. */
export interface MasteryRollup {
  ids: string[];
  counts: Int32Array;
}

export function masteryRollup(doc: MindDoc, input: MasteryInput): MasteryRollup {
  const row = new Map<NodeRec, number>();
  const acc: number[] = [];
  const ids: string[] = [];
  const count = (id: string) => {
    const rec = doc.byId.get(id);
    if (!rec) return;
    const mastered = (input.levels.get(id) ?? 0) >= MASTERED ? 1 : 0;
    const fading = input.fading.has(id) ? 1 : 0;
    for (let n: NodeRec | null = rec; n; n = n.parent) {
      let i = row.get(n);
      if (i === undefined) {
        i = ids.length;
        row.set(n, i);
        ids.push(n.id);
        acc.push(0, 0, 0);
      }
      acc[3 * i] += mastered;
      acc[3 * i + 1]++;
      acc[3 * i + 2] += fading;
    }
  };
  const seen = new Set<string>();
  for (const id of [...input.study, ...input.levels.keys()]) {
    if (seen.has(id)) continue;
    seen.add(id);
    count(id);
  }
  return { ids, counts: Int32Array.from(acc) };
}
