import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import { ApiError, ResultCode, notFound } from '../../http/envelope';
import { formatDateTime, startOfShanghaiDay } from '../../lib/time';
import type { MapVersionEntry, MapVersionList } from '../../../contract/mindmaps';
import { walk, type KmDocument } from './document';
import { compactLocked, headMap } from './head';
import type { MapHeads } from './head-cache';

// Version history of a student's own map (issue 19 item 5). The map as saved now lives in
// student_maps; map_versions holds earlier states. The rule, stated to the student in 历史版本:
// - Saves while typing fold into one version: a version covers the saves made within
//   VERSION_WINDOW_MS of its first one, and it is the last of them that is kept. The first save
//   after that window copies the state it replaces into map_versions and starts a new window.
//   Autosave writes every 1.5 s; a version per save would bury the list in near-copies.
// - 保留当前版本, and the editor before a restore or an import, keep the saved state at once
//   (keepVersion) and close its window: what was there before is never folded into what replaces it.
// - Retention, applied in the transaction that adds a version: each map keeps its last KEEP_LAST
//   versions and the newest of each day (Asia/Shanghai) of the last KEEP_DAYS days; all the
//   student's versions share VERSION_BUDGET_BYTES, over which the oldest go first, each map's
//   newest excepted (so every map always has its previous state).

export const VERSION_WINDOW_MS = 2 * 60 * 1000;
export const KEEP_LAST = 50;
export const KEEP_DAYS = 30;
export const VERSION_BUDGET_BYTES = 20 * 1024 * 1024;
const DAY_MS = 24 * 3600 * 1000;

/** What a version's entry shows of its document, computed once when the map is saved. */
export interface MapMeta {
  nodeCount: number;
  title: string;
}

/** What a whole save stores: the document with its facts, and the client's id for the save (whole_save_id). */
export type WholeSave = MapMeta & { document: string; outline?: string; saveId?: string };

export function mapMeta(doc: KmDocument): MapMeta {
  let nodeCount = 0;
  walk(doc.root, () => nodeCount++);
  return { nodeCount, title: String(doc.root.data.text ?? '').slice(0, 200) };
}

/**
 * The optimistic save over version `expected` while its version's window is open (a save while
 * typing): nothing is kept. Resolves the new version, or undefined when `expected` is not the
 * saved version or the window is over or closed (updateKeepingVersion decides then).
 */
export async function saveWithinWindow(
  db: DbOrTrx,
  studentId: string,
  caseId: string,
  expected: number,
  values: WholeSave,
  now: Date,
): Promise<number | undefined> {
  const { document, outline, nodeCount, title, saveId } = values;
  const row = await db
    .updateTable('student_maps')
    .set({
      document,
      ...(outline === undefined ? {} : { outline }),
      version: sql`version + 1`,
      // a whole save: the document is the head, and the log starts after it
      snapshot_version: sql`version + 1`,
      log_from: sql`version + 1`,
      updated_at: now,
      node_count: nodeCount,
      title,
      whole_save_id: saveId ?? null,
      whole_save_version: sql`version + 1`,
    })
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .where('version', '=', expected)
    .where('version_started_at', '>', new Date(now.getTime() - VERSION_WINDOW_MS))
    .returning('version')
    .executeTakeFirst();
  return row?.version;
}

/**
 * The optimistic save of saveStudentMap over version `expected`, keeping the state it replaces as
 * a version first when that state's window is over (or was closed). One statement, the row
 * locked: a stale or concurrent save keeps nothing and changes nothing. Resolves the new version
 * and whether a version was added, or undefined when `expected` is not the saved version.
 */
