import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { officialMap } from '../mindmaps/maps';
import type { KmDocument } from '../mindmaps/document';
import { VERSION_WINDOW_MS } from '../mindmaps/versions';
import { mapNodeIds } from './faces';
import { headMap } from '../mindmaps/head';
import type { MapHeads } from '../mindmaps/head-cache';

// Which cards a student keeps (issue 37; the rule is told in src/server/README.md):
// - A learnt node of the map the student studies a case on has a card (syncCaseCards), the
//   student's own topics (ids not in the case's official map) as much as the official ones: they
//   are what the student wrote and learnt.
// - A card whose node leaves the map retires. One that holds nothing of the student's (never
//   graded, not added by hand with 需复习, not excluded) is deleted at once: if the node comes
//   back, the card made again is the same card. One that does hold something is kept while its
//   node can come back: for VERSION_WINDOW_MS (the editor's undo, within one version of the map),
//   and while a kept version of the map saved before it retired exists (历史版本 can restore it);
//   then it is deleted too, at a save of that map.
// - No student holds more than REVIEW_CARD_CAP cards: past it, learnt nodes get no new card and
//   the student is told so (CARD_CAP_MSG).
// Every write here takes one statement whatever the map: node ids travel as one array parameter
// (PostgreSQL allows 65,535 parameters per statement; a map has up to 50,000 nodes).

/** Cards per student, every kind, retired ones included: two maps at the node limit. */
export const REVIEW_CARD_CAP = 100_000;
export const CARD_CAP_MSG = `复习卡片已达上限（每位学生最多 ${REVIEW_CARD_CAP} 张），新的已学知识点暂不加入复习；可将不再需要复习的卡片设为“不再复习”，或删除导图中不需要的已学主题`;

/** A case's cards of one student that are in the map (not retired): the map's marks, mastery and history read them. */
export const liveCaseCards = (db: DbOrTrx, studentId: string, caseId: string) =>
  db.selectFrom('review_cards').where('student_id', '=', studentId).where('kind', '=', 'case').where('source_id', '=', caseId).where('retired', '=', 0);

/** The map a student studies a case on: their own copy as it is now (its head), else the official map. */
export async function caseDocument(db: DbOrTrx, studentId: string, caseId: string, heads?: MapHeads): Promise<KmDocument | undefined> {
  const own = await headMap(db, heads, studentId, caseId);
  return own ? own.document : officialMap(db, caseId);
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

/** What a sync did: `missed` learnt nodes got no card because the student is at REVIEW_CARD_CAP. */
export interface CardSync {
  missed: number;
}

/**
 * Brings one case's cards in line with the map the student studies it on: every learnt node in
 * the map (by the study records, or marked 已学 in the student's own copy) has a card, new cards
 * due at once; cards of nodes gone from the map retire or go (the rule above), and a retired card
 * comes back if its node does (an undone delete). Each statement is idempotent: concurrent syncs
 * agree. Run it in the transaction of the write that changed the map or the learning.
 */
export async function syncCaseCards(
  trx: DbOrTrx,
  studentId: string,
  caseId: string,
  doc: KmDocument,
  recorded: Iterable<string>,
  now = new Date(),
): Promise<CardSync> {
  const { all, marked } = mapNodeIds(doc);
  const learnt = [...new Set([...marked, ...recorded])].filter((id) => all.has(id));
  await retireCaseCards(trx, studentId, caseId, all, now);
  return addCaseCards(trx, studentId, caseId, learnt, now);
}

/**
 * One statement over this case's cards only (the primary key's prefix): cards of nodes back in
 * the map return, cards of nodes gone from it are deleted (nothing of the student's in them) or
 * retired, and retired cards nothing can bring back any more are deleted. The map's ids go in as
 * the keys of one jsonb object: `?` finds a key by binary search, whatever plan PostgreSQL picks
 * (an anti-join against unnest() of the ids ran as a nested loop, 50,000 × 50,000 on a full map).
 */
export async function retireCaseCards(trx: DbOrTrx, studentId: string, caseId: string, mapIds: Iterable<string>, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - VERSION_WINDOW_MS);
  const inMap: Record<string, 1> = {};
  for (const id of mapIds) inMap[id] = 1;
  const own = sql`c.student_id = ${studentId} and c.kind = 'case' and c.source_id = ${caseId}`;
  const blank = sql`(c.reps = 0 and c.lapses = 0 and c.last_review is null and c.origin = 1 and c.excluded = 0)`;
  await sql`
    with map as (select ${JSON.stringify(inMap)}::jsonb as ids),
    back as (
      update review_cards c set retired = 0, retired_at = null
      from map where ${own} and c.retired = 1 and map.ids ? c.node_id
      returning 1
    ), dropped as (
      delete from review_cards c using map
      where ${own} and c.retired = 0 and not (map.ids ? c.node_id) and ${blank}
      returning 1
    ), retired as (
      update review_cards c set retired = 1, retired_at = ${now}
      from map where ${own} and c.retired = 0 and not (map.ids ? c.node_id) and not ${blank}
      returning 1
    ), expired as (
      delete from review_cards c using map
      where ${own} and c.retired = 1 and c.retired_at <= ${cutoff} and not (map.ids ? c.node_id)
        and not exists (select 1 from map_versions v where v.student_id = ${studentId} and v.case_id = ${caseId} and v.saved_at < c.retired_at)
      returning 1
    )
    select (select count(*) from back) + (select count(*) from dropped) + (select count(*) from retired) + (select count(*) from expired) as changed`.execute(
    trx,
  );
}

