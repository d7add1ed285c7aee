import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import { MAX_OWN_BYTES, MAX_OWN_MAPS, TRASH_DAYS, type OwnMapEntry, type OwnMapHit, type OwnMapUsage } from '../../../contract/mymaps';
import { badRequest, notFound } from '../../http/envelope';
import { newId } from '../../lib/ids';
import { formatDateTime } from '../../lib/time';
import { walk, type KmDocument } from '../mindmaps/document';
import { headOf } from '../mindmaps/head';
import type { MapHeads } from '../mindmaps/head-cache';
import { ownRef } from '../mindmaps/map-log';

// 我的导图's rows (own_maps). Every statement is scoped by the signed-in student's id: a map id
// from the request only ever narrows that student's rows, so another student's map is "not found".

export const NOT_FOUND_MSG = '导图不存在或已被删除';
export const COUNT_LIMIT_MSG = `我的导图最多 ${MAX_OWN_MAPS} 张（回收站里的也算），请先删除不用的导图或清空回收站`;
export const BYTES_LIMIT_MSG = `我的导图总大小最多 ${MAX_OWN_BYTES / 1024 / 1024} MB（回收站里的也算），请先删除不用的导图或清空回收站`;
const DAY_MS = 24 * 3600 * 1000;

/** What a row stores beside the document, derived from it once per save. */
export interface MapFacts {
  title: string;
  node_count: number;
  bytes: number;
  /** the root's and every topic's text, one a line: what a search hit shows */
  search_text: string;
  /** the same lowercased: what search reads (strpos, see the migration for why) */
  search_key: string;
}

export function factsOf(doc: KmDocument, text: string): MapFacts {
  const lines: string[] = [];
  walk(doc.root, (n) => {
    const t = String(n.data.text ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    if (t) lines.push(t);
  });
  const search = lines.join('\n');
  const title =
    String(doc.root.data.text ?? '')
      .trim()
      .slice(0, 200) || '未命名导图';
  return { title, node_count: lines.length, bytes: Buffer.byteLength(text), search_text: search, search_key: search.toLowerCase() };
}

const ENTRY_COLUMNS = [
  'm.id',
  'm.title',
  'm.node_count',
  'm.bytes',
  'm.version',
  'm.updated_at',
  'm.created_at',
  'm.deleted_at',
  'm.case_id',
  'm.course_id',
  'c.name as case_name',
  'co.name as course_name',
] as const;

function entries(db: DbOrTrx, studentId: string) {
  return db
    .selectFrom('own_maps as m')
    .leftJoin('cases as c', 'c.id', 'm.case_id')
    .leftJoin('courses as co', 'co.id', 'm.course_id')
    .select(ENTRY_COLUMNS)
    .where('m.student_id', '=', studentId);
}
type EntryRow = Awaited<ReturnType<ReturnType<typeof entries>['execute']>>[number];

const entryOf = (r: EntryRow): OwnMapEntry => ({
  mapId: r.id,
  title: r.title,
  nodeCount: r.node_count,
  bytes: r.bytes,
  version: r.version,
  updateTime: formatDateTime(r.updated_at),
  createTime: formatDateTime(r.created_at),
  deleteTime: r.deleted_at ? formatDateTime(r.deleted_at) : '',
  caseId: r.case_id ?? '',
  caseName: r.case_name ?? '',
  courseId: r.course_id ?? '',
  courseName: r.course_name ?? '',
});

/** Maps in 回收站 longer than TRASH_DAYS go for good (their versions with them: cascade). */
export async function purgeExpired(db: DbOrTrx, studentId: string, now = new Date()): Promise<void> {
  await db
    .deleteFrom('own_maps')
    .where('student_id', '=', studentId)
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', new Date(now.getTime() - TRASH_DAYS * DAY_MS))
    .execute();
}

export async function usageOf(db: DbOrTrx, studentId: string): Promise<OwnMapUsage> {
  const row = await db
    .selectFrom('own_maps')
    .select(({ fn }) => [fn.countAll<string>().as('maps'), sql<string>`coalesce(sum(bytes), 0)`.as('bytes')])
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return { maps: Number(row.maps), bytes: Number(row.bytes), maxMaps: MAX_OWN_MAPS, maxBytes: MAX_OWN_BYTES, trashDays: TRASH_DAYS };
}

/** The live maps, last edited first; or those in 回收站, last deleted first. */
export async function listMaps(db: DbOrTrx, studentId: string, trash: boolean): Promise<OwnMapEntry[]> {
  const q = entries(db, studentId);
  const rows = trash
    ? await q.where('m.deleted_at', 'is not', null).orderBy('m.deleted_at', 'desc').execute()
    : await q.where('m.deleted_at', 'is', null).orderBy('m.updated_at', 'desc').orderBy('m.id').execute();
  return rows.map(entryOf);
}

const MAX_HITS = 50;
const TOPICS_PER_HIT = 3;

/**
 * Live maps whose title or a topic contains `q` (case-insensitive), last edited first, each with
 * up to three of the topics found. strpos over the stored lowercased text of the student's rows
 * only: what the student typed is literal (no LIKE wildcards to escape).
 */
export async function searchMaps(db: DbOrTrx, studentId: string, q: string): Promise<OwnMapHit[]> {
  const words = q.trim();
  if (!words) return [];
  const rows = await entries(db, studentId)
    .select('m.search_text')
    .where('m.deleted_at', 'is', null)
    .where(sql<boolean>`strpos(m.search_key, ${words.toLowerCase()}) > 0`)
    .orderBy('m.updated_at', 'desc')
    .limit(MAX_HITS)
    .execute();
  const lower = words.toLowerCase();
  return rows.map((r) => {
    const topics: string[] = [];
    // The first line is the root (the title): the topics are the lines after it.
    for (const line of r.search_text.split('\n').slice(1)) {
      if (line.toLowerCase().includes(lower)) topics.push(line.slice(0, 120));
      if (topics.length === TOPICS_PER_HIT) break;
    }
    return { ...entryOf(r), topics };
  });
}

export async function getEntry(db: DbOrTrx, studentId: string, mapId: string, opts: { trash?: boolean } = {}): Promise<OwnMapEntry> {
  let q = entries(db, studentId).where('m.id', '=', mapId);
  q = opts.trash ? q.where('m.deleted_at', 'is not', null) : q.where('m.deleted_at', 'is', null);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND_MSG);
  return entryOf(row);
}

