import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { badRequest } from '../../http/envelope';
import { newId } from '../../lib/ids';
import { percentOf, rootProgress, type Progress } from '../../../mindmap/core';
import { officialMap } from '../mindmaps/maps';
import { coveredSeconds, DONE_RATIO, parseSegments } from './coverage';

// When a node of a case is learnt (issue 22): when every required resource of it is completed and
// its node exam (if any) passed. case_records holds one row per student, case, node and resource:
// is_study 2 = opened (created_at is when), 1 = completed; the row with resource_id '' is the node
// itself, learnt. A node without resources or exam is ticked by hand.

/** Seconds a text, image or PDF must be open. */
export const OPEN_SECONDS = 5;
/** 完成条件 per file suffix code (0 text, 1 image, 2 link, 3 video, 4 PDF). */
export const RULES: Record<number, string> = { 0: '打开阅读满 5 秒', 1: '打开查看满 5 秒', 2: '打开链接', 3: '视频看完 90%（任意倍速）', 4: '打开阅读满 5 秒' };
/** A PDF whose page count is known is completed by its pages seen (pdf-pages.ts). */
export const PDF_PAGES_RULE = '翻阅 90% 的页面';
const ruleOf = (code: number, pageCount: number) => (code === 4 && pageCount > 0 ? PDF_PAGES_RULE : (RULES[code] ?? RULES[0]));
export const EXAM_RULE = '通过节点测试';
export const BY_HAND_RULE = '手动标记已学';

/**
 * Serialises every completion of one student in one case: both concurrent last resources see each
 * other, so the node row is written exactly once. Taken first in every completing transaction.
 */
export async function lockApplication(trx: DbOrTrx, studentId: string, caseId: string): Promise<void> {
  await trx.selectFrom('case_applications').select('id').where('student_id', '=', studentId).where('case_id', '=', caseId).forUpdate().execute();
}

/** The resource's row, created as opened (is_study 2) on the first report: its created_at starts the 5 s. */
export async function openResource(trx: DbOrTrx, studentId: string, caseId: string, nodeId: string, resourceId: string) {
  await trx
    .insertInto('case_records')
    .values({ id: newId(), student_id: studentId, case_id: caseId, node_id: nodeId, resource_id: resourceId, is_study: 2 })
    .onConflict((oc) => oc.columns(['student_id', 'case_id', 'node_id', 'resource_id']).doNothing())
    .execute();
  return trx
    .selectFrom('case_records')
    .select(['is_study', 'created_at'])
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .where('node_id', '=', nodeId)
    .where('resource_id', '=', resourceId)
    .executeTakeFirstOrThrow();
}

/** Whether the resource's rule (RULES) is met now. A video (and a PDF of known length) only by its coverage, never by a claim. */
export async function resourceDone(
  trx: DbOrTrx,
  studentId: string,
  res: { id: string; file_suffix_code: number; duration: number; page_count: number },
  openedAt: Date,
  now = Date.now(),
): Promise<boolean> {
  if (res.file_suffix_code === 2) return true;
  const pages = res.file_suffix_code === 4 && res.page_count > 0;
  if (res.file_suffix_code === 3 || pages) {
    const total = pages ? res.page_count : res.duration;
    const loc = await trx
      .selectFrom('resource_locations')
      .select('coverage')
      .where('student_id', '=', studentId)
      .where('resource_id', '=', res.id)
      .executeTakeFirst();
    return total > 0 && !!loc && coveredSeconds(parseSegments(loc.coverage)) >= total * DONE_RATIO;
  }
  return now - new Date(openedAt).getTime() >= OPEN_SECONDS * 1000;
}

/** Marks the resource completed; true when that made its node learnt. */
export async function completeResource(trx: DbOrTrx, studentId: string, caseId: string, nodeId: string, resourceId: string): Promise<boolean> {
  await trx
    .insertInto('case_records')
    .values({ id: newId(), student_id: studentId, case_id: caseId, node_id: nodeId, resource_id: resourceId, is_study: 1 })
    .onConflict((oc) => oc.columns(['student_id', 'case_id', 'node_id', 'resource_id']).doUpdateSet({ is_study: 1 }))
    .execute();
  return refreshNode(trx, studentId, caseId, nodeId);
}

export interface Requirement {
  kind: 'resource' | 'exam';
  /** resource uuid or exam id */
  id: string;
  name: string;
  fileSuffixCode?: number;
  rule: string;
  done: 0 | 1;
}

