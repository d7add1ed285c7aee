import { sql, type RawBuilder } from 'kysely';
import { type Change, replay, MindDoc, encodeKm, restoreDocument } from '../../../mindmap/core';
import type { DbOrTrx } from '../../db/database';
import type { HeadEntry, MapHeads } from './head-cache';

// The change-set log of a map, whichever map it is (src/server/README.md, map storage): a case map
// (student_maps + map_changes, keyed by student and case) or an own map (own_maps +
// own_map_changes, keyed by map id). Both rows carry document/version/snapshot_version/log_from,
// both logs version/set_id/changes/created_at: only the tables and the key differ, so the
// statements here are written once over a MapRef (identifiers from the fixed table below, values
// always parameters).

/** A map: a case map by its student and case; an own map by its id, scoped by its owner (an id from a request never reaches another student's row). */
export type MapRef = { kind: 'case'; studentId: string; caseId: string } | { kind: 'own'; ownerId: string; mapId: string };

export const caseRef = (studentId: string, caseId: string): MapRef => ({ kind: 'case', studentId, caseId });
export const ownRef = (ownerId: string, mapId: string): MapRef => ({ kind: 'own', ownerId, mapId });

/** The key of a map in MapHeads and in messages. */
export const refKey = (r: MapRef): string => (r.kind === 'case' ? `${r.studentId}\n${r.caseId}` : `own\n${r.mapId}`);

const TABLES = { case: { map: 'student_maps', log: 'map_changes' }, own: { map: 'own_maps', log: 'own_map_changes' } } as const;

export const mapTable = (r: MapRef) => sql.table(TABLES[r.kind].map);
const logTable = (r: MapRef) => sql.table(TABLES[r.kind].log);
/** The map's row (an own map in 回收站 is no map to read or write). */
export const mapWhere = (r: MapRef): RawBuilder<boolean> =>
  r.kind === 'case' ? sql`student_id = ${r.studentId} and case_id = ${r.caseId}` : sql`id = ${r.mapId} and student_id = ${r.ownerId} and deleted_at is null`;
const logWhere = (r: MapRef): RawBuilder<boolean> =>
  r.kind === 'case' ? sql`student_id = ${r.studentId} and case_id = ${r.caseId}` : sql`map_id = ${r.mapId}`;

export interface LoggedSet {
  set_id: string;
  version: number;
  changes: string;
  /** The version its changes were made on (null: logged before it was kept). */
  base: number | null;
}

/** The applied changes of the sets after `after` (up to `upTo`), oldest first, as stored. */
export async function logTail(db: DbOrTrx, r: MapRef, after: number, upTo = 2_147_483_647): Promise<LoggedSet[]> {
  const { rows } = await sql<LoggedSet>`
    select set_id, version, changes, base from ${logTable(r)}
    where ${logWhere(r)} and version > ${after} and version <= ${upTo} order by version`.execute(db);
  return rows;
}

/** One statement: the sets after `base` and any of `ids` already logged (a resend). */
export async function logKnown(db: DbOrTrx, r: MapRef, base: number, ids: readonly string[]): Promise<LoggedSet[]> {
  const { rows } = await sql<LoggedSet>`
    select set_id, version, changes, base from ${logTable(r)}
    where ${logWhere(r)} and (version > ${base} or set_id in (${sql.join(ids.length ? ids : [''])}))
    order by version`.execute(db);
  return rows;
}

export async function logAppend(db: DbOrTrx, r: MapRef, sets: readonly LoggedSet[], now: Date): Promise<void> {
  if (!sets.length) return;
  const cols = r.kind === 'case' ? sql`student_id, case_id` : sql`map_id`;
  const key = r.kind === 'case' ? [r.studentId, r.caseId] : [r.mapId];
  const values = sets.map((s) => sql`(${sql.join([...key, s.set_id, s.version, s.changes, s.base, now])})`);
  await sql`insert into ${logTable(r)} (${cols}, set_id, version, changes, base, created_at) values ${sql.join(values)}`.execute(db);
}

/** A whole save: the log starts again at the document saved. */
export async function logClear(db: DbOrTrx, r: MapRef): Promise<void> {
  await sql`delete from ${logTable(r)} where ${logWhere(r)}`.execute(db);
}

