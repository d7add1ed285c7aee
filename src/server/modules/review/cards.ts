import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { officialMap } from '../mindmaps/maps';
import type { KmDocument } from '../mindmaps/document';
import { mapNodeIds } from './faces';

/** The map a student studies a case on: their own copy, else the official map. */
export async function caseDocument(db: DbOrTrx, studentId: string, caseId: string): Promise<KmDocument | undefined> {
  const own = await db.selectFrom('student_maps').select('document').where('student_id', '=', studentId).where('case_id', '=', caseId).executeTakeFirst();
  return own ? (JSON.parse(own.document) as KmDocument) : officialMap(db, caseId);
}

/** Nodes of a case the student learnt by the study records (node rows, resource_id ''). */
async function recordedLearnt(db: DbOrTrx, studentId: string, caseId?: string) {
  let q = db
    .selectFrom('case_records')
    .select(['case_id', 'node_id'])
    .where('student_id', '=', studentId)
    .where('resource_id', '=', '')
    .where('is_study', '=', 1);
  if (caseId) q = q.where('case_id', '=', caseId);
  return q.execute();
}

/**
 * Brings one case's cards in line with the map the student studies it on: every learnt node in
 * the map (by the study records, or marked 已学 in the student's own copy) has a card, new cards
 * due at once; a card whose node is gone from the map is retired, and comes back if the node does
 * (an undone delete). Two statements, each idempotent: concurrent syncs agree.
 */
export async function syncCaseCards(db: DbOrTrx, studentId: string, caseId: string, doc: KmDocument, recorded: Iterable<string>, now = new Date()) {
  const { all, marked } = mapNodeIds(doc);
  const learnt = [...new Set([...marked, ...recorded])].filter((id) => all.has(id));
  if (learnt.length)
    await db
      .insertInto('review_cards')
      .values(learnt.map((node_id) => ({ student_id: studentId, kind: 'case', source_id: caseId, node_id, due: now })))
      .onConflict((oc) => oc.columns(['student_id', 'kind', 'source_id', 'node_id']).doNothing())
      .execute();
  const ids = [...all];
  await sql`
    update review_cards set retired = case when node_id = any(${ids}::text[]) then 0 else 1 end
    where student_id = ${studentId} and kind = 'case' and source_id = ${caseId}
      and retired <> case when node_id = any(${ids}::text[]) then 0 else 1 end`.execute(db);
}

/** syncCaseCards for one case, reading its map and records. */
export async function syncOneCase(db: DbOrTrx, studentId: string, caseId: string, doc?: KmDocument) {
  const map = doc ?? (await caseDocument(db, studentId, caseId));
  if (!map) return;
  const recorded = await recordedLearnt(db, studentId, caseId);
  await syncCaseCards(
    db,
    studentId,
    caseId,
    map,
    recorded.map((r) => r.node_id),
  );
}

/** A course section just learnt becomes a card (due at once); learnt again, it keeps its card. */
export async function addCourseCard(db: DbOrTrx, studentId: string, courseId: string, nodeId: string, now = new Date()) {
  await db
    .insertInto('review_cards')
    .values({ student_id: studentId, kind: 'course', source_id: courseId, node_id: nodeId, due: now })
    .onConflict((oc) => oc.columns(['student_id', 'kind', 'source_id', 'node_id']).doNothing())
    .execute();
}

/**
 * Every card of the student from all they learnt: learnt nodes of every case with a study record
 * or an own map, and learnt course sections (learn_locations is_study 1: 90 % of the video
 * covered). The seed's study history goes through it; in use, the writes that make a node learnt
 * make its card (syncOneCase, addCourseCard), never a read.
 */
export async function syncStudentCards(db: DbOrTrx, studentId: string, now = new Date()) {
  const [maps, recorded, sections] = await Promise.all([
    db.selectFrom('student_maps').select(['case_id', 'document']).where('student_id', '=', studentId).execute(),
    recordedLearnt(db, studentId),
    db.selectFrom('learn_locations').select(['course_id', 'node_id']).where('student_id', '=', studentId).where('is_study', '=', 1).execute(),
  ]);
  const byCase = new Map<string, string[]>();
  for (const r of recorded) byCase.set(r.case_id, [...(byCase.get(r.case_id) ?? []), r.node_id]);
  const own = new Map(maps.map((m) => [m.case_id, m.document]));
  for (const caseId of new Set([...own.keys(), ...byCase.keys()])) {
    const text = own.get(caseId);
    const doc = text ? (JSON.parse(text) as KmDocument) : await officialMap(db, caseId);
    if (doc) await syncCaseCards(db, studentId, caseId, doc, byCase.get(caseId) ?? [], now);
  }
  if (sections.length)
    await db
      .insertInto('review_cards')
      .values(sections.map((s) => ({ student_id: studentId, kind: 'course', source_id: s.course_id, node_id: s.node_id, due: now })))
      .onConflict((oc) => oc.columns(['student_id', 'kind', 'source_id', 'node_id']).doNothing())
      .execute();
}
