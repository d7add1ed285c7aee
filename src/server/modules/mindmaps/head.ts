import { sql } from 'kysely';
import { encodeKm } from '../../../mindmap/core';
import type { DbOrTrx } from '../../db/database';
import { formatDateTime } from '../../lib/time';
import type { KmDocument } from './document';
import type { MapHeads } from './head-cache';
import { caseRef, compact, fromText, lockedHead, logTail, mapTable, mapWhere, refKey, replayRows, type LockedMap, type MapRef } from './map-log';

// A map is its snapshot (the row's document, the state at snapshot_version) plus the change sets
// after it (its log, one row per set, the version it made): its head is the snapshot with those
// sets replayed. Everything that reads a map reads the head (headOf); the writers keep the
// snapshot near it (compact). The statements over either kind of map: map-log.ts. The design:
// src/server/README.md.

/** Sets behind the snapshot after which a save writes the head as the snapshot (amortised: one serialisation per this many sets). */
export const COMPACT_AFTER = 200;
export { KEEP_LOG_MS, KEEP_SETS, type LockedMap } from './map-log';

/** A case map's row, locked by a writer: the versions it must know, never the document. */
export function lockMap(trx: DbOrTrx, studentId: string, caseId: string) {
  return trx
    .selectFrom('student_maps')
    .select(['version', 'snapshot_version', 'log_from', 'version_started_at', 'updated_at', 'title', 'node_count'])
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A locked map's snapshot brought to its head when the log is ahead of it, for the writes that
 * copy or replace `document` whole (a whole save, 保留当前版本). Returns whether it had to.
 */
export async function compactRef(trx: DbOrTrx, heads: MapHeads | undefined, r: MapRef, now: Date): Promise<boolean> {
  const { rows } = await sql<LockedMap>`select version, snapshot_version, log_from from ${mapTable(r)} where ${mapWhere(r)} for update`.execute(trx);
  const row = rows[0];
  if (!row || row.snapshot_version === row.version) return false;
  const head = await lockedHead(trx, heads, r, row);
  await compact(trx, r, head, now);
  heads?.put(r, head);
  return true;
}

export const compactLocked = (trx: DbOrTrx, heads: MapHeads | undefined, studentId: string, caseId: string, now: Date) =>
  compactRef(trx, heads, caseRef(studentId, caseId), now);

export interface HeadMap {
  document: KmDocument;
  outline: string;
  version: number;
  updateTime: string;
  /**
   * The client's id of the last whole save (a first save, an import, a restore by the client),
   * whatever change sets came after it: a page that reopens a whole-map draft which is exactly
   * that save's document knows its work is stored, and opens this map instead (Draft.sentAs).
   */
  wholeSaveId?: string;
}

/**
 * A map as it is now (its head), or undefined when there is none: the one way every reader gets
 * it. The document is the caller's to change (markProgress marks it): read from the stored text,
 * or copied out of the cache. One statement when the snapshot is the head. `outline`: a case
 * map's stored outline ('' for an own map).
 */
export async function headOf(db: DbOrTrx, heads: MapHeads | undefined, r: MapRef): Promise<HeadMap | undefined> {
  const outline = r.kind === 'case' ? sql<string>`outline` : sql<string>`''`;
  // Unlocked reads, each statement its own snapshot of the database: a save committing in between
  // (a whole save deletes the log) shows as a gap in the sets read, and the map is read again.
  for (let attempt = 0; ; attempt++) {
    const cachedVersion = attempt === 0 ? (heads?.versionOf(r) ?? -1) : -1;
    const { rows } = await sql<{
      version: number;
      snapshot_version: number;
      outline: string;
      updated_at: Date;
      whole_save_id: string | null;
      document: string | null;
    }>`
      select version, snapshot_version, ${outline} as outline, updated_at, whole_save_id,
        -- the document only when it is needed: the snapshot is the head, or the cache cannot answer
        case when snapshot_version = version or version <> ${cachedVersion} then document end as document
      from ${mapTable(r)} where ${mapWhere(r)}`.execute(db);
    const row = rows[0];
    if (!row) return undefined;
    const meta = {
      outline: row.outline,
      version: row.version,
      updateTime: formatDateTime(row.updated_at),
      ...(row.whole_save_id ? { wholeSaveId: row.whole_save_id } : {}),
    };
    if (row.snapshot_version === row.version && row.document !== null) return { document: JSON.parse(row.document) as KmDocument, ...meta };
    const cached = heads?.peek(r, row.version);
    // a copy: the cached map's node data must not be reached by the caller's changes
    if (cached) return { document: JSON.parse(encodeKm(cached.toKm())) as KmDocument, ...meta };
    if (row.document === null) continue; // the cached entry was taken by a writer meanwhile: read the document
    const doc = fromText(row.document);
    if (replayRows(doc, row.snapshot_version, await logTail(db, r, row.snapshot_version, row.version))) return { document: doc.toKm(), ...meta };
    if (attempt >= 3) throw new Error(`the log of ${refKey(r)} misses a set between ${row.snapshot_version} and ${row.version}`);
  }
}

/** A student's map of a case as it is now (headOf). */
export const headMap = (db: DbOrTrx, heads: MapHeads | undefined, studentId: string, caseId: string) => headOf(db, heads, caseRef(studentId, caseId));