/** The map as it is now (its head: snapshot and change sets, mindmaps/head.ts), 404 when it is not the student's live map. */
export async function getDocument(
  db: DbOrTrx,
  studentId: string,
  mapId: string,
  heads?: MapHeads,
): Promise<{ document: KmDocument; version: number; wholeSaveId?: string }> {
  const head = await headOf(db, heads, ownRef(studentId, mapId));
  if (!head) throw notFound(NOT_FOUND_MSG);
  return { document: head.document, version: head.version, ...(head.wholeSaveId ? { wholeSaveId: head.wholeSaveId } : {}) };
}

/**
 * Locks the student's row so that concurrent creates and saves of one student see each other's
 * counts and sizes (the limits hold under races), then refuses what would pass a limit.
 * `replacing`: the map a save replaces (its old size is given back).
 */
export async function assertRoom(trx: DbOrTrx, studentId: string, add: { maps: number; bytes: number }, replacing?: string): Promise<void> {
  await trx.selectFrom('students').select('id').where('id', '=', studentId).forUpdate().execute();
  await purgeExpired(trx, studentId);
  const used = await usageOf(trx, studentId);
  if (used.maps + add.maps > MAX_OWN_MAPS) throw badRequest(COUNT_LIMIT_MSG);
  let bytes = used.bytes + add.bytes;
  if (replacing) {
    const old = await trx.selectFrom('own_maps').select('bytes').where('student_id', '=', studentId).where('id', '=', replacing).executeTakeFirst();
    bytes -= old?.bytes ?? 0;
  }
  if (bytes > MAX_OWN_BYTES) throw badRequest(BYTES_LIMIT_MSG);
}

/** A new map (create, duplicate): the limits checked in the same transaction. */
export async function insertMap(
  db: Db,
  studentId: string,
  text: string,
  facts: MapFacts,
  link: { case_id?: string | null; course_id?: string | null } = {},
): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await assertRoom(trx, studentId, { maps: 1, bytes: facts.bytes });
    const now = new Date();
    await trx
      .insertInto('own_maps')
      .values({
        id,
        student_id: studentId,
        document: text,
        version: 1,
        snapshot_version: 1,
        log_from: 1,
        created_at: now,
        updated_at: now,
        version_started_at: now,
        ...facts,
        ...link,
      })
      .execute();
  });
  return id;
}

/** 删除 (to 回收站) and 恢复: answers whether a map of this student's was in the state to change. */
export async function setDeleted(db: DbOrTrx, studentId: string, mapId: string, deleted: boolean): Promise<boolean> {
  const res = await db
    .updateTable('own_maps')
    .set({ deleted_at: deleted ? new Date() : null })
    .where('student_id', '=', studentId)
    .where('id', '=', mapId)
    .where('deleted_at', deleted ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** 彻底删除: only from 回收站. */
export async function purgeMap(db: DbOrTrx, studentId: string, mapId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('own_maps')
    .where('student_id', '=', studentId)
    .where('id', '=', mapId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function setLink(db: DbOrTrx, studentId: string, mapId: string, link: { case_id: string | null; course_id: string | null }): Promise<boolean> {
  const res = await db
    .updateTable('own_maps')
    .set(link)
    .where('student_id', '=', studentId)
    .where('id', '=', mapId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
