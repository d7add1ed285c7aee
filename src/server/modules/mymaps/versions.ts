import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import type { MapVersionEntry, MapVersionList } from '../../../contract/mindmaps';
import { ApiError, ResultCode, notFound } from '../../http/envelope';
import { formatDateTime } from '../../lib/time';
import { KEEP_DAYS, KEEP_LAST, VERSION_BUDGET_BYTES, VERSION_WINDOW_MS, versionsToPrune } from '../mindmaps/versions';
import type { KmDocument } from '../mindmaps/document';
import { assertRoom, NOT_FOUND_MSG, type MapFacts } from './store';
import { compactRef, headOf } from '../mindmaps/head';
import type { MapHeads } from '../mindmaps/head-cache';
import { logClear, ownRef } from '../mindmaps/map-log';

// Saves and 历史版本 of an own map, under the case maps' rule (mindmaps/versions.ts, stated in the
// panel): saves within VERSION_WINDOW_MS of a version's first fold into it; the first save after
// it keeps the replaced state in own_map_versions; keepVersion keeps at once and closes the
// window; retention is versionsToPrune over the student's own-map versions (their own budget).

export const STALE_MSG = '导图已在其他页面更新，请刷新后再保存';

/**
 * The optimistic save of the whole document over `expected`, in one transaction with the limits
 * (assertRoom) and the version kept when the window is over. Resolves the new version, or
 * undefined when `expected` is not the saved version (nothing written). 404: not the student's
 * live map.
 */
export async function saveOwnMap(
  db: Db,
  studentId: string,
  mapId: string,
  expected: number,
  text: string,
  facts: MapFacts,
  heads?: MapHeads,
  now = new Date(),
  /** the client's id for this save (migration 2026-12-08-whole-save-ids) */
  saveId?: string,
): Promise<number | undefined> {
  const r = ownRef(studentId, mapId);
  // the cached head is of the map replaced (stale once this commits; a failed save leaves it right)
  heads?.drop(r);
  return db.transaction().execute(async (trx) => {
    await assertRoom(trx, studentId, { maps: 0, bytes: facts.bytes }, mapId);
    // The state replaced may be kept as a version (its document copied): the snapshot must be the head.
    await compactRef(trx, heads, r, now);
    heads?.drop(r);
    const old = await trx
      .selectFrom('own_maps')
      .select(['document', 'version', 'updated_at', 'title', 'node_count', 'bytes', 'version_started_at'])
      .where('student_id', '=', studentId)
      .where('id', '=', mapId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!old) throw notFound(NOT_FOUND_MSG);
    if (old.version !== expected) return undefined;
    const windowOver = !old.version_started_at || old.version_started_at.getTime() <= now.getTime() - VERSION_WINDOW_MS;
    if (windowOver) {
      await trx
        .insertInto('own_map_versions')
        .values({
          map_id: mapId,
          student_id: studentId,
          map_version: old.version,
          document: old.document,
          title: old.title,
          node_count: old.node_count,
          bytes: old.bytes,
          saved_at: old.updated_at,
        })
        .onConflict((oc) => oc.columns(['map_id', 'map_version']).doNothing())
        .execute();
    }
    await trx
      .updateTable('own_maps')
      .set({
        document: text,
        ...facts,
        version: old.version + 1,
        // a whole save starts the log again: tabs whose base is older load the map whole
        snapshot_version: old.version + 1,
        log_from: old.version + 1,
        updated_at: now,
        version_started_at: windowOver ? now : old.version_started_at,
        whole_save_id: saveId ?? null,
        whole_save_version: old.version + 1,
      })
      .where('id', '=', mapId)
      .execute();
    await logClear(trx, r);
    if (windowOver) await pruneOwnVersions(trx, studentId, now);
    return old.version + 1;
  });
}