export const fromText = (text: string) => new MindDoc(restoreDocument(JSON.parse(text)));

/** Replays stored sets onto a map at `from`; false when the log has a gap (the map must be rebuilt). */
export function replayRows(doc: MindDoc, from: number, rows: readonly { version: number; changes: string }[]): boolean {
  let at = from;
  for (const r of rows) {
    if (r.version !== at + 1) return false;
    replay(doc, JSON.parse(r.changes) as Change[]);
    at = r.version;
  }
  return true;
}

/** The versions of a map's row a writer must know, never its document. */
export interface LockedMap {
  version: number;
  snapshot_version: number;
  log_from: number;
}

/**
 * The head of a map whose row the caller holds locked, for the caller to change: the cached entry
 * when it is at the row's version, or behind it with the missing sets in the log (another process
 * saved: only those are replayed), else rebuilt from the snapshot and the log. The entry is out of
 * the cache (MapHeads.take): put it back after the commit, or let it go on an error.
 */
export async function lockedHead(trx: DbOrTrx, heads: MapHeads | undefined, r: MapRef, row: LockedMap): Promise<HeadEntry> {
  const cached = heads?.take(r);
  if (cached && cached.version <= row.version && cached.version >= row.log_from && cached.version >= 0) {
    if (cached.version === row.version) return cached;
    if (replayRows(cached.doc, cached.version, await logTail(trx, r, cached.version, row.version))) {
      cached.version = row.version;
      return cached;
    }
  }
  const { rows } = await sql<{ document: string }>`select document from ${mapTable(r)} where ${mapWhere(r)}`.execute(trx);
  if (!rows[0]) throw new Error(`map ${refKey(r)} is gone`);
  const doc = fromText(rows[0].document);
  if (!replayRows(doc, row.snapshot_version, await logTail(trx, r, row.snapshot_version, row.version)))
    throw new Error(`the log of ${refKey(r)} misses a set between ${row.snapshot_version} and ${row.version}`);
  return { doc, version: row.version };
}

/** Sets kept for tabs catching up: the last KEEP_SETS, and every set of the last KEEP_LOG_MS. Older ones go at a compaction. */
export const KEEP_SETS = 1000;
export const KEEP_LOG_MS = 24 * 3600 * 1000;

/**
 * Writes the head as the snapshot (the row locked by the caller, `head` at its version) and lets
 * go of the sets no tab needs any more: those at or below the snapshot that are neither among the
 * last KEEP_SETS nor younger than KEEP_LOG_MS. `log_from` follows what was let go: a tab behind it
 * loads the map whole. Returns the document text written.
 */
export async function compact(trx: DbOrTrx, r: MapRef, head: HeadEntry, now: Date): Promise<string> {
  const text = encodeKm(head.doc.toKm());
  const { rows } = await sql<{ gone: number | null }>`
    with gone as (
      delete from ${logTable(r)}
      where ${logWhere(r)} and version <= ${head.version - KEEP_SETS} and created_at < ${new Date(now.getTime() - KEEP_LOG_MS)}
      returning version
    )
    select max(version)::int as gone from gone`.execute(trx);
  const gone = rows[0]?.gone ?? null;
  const logFrom = gone === null ? sql`log_from` : sql`greatest(log_from, ${gone})`;
  await sql`update ${mapTable(r)} set document = ${text}, snapshot_version = ${head.version}, log_from = ${logFrom} where ${mapWhere(r)}`.execute(trx);
  head.bytes = Buffer.byteLength(text);
  return text;
}

/** The answer's JSON (SavedChanges): the stored sets' text spliced in as is, never parsed again. */
export function answerJson(version: number, sets: readonly LoggedSet[], notices: string[], notice?: string): string {
  const parts = sets.map(
    (s) => `{"id":${JSON.stringify(s.set_id)},"version":${s.version}${s.base === null ? '' : `,"base":${s.base}`},"changes":${s.changes}}`,
  );
  const extra = `${notices.length ? `,"notices":${JSON.stringify(notices)}` : ''}${notice ? `,"notice":${JSON.stringify(notice)}` : ''}`;
  return `{"version":${version},"sets":[${parts.join(',')}]${extra}}`;
}