export async function updateKeepingVersion(
  db: DbOrTrx,
  studentId: string,
  caseId: string,
  expected: number,
  values: WholeSave,
  now: Date,
): Promise<{ version: number; kept: boolean } | undefined> {
  const cutoff = new Date(now.getTime() - VERSION_WINDOW_MS);
  const { rows } = await sql<{ version: number; kept: number }>`
    with old as (
      select student_id, case_id, document, version, updated_at, title, node_count, version_started_at
      from student_maps
      where student_id = ${studentId} and case_id = ${caseId} and version = ${expected}
      for update
    ), kept as (
      insert into map_versions (student_id, case_id, map_version, document, title, node_count, bytes, saved_at)
      select student_id, case_id, version, document, title, node_count, octet_length(document), updated_at
      from old
      where version_started_at is null or version_started_at <= ${cutoff}
      on conflict (student_id, case_id, map_version) do nothing
      returning 1
    )
    update student_maps m
    set document = ${values.document}, ${values.outline === undefined ? sql`` : sql`outline = ${values.outline},`}
      version = m.version + 1, snapshot_version = m.version + 1, log_from = m.version + 1, updated_at = ${now}, node_count = ${values.nodeCount}, title = ${values.title},
      whole_save_id = ${values.saveId ?? null}, whole_save_version = m.version + 1,
      version_started_at = case when old.version_started_at is null or old.version_started_at <= ${cutoff}
        then ${now}::timestamptz else old.version_started_at end
    from old
    where m.student_id = old.student_id and m.case_id = old.case_id
    returning m.version, (select count(*) from kept)::int as kept`.execute(db);
  return rows[0] && { version: rows[0].version, kept: rows[0].kept > 0 };
}

/**
 * 保留当前版本 (and the editor before a restore or import): keeps the saved map, which must be
 * `version` (what the editor shows), as a version now, and closes its window so the next save
 * starts a new one. Resolves the version kept; 0 when the student has no map of their own yet
 * (the official map is not theirs to keep). 409 when another page saved meanwhile.
 */
export async function keepVersion(db: Db, studentId: string, caseId: string, version: number, heads?: MapHeads, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // the state kept is copied from `document`: the head first (head.ts)
    await compactLocked(trx, heads, studentId, caseId, now);
    const own = await trx
      .selectFrom('student_maps')
      .select('version')
      .where('student_id', '=', studentId)
      .where('case_id', '=', caseId)
      .forUpdate()
      .executeTakeFirst();
    if (!own) return 0;
    if (own.version !== version) throw new ApiError(ResultCode.conflict, '思维导图已在其他页面更新，请刷新后再保留版本', { version: own.version });
    const { rows } = await sql`
      insert into map_versions (student_id, case_id, map_version, document, title, node_count, bytes, saved_at)
      select student_id, case_id, version, document, title, node_count, octet_length(document), updated_at
      from student_maps where student_id = ${studentId} and case_id = ${caseId}
      on conflict (student_id, case_id, map_version) do nothing
      returning 1`.execute(trx);
    await trx.updateTable('student_maps').set({ version_started_at: null }).where('student_id', '=', studentId).where('case_id', '=', caseId).execute();
    if (rows.length) await pruneVersions(trx, studentId, now);
    return own.version;
  });
}

export interface VersionMeta {
  id: number;
  caseId: string;
  savedAt: Date;
  bytes: number;
}

export interface RetentionPolicy {
  keepLast: number;
  keepDays: number;
  budgetBytes: number;
}
export const RETENTION: RetentionPolicy = { keepLast: KEEP_LAST, keepDays: KEEP_DAYS, budgetBytes: VERSION_BUDGET_BYTES };

/** The ids of one student's versions (of all their maps) that the retention rule above drops at `now`. */
export function versionsToPrune(versions: readonly VersionMeta[], now: Date, policy: RetentionPolicy = RETENTION): number[] {
  const newestFirst = [...versions].sort((a, b) => b.savedAt.getTime() - a.savedAt.getTime() || b.id - a.id);
  const since = now.getTime() - policy.keepDays * DAY_MS;
  const rank = new Map<string, number>();
  const days = new Set<string>();
  const newestOfMap = new Set<number>();
  const kept: VersionMeta[] = [];
  const drop: number[] = [];
  for (const v of newestFirst) {
    const r = (rank.get(v.caseId) ?? 0) + 1;
    rank.set(v.caseId, r);
    if (r === 1) newestOfMap.add(v.id);
    const day = `${v.caseId}\n${startOfShanghaiDay(v.savedAt).getTime()}`;
    const newestOfDay = !days.has(day);
    days.add(day);
    if (r <= policy.keepLast || (newestOfDay && v.savedAt.getTime() >= since)) kept.push(v);
    else drop.push(v.id);
  }
  let total = kept.reduce((sum, v) => sum + v.bytes, 0);
  // `kept` is newest first: walk it from the oldest end.
  for (let i = kept.length - 1; i >= 0 && total > policy.budgetBytes; i--) {
    if (newestOfMap.has(kept[i].id)) continue;
    drop.push(kept[i].id);
    total -= kept[i].bytes;
  }
  return drop;
}