/** 保留当前版本 (and before a restore or an import): the saved map `version` kept now, its window closed. */
export async function keepOwnVersion(db: Db, studentId: string, mapId: string, version: number, heads?: MapHeads, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // the version copies the stored document: the snapshot brought to the head first
    await compactRef(trx, heads, ownRef(studentId, mapId), now);
    const own = await trx
      .selectFrom('own_maps')
      .select(['version'])
      .where('student_id', '=', studentId)
      .where('id', '=', mapId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!own) throw notFound(NOT_FOUND_MSG);
    if (own.version !== version) throw new ApiError(ResultCode.conflict, '导图已在其他页面更新，请刷新后再保留版本', { version: own.version });
    const { rows } = await sql`
      insert into own_map_versions (map_id, student_id, map_version, document, title, node_count, bytes, saved_at)
      select id, student_id, version, document, title, node_count, bytes, updated_at from own_maps where id = ${mapId}
      on conflict (map_id, map_version) do nothing
      returning 1`.execute(trx);
    await trx.updateTable('own_maps').set({ version_started_at: null }).where('id', '=', mapId).execute();
    if (rows.length) await pruneOwnVersions(trx, studentId, now);
    return own.version;
  });
}

export async function pruneOwnVersions(trx: DbOrTrx, studentId: string, now: Date): Promise<void> {
  const rows = await trx.selectFrom('own_map_versions').select(['id', 'map_id', 'saved_at', 'bytes']).where('student_id', '=', studentId).execute();
  const drop = versionsToPrune(
    rows.map((r) => ({ id: r.id, caseId: r.map_id, savedAt: r.saved_at, bytes: r.bytes })),
    now,
  );
  if (drop.length) await trx.deleteFrom('own_map_versions').where('student_id', '=', studentId).where('id', 'in', drop).execute();
}

type Row = { id: number; map_version: number; saved_at: Date; title: string; node_count: number; bytes: number };
const entryOf = (r: Row, current: boolean): MapVersionEntry => ({
  id: r.id,
  mapVersion: r.map_version,
  savedAt: formatDateTime(r.saved_at),
  title: r.title,
  nodeCount: r.node_count,
  bytes: r.bytes,
  current: current ? 1 : 0,
});

async function current(db: DbOrTrx, studentId: string, mapId: string) {
  const row = await db
    .selectFrom('own_maps')
    .select(['version as map_version', 'updated_at as saved_at', 'title', 'node_count', 'bytes'])
    .where('student_id', '=', studentId)
    .where('id', '=', mapId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND_MSG);
  return row;
}

/** 历史版本 of an own map: as saved now, then its kept versions, newest first. */
export async function listOwnVersions(db: DbOrTrx, studentId: string, mapId: string): Promise<MapVersionList> {
  const own = await current(db, studentId, mapId);
  const rows = await db
    .selectFrom('own_map_versions')
    .select(['id', 'map_version', 'saved_at', 'title', 'node_count', 'bytes'])
    .where('student_id', '=', studentId)
    .where('map_id', '=', mapId)
    .orderBy('saved_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const used = await db
    .selectFrom('own_map_versions')
    .select(sql<string>`coalesce(sum(bytes), 0)`.as('total'))
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  const versions = rows.map((r) => entryOf(r, r.map_version === own.map_version));
  if (!versions.some((v) => v.current)) versions.unshift(entryOf({ ...own, id: 0 }, true));
  return {
    versions,
    windowMinutes: VERSION_WINDOW_MS / 60000,
    keepLast: KEEP_LAST,
    keepDays: KEEP_DAYS,
    usedBytes: Number(used.total),
    budgetBytes: VERSION_BUDGET_BYTES,
  };
}

/** One version with its document (id 0: as saved now); 404 for anything not this student's map's. */
export async function getOwnVersion(
  db: DbOrTrx,
  studentId: string,
  mapId: string,
  id: number,
  heads?: MapHeads,
): Promise<MapVersionEntry & { document: KmDocument }> {
  const own = await current(db, studentId, mapId);
  if (id === 0) {
    const head = await headOf(db, heads, ownRef(studentId, mapId));
    if (!head) throw notFound(NOT_FOUND_MSG);
    return { ...entryOf({ ...own, id: 0 }, true), document: head.document };
  }
  const row = await db
    .selectFrom('own_map_versions')
    .select(['id', 'map_version', 'saved_at', 'title', 'node_count', 'bytes', 'document'])
    .where('id', '=', id)
    .where('student_id', '=', studentId)
    .where('map_id', '=', mapId)
    .executeTakeFirst();
  if (!row) throw notFound('该版本不存在或已被清理');
  return { ...entryOf(row, row.map_version === own.map_version), document: JSON.parse(row.document) as KmDocument };
}
