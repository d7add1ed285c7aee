import { sql } from 'kysely';
import { type Change, replay, MindDoc, encodeKm, restoreDocument } from '../../../mindmap/core';
import type { DbOrTrx } from '../../db/database';
import { formatDateTime } from '../../lib/time';
import type { KmDocument } from './document';
import type { HeadEntry, MapHeads } from './head-cache';

// A student's map is its snapshot (student_maps.document, the state at snapshot_version) plus the
// change sets after it (map_changes, one row per set, the version it made): its head is the
// snapshot with those sets replayed. Everything that reads a student's map reads the head
// (headMap); the writers keep the snapshot near it (compact). The design: src/server/README.md.

/** Sets behind the snapshot after which a save writes the head as the snapshot (amortised: one serialisation per this many sets). */
export const COMPACT_AFTER = 200;
/** Sets kept for tabs catching up: the last KEEP_SETS, and every set of the last KEEP_LOG_MS. Older ones go at a compaction. */
export const KEEP_SETS = 1000;
export const KEEP_LOG_MS = 24 * 3600 * 1000;

const fromText = (text: string) => new MindDoc(restoreDocument(JSON.parse(text)));

/** The applied changes of the sets after `after` (up to `upTo`), oldest first, as stored. */
function tail(db: DbOrTrx, studentId: string, caseId: string, after: number, upTo: number) {
  return db
    .selectFrom('map_changes')
    .select(['version', 'changes'])
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .orderBy('version')
    .execute();
}

/** Replays stored sets onto a map at `from`; false when the log has a gap (the map must be rebuilt). */
function replayRows(doc: MindDoc, from: number, rows: readonly { version: number; changes: string }[]): boolean {
  let at = from;
  for (const r of rows) {
    if (r.version !== at + 1) return false;
    replay(doc, JSON.parse(r.changes) as Change[]);
    at = r.version;
  }
  return true;
}

/** The row a writer locks: the versions it must know, never the document. */
export interface LockedMap {
  version: number;
  snapshot_version: number;
  log_from: number;
}

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
 * The head of a map whose row the caller holds locked, for the caller to change: the cached entry
 * when it is at the row's version, or behind it with the missing sets in the log (another process
 * saved: only those are replayed), else rebuilt from the snapshot and the log. The entry is out of
 * the cache (MapHeads.take): put it back after the commit, or let it go on an error.
 */
export async function lockedHead(trx: DbOrTrx, heads: MapHeads | undefined, studentId: string, caseId: string, row: LockedMap): Promise<HeadEntry> {
  const cached = heads?.take(studentId, caseId);
  if (cached && cached.version <= row.version && cached.version >= row.log_from && cached.version >= 0) {
    if (cached.version === row.version) return cached;
    if (replayRows(cached.doc, cached.version, await tail(trx, studentId, caseId, cached.version, row.version))) {
      cached.version = row.version;
      return cached;
    }
  }
  const snap = await trx
    .selectFrom('student_maps')
    .select('document')
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .executeTakeFirstOrThrow();
  const doc = fromText(snap.document);
  if (!replayRows(doc, row.snapshot_version, await tail(trx, studentId, caseId, row.snapshot_version, row.version)))
    throw new Error(`map_changes of ${studentId}/${caseId} miss a set between ${row.snapshot_version} and ${row.version}`);
  return { doc, version: row.version };
}

/**
 * Writes the head as the snapshot (the row locked by the caller, `head` at `version`) and lets go
 * of the sets no tab needs any more: those at or below the snapshot that are neither among the
 * last KEEP_SETS nor younger than KEEP_LOG_MS. `log_from` follows what was let go: a tab behind it
 * loads the map whole. Returns the document text written.
 */
export async function compact(trx: DbOrTrx, studentId: string, caseId: string, head: HeadEntry, now: Date): Promise<string> {
  const text = encodeKm(head.doc.toKm());
  const { rows } = await sql<{ gone: number | null }>`
    with gone as (
      delete from map_changes
      where student_id = ${studentId} and case_id = ${caseId}
        and version <= ${head.version - KEEP_SETS} and created_at < ${new Date(now.getTime() - KEEP_LOG_MS)}
      returning version
    )
    select max(version)::int as gone from gone`.execute(trx);
  const gone = rows[0]?.gone ?? null;
  await trx
    .updateTable('student_maps')
    .set({ document: text, snapshot_version: head.version, ...(gone === null ? {} : { log_from: sql<number>`greatest(log_from, ${gone})` }) })
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .execute();
  return text;
}

/**
 * A locked map's snapshot brought to its head when the log is ahead of it, for the writes that
 * copy or replace `document` whole (a whole save, 保留当前版本). Returns whether it had to.
 */
export async function compactLocked(trx: DbOrTrx, heads: MapHeads | undefined, studentId: string, caseId: string, now: Date): Promise<boolean> {
  const row = await lockMap(trx, studentId, caseId);
  if (!row || row.snapshot_version === row.version) return false;
  const head = await lockedHead(trx, heads, studentId, caseId, row);
  await compact(trx, studentId, caseId, head, now);
  heads?.put(studentId, caseId, head);
  return true;
}

export interface HeadMap {
  document: KmDocument;
  outline: string;
  version: number;
  updateTime: string;
}

/**
 * A student's own map as it is now (its head), or undefined when they have none: the one way
 * every reader gets it. The document is the caller's to change (markProgress marks it): read from
 * the stored text, or copied out of the cache. One statement when the snapshot is the head.
 */
export async function headMap(db: DbOrTrx, heads: MapHeads | undefined, studentId: string, caseId: string): Promise<HeadMap | undefined> {
  // Unlocked reads, each statement its own snapshot of the database: a save committing in between
  // (a whole save deletes the log) shows as a gap in the sets read, and the map is read again.
  for (let attempt = 0; ; attempt++) {
    const cachedVersion = attempt === 0 ? (heads?.versionOf(studentId, caseId) ?? -1) : -1;
    const row = await db
      .selectFrom('student_maps')
      .select(['version', 'snapshot_version', 'outline', 'updated_at'])
      // the document only when it is needed: the snapshot is the head, or the cache cannot answer
      .select(sql<string | null>`case when snapshot_version = version or version <> ${cachedVersion} then document end`.as('document'))
      .where('student_id', '=', studentId)
      .where('case_id', '=', caseId)
      .executeTakeFirst();
    if (!row) return undefined;
    const meta = { outline: row.outline, version: row.version, updateTime: formatDateTime(row.updated_at) };
    if (row.snapshot_version === row.version && row.document !== null) return { document: JSON.parse(row.document) as KmDocument, ...meta };
    const cached = heads?.peek(studentId, caseId, row.version);
    // a copy: the cached map's node data must not be reached by the caller's changes
    if (cached) return { document: JSON.parse(encodeKm(cached.toKm())) as KmDocument, ...meta };
    if (row.document === null) continue; // the cached entry was taken by a writer meanwhile: read the document
    const doc = fromText(row.document);
    if (replayRows(doc, row.snapshot_version, await tail(db, studentId, caseId, row.snapshot_version, row.version))) return { document: doc.toKm(), ...meta };
    if (attempt >= 3) throw new Error(`map_changes of ${studentId}/${caseId} miss a set between ${row.snapshot_version} and ${row.version}`);
  }
}