/** Applies the retention rule to one student's versions (inside the transaction that added one). */
export async function pruneVersions(db: DbOrTrx, studentId: string, now: Date): Promise<void> {
  const rows = await db.selectFrom('map_versions').select(['id', 'case_id', 'saved_at', 'bytes']).where('student_id', '=', studentId).execute();
  const drop = versionsToPrune(
    rows.map((r) => ({ id: r.id, caseId: r.case_id, savedAt: r.saved_at, bytes: r.bytes })),
    now,
  );
  if (drop.length) await db.deleteFrom('map_versions').where('student_id', '=', studentId).where('id', 'in', drop).execute();
}

type EntryRow = { id: number; map_version: number; saved_at: Date; title: string; node_count: number; bytes: number };
const entryOf = (r: EntryRow, current: boolean): MapVersionEntry => ({
  id: r.id,
  mapVersion: r.map_version,
  savedAt: formatDateTime(r.saved_at),
  title: r.title,
  nodeCount: r.node_count,
  bytes: r.bytes,
  current: current ? 1 : 0,
});

/** The saved map as an entry (id 0), without reading its document. */
function currentMap(db: DbOrTrx, studentId: string, caseId: string) {
  return db
    .selectFrom('student_maps')
    .select(['version as map_version', 'updated_at as saved_at', 'title', 'node_count', sql<number>`octet_length(document)`.as('bytes')])
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
}

/** 历史版本: the map as saved now, then its kept versions, newest first. Reads only. */
export async function listVersions(db: DbOrTrx, studentId: string, caseId: string): Promise<MapVersionList> {
  const own = await currentMap(db, studentId, caseId);
  const rows = await db
    .selectFrom('map_versions')
    .select(['id', 'map_version', 'saved_at', 'title', 'node_count', 'bytes'])
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .orderBy('saved_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const used = await db
    .selectFrom('map_versions')
    .select(sql<string>`coalesce(sum(bytes), 0)`.as('total'))
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  const versions = rows.map((r) => entryOf(r, r.map_version === own?.map_version));
  // The saved state already kept (保留当前版本, or just before a restore) is listed once.
  if (own && !versions.some((v) => v.current)) versions.unshift(entryOf({ ...own, id: 0 }, true));
  return {
    versions,
    windowMinutes: VERSION_WINDOW_MS / 60000,
    keepLast: KEEP_LAST,
    keepDays: KEEP_DAYS,
    usedBytes: Number(used.total),
    budgetBytes: VERSION_BUDGET_BYTES,
  };
}

/** One version with its document (id 0: the map as saved now); 404 for anything not this student's map's. */
export async function getVersion(
  db: DbOrTrx,
  studentId: string,
  caseId: string,
  id: number,
  heads?: MapHeads,
): Promise<MapVersionEntry & { document: KmDocument }> {
  const own = await currentMap(db, studentId, caseId);
  if (id === 0) {
    const head = own && (await headMap(db, heads, studentId, caseId));
    if (!own || !head) throw notFound('你还没有保存过这张导图');
    return { ...entryOf({ ...own, id: 0 }, true), document: head.document };
  }
  const row = await db
    .selectFrom('map_versions')
    .select(['id', 'map_version', 'saved_at', 'title', 'node_count', 'bytes', 'document'])
    .where('id', '=', id)
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  if (!row) throw notFound('该版本不存在或已被清理');
  return { ...entryOf(row, row.map_version === own?.map_version), document: JSON.parse(row.document) as KmDocument };
}