/** New cards (due at once) for the learnt nodes without one, in map order, up to REVIEW_CARD_CAP: one statement. */
async function addCaseCards(trx: DbOrTrx, studentId: string, caseId: string, learnt: readonly string[], now: Date): Promise<CardSync> {
  if (!learnt.length) return { missed: 0 };
  const { rows } = await sql<{ wanted: number; added: number }>`
    with wanted as (
      select u.node_id, u.ord from unnest(${learnt}::text[]) with ordinality as u (node_id, ord)
      where not exists (
        select 1 from review_cards c
        where c.student_id = ${studentId} and c.kind = 'case' and c.source_id = ${caseId} and c.node_id = u.node_id)
    ), added as (
      insert into review_cards (student_id, kind, source_id, node_id, due)
      select ${studentId}, 'case', ${caseId}, node_id, ${now}::timestamptz from wanted order by ord
      limit (case when exists (select 1 from wanted)
        then greatest(0, ${REVIEW_CARD_CAP} - (select count(*) from review_cards where student_id = ${studentId})) else 0 end)
      on conflict do nothing
      returning 1
    )
    select (select count(*) from wanted)::int as wanted, (select count(*) from added)::int as added`.execute(trx);
  const { wanted, added } = rows[0] ?? { wanted: 0, added: 0 };
  return { missed: Math.max(0, wanted - added) };
}

/** Whether the student holds REVIEW_CARD_CAP cards already (需复习 by hand is refused then). */
export async function atCardCap(db: DbOrTrx, studentId: string): Promise<boolean> {
  const { rows } = await sql`select 1 from review_cards where student_id = ${studentId} offset ${REVIEW_CARD_CAP - 1} limit 1`.execute(db);
  return rows.length > 0;
}

/** syncCaseCards for one case, reading its map (unless given) and records. */
export async function syncOneCase(db: DbOrTrx, studentId: string, caseId: string, doc?: KmDocument, now = new Date()): Promise<CardSync> {
  const map = doc ?? (await caseDocument(db, studentId, caseId));
  if (!map) return { missed: 0 };
  const recorded = await recordedLearnt(db, studentId, caseId);
  return syncCaseCards(
    db,
    studentId,
    caseId,
    map,
    recorded.map((r) => r.node_id),
    now,
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
    db.selectFrom('student_maps').select('case_id').where('student_id', '=', studentId).execute(),
    recordedLearnt(db, studentId),
    db.selectFrom('learn_locations').select(['course_id', 'node_id']).where('student_id', '=', studentId).where('is_study', '=', 1).execute(),
  ]);
  const byCase = new Map<string, string[]>();
  for (const r of recorded) byCase.set(r.case_id, [...(byCase.get(r.case_id) ?? []), r.node_id]);
  for (const caseId of new Set([...maps.map((m) => m.case_id), ...byCase.keys()])) {
    const doc = await caseDocument(db, studentId, caseId);
    if (doc) await syncCaseCards(db, studentId, caseId, doc, byCase.get(caseId) ?? [], now);
  }
  // One array parameter per column, whatever the count (see the parameter limit above).
  if (sections.length)
    await sql`
      insert into review_cards (student_id, kind, source_id, node_id, due)
      select ${studentId}, 'course', s.course_id, s.node_id, ${now}::timestamptz
      from unnest(${sections.map((s) => s.course_id)}::text[], ${sections.map((s) => s.node_id)}::text[]) as s (course_id, node_id)
      on conflict do nothing`.execute(db);
}