/** A node's 完成条件 for one student: each required resource and exam, done or not, and whether the node is learnt. */
export async function nodeRequirements(db: DbOrTrx, studentId: string, caseId: string, nodeId: string) {
  const [resources, records, exams] = await Promise.all([
    db
      .selectFrom('study_resources')
      .select(['id', 'file_name', 'file_suffix_code', 'page_count'])
      .where('case_id', '=', caseId)
      .where('node_id', '=', nodeId)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('case_records')
      .select('resource_id')
      .where('student_id', '=', studentId)
      .where('case_id', '=', caseId)
      .where('node_id', '=', nodeId)
      .where('is_study', '=', 1)
      .execute(),
    db
      .selectFrom('exams as e')
      .select([
        'e.id',
        'e.title',
        sql<number>`(select count(*) from exam_attempts a where a.exam_id = e.id and a.student_id = ${studentId} and a.passed = 1)`.as('passes'),
      ])
      .where('e.exam_type', '=', 1)
      .where('e.case_id', '=', caseId)
      .where('e.node_id', '=', nodeId)
      .orderBy('e.sort')
      .execute(),
  ]);
  const done = new Set(records.map((r) => r.resource_id));
  const items: Requirement[] = [
    ...resources.map((r): Requirement => ({
      kind: 'resource',
      id: r.id,
      name: r.file_name,
      fileSuffixCode: r.file_suffix_code,
      rule: ruleOf(r.file_suffix_code, r.page_count),
      done: done.has(r.id) ? 1 : 0,
    })),
    ...exams.map((e): Requirement => ({ kind: 'exam', id: e.id, name: e.title, rule: EXAM_RULE, done: Number(e.passes) > 0 ? 1 : 0 })),
  ];
  return { learnt: done.has(''), items, missing: items.filter((i) => !i.done) };
}

const missingText = (missing: Requirement[]) => missing.map((m) => `《${m.name}》（${m.rule}）`).join('、');

/** Writes the node row once every requirement is met; true when it did (and the case percentage was refreshed). */
export async function refreshNode(trx: DbOrTrx, studentId: string, caseId: string, nodeId: string): Promise<boolean> {
  const req = await nodeRequirements(trx, studentId, caseId, nodeId);
  if (req.learnt || !req.items.length || req.missing.length) return false;
  await insertNodeRow(trx, studentId, caseId, nodeId);
  await refreshCaseProgress(trx, studentId, caseId);
  return true;
}

/** 标记已学 by hand: only a node without required resources or exam; otherwise refused, naming what remains. */
export async function markNodeByHand(trx: DbOrTrx, studentId: string, caseId: string, nodeId: string): Promise<void> {
  const req = await nodeRequirements(trx, studentId, caseId, nodeId);
  if (req.learnt) return;
  if (req.missing.length) throw badRequest(`完成该知识点的学习内容后会自动记为已学，还差：${missingText(req.missing)}`);
  await insertNodeRow(trx, studentId, caseId, nodeId);
  if (req.items.length) await refreshCaseProgress(trx, studentId, caseId);
}

/**
 * 标记已学 taken back (the student's own map unticks a node of the official map): the node is no
 * longer learnt, and its resources count as opened again, not completed — so the node's rule
 * still says what learning it takes, and completing them again (a video's coverage stays, a
 * text's 5 s are long past) ticks it again. The case percentage follows at once.
 */
export async function unmarkNode(trx: DbOrTrx, studentId: string, caseId: string, nodeId: string): Promise<void> {
  const removed = await trx
    .deleteFrom('case_records')
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .where('node_id', '=', nodeId)
    .where('resource_id', '=', '')
    .executeTakeFirst();
  if (!Number(removed.numDeletedRows)) return;
  await trx
    .updateTable('case_records')
    .set({ is_study: 2 })
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .where('node_id', '=', nodeId)
    .where('is_study', '=', 1)
    .execute();
  await refreshCaseProgress(trx, studentId, caseId);
}

async function insertNodeRow(trx: DbOrTrx, studentId: string, caseId: string, nodeId: string): Promise<void> {
  await trx
    .insertInto('case_records')
    .values({ id: newId(), student_id: studentId, case_id: caseId, node_id: nodeId, resource_id: '', is_study: 1 })
    .onConflict((oc) => oc.columns(['student_id', 'case_id', 'node_id', 'resource_id']).doUpdateSet({ is_study: 1 }))
    .execute();
}

/** The case's study nodes (知识点): nodes with resources or a node exam. */
export async function caseStudyNodes(db: DbOrTrx, caseId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('study_resources')
    .select('node_id')
    .where('case_id', '=', caseId)
    .union(
      db
        .selectFrom('exams')
        .select(sql<string>`coalesce(node_id, '')`.as('node_id'))
        .where('exam_type', '=', 1)
        .where('case_id', '=', caseId),
    )
    .execute();
  return new Set(rows.map((r) => r.node_id));
}

/** The student's progress in a case: the engine's rule (rootProgress) over the official map. */
export async function caseProgress(db: DbOrTrx, studentId: string, caseId: string): Promise<Progress> {
  const [doc, study, rows] = await Promise.all([
    officialMap(db, caseId),
    caseStudyNodes(db, caseId),
    db
      .selectFrom('case_records')
      .select('node_id')
      .where('student_id', '=', studentId)
      .where('case_id', '=', caseId)
      .where('resource_id', '=', '')
      .where('is_study', '=', 1)
      .execute(),
  ]);
  if (!doc) return { learnt: 0, total: 0 };
  const learnt = new Set(rows.map((r) => r.node_id));
  return rootProgress(doc.root, study, (d) => learnt.has(String(d.id ?? '')));
}

/** Stores the case percentage the lists show (case_applications.progress), from caseProgress. */
export async function refreshCaseProgress(trx: DbOrTrx, studentId: string, caseId: string): Promise<number> {
  const percent = percentOf(await caseProgress(trx, studentId, caseId));
  await trx.updateTable('case_applications').set({ progress: percent }).where('student_id', '=', studentId).where('case_id', '=', caseId).execute();
  return percent;
}
