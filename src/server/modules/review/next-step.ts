import type { NextStep } from '../../../contract/review';
import type { DbOrTrx } from '../../db/database';
import type { ContentCache } from '../../lib/content-cache';
import type { KmNode } from '../mindmaps/document';
import { caseAccessAndProgress, nowOf, officialMap, officialNodes } from '../mindmaps/maps';
import { caseDocument } from './cards';
import { mapFaces } from './faces';
import { mapReview } from './queue';
import { mapMastery } from './study-history';

// The next step on a case map (issue 34 item 3): the one thing to do now, first that applies —
// 1. review: topics of this map are due, or due within LEARN_AHEAD_MS (Anki's learn-ahead limit:
//    a topic just missed in a 回忆练习 comes back in a minute — that is the next thing to do);
// 2. recall: a branch of the root has fading topics (mastery.ts) — rebuilding it from memory is
//    retrieval practice for the whole branch at once; the branch with the most fading topics;
// 3. continue: the 正在学 topic (nowOf: where 继续学习 goes);
// 4. start: the first 知识点 not yet learnt, in map order;
// 5. done: every 知识点 learnt and nothing due.
// Reads only; the case page, the map and 学习中心 show the same answer.

export const LEARN_AHEAD_MS = 20 * 60_000;

const nameOf = (faces: ReturnType<typeof mapFaces>, id: string) => faces.get(id)?.text ?? '';

/** Of the root's branches with sub-topics, the one holding the most of `fading`. */
export function mostFadingBranch(root: KmNode, fading: ReadonlySet<string>): { id: string; count: number } | null {
  let best: { id: string; count: number } | null = null;
  for (const branch of root.children ?? []) {
    if (!branch.children?.length) continue;
    let count = 0;
    const stack: KmNode[] = [branch];
    while (stack.length) {
      const n = stack.pop()!;
      if (fading.has(String(n.data.id ?? ''))) count++;
      for (const c of n.children ?? []) stack.push(c);
    }
    if (count > 0 && (!best || count > best.count)) best = { id: String(branch.data.id ?? ''), count };
  }
  return best;
}

export async function nextStep(db: DbOrTrx, content: ContentCache, studentId: string, caseId: string, now: Date): Promise<NextStep> {
  const review = await mapReview(db, studentId, caseId, new Date(now.getTime() + LEARN_AHEAD_MS));
  const dueNow = (await mapReview(db, studentId, caseId, now)).due.length;
  const step = (kind: NextStep['kind'], nodeId: string, nodeName: string, count: number, reason: string): NextStep => ({
    caseId,
    kind,
    nodeId,
    nodeName,
    count,
    reason,
  });
  const due = review.due.length;
  // Due now: the count the map's 待复习 panel shows (the ones due within minutes come with them).
  if (dueNow) return step('review', '', '', dueNow, `有 ${dueNow} 个主题到了复习时间：在快要忘记时回想一次，记得最牢。`);
  if (due) return step('review', '', '', due, `有 ${due} 个主题几分钟内到期（刚才没想起来的会很快再考一次）：到时复习，记得更牢。`);
  const [doc, mastery] = await Promise.all([caseDocument(db, studentId, caseId), mapMastery(db, content, studentId, caseId, now)]);
  const faces = doc ? mapFaces(doc) : new Map();
  const fading = doc ? mostFadingBranch(doc.root, new Set(mastery.fading)) : null;
  if (fading) {
    const name = nameOf(faces, fading.id);
    return step('recall', fading.id, name, fading.count, `「${name}」有 ${fading.count} 个主题正在遗忘：凭记忆把这一支写出来，最能把它们找回来。`);
  }
  const [progress, nodes, official] = await Promise.all([
    caseAccessAndProgress(db, studentId, caseId),
    officialNodes(db, content, caseId),
    officialMap(db, caseId),
  ]);
  // A 知识点 is the official map's: the student's own copy may have renamed or dropped it.
  const officialFaces = official ? mapFaces(official) : new Map();
  const topicName = (id: string) => nameOf(faces, id) || nameOf(officialFaces, id);
  const current = nodes ? nowOf(progress.studied, progress.learnt, nodes) : undefined;
  if (current) {
    const name = topicName(current);
    return step('continue', current, name, 0, `你正在学「${name}」：先把它学完，再开始新的知识点。`);
  }
  const next = nodes?.study.find((id) => !progress.learnt.has(id));
  if (next) {
    const name = topicName(next);
    return step('start', next, name, 0, `「${name}」是下一个还没学的知识点。`);
  }
  return step('done', '', '', 0, '知识点都已学完，暂时没有要复习的主题；过几天再来复习，记得更牢。');
}
