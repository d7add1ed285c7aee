import { sql } from 'kysely';
import { type Change, applyLenient, ChangeRefused, Concurrent, encodeKm, LIMIT_MESSAGES, MAX_DOCUMENT_BYTES, tabOfSet } from '../../../mindmap/core';
import type { SaveChangesBody } from '../../../contract/map-changes';
import type { Db, DbOrTrx } from '../../db/database';
import { ApiError, ResultCode, badRequest } from '../../http/envelope';
import { CARD_CAP_MSG, syncOneCase } from '../review/cards';
import { COMPACT_AFTER, lockMap } from './head';
import {
  answerJson,
  caseRef,
  compact,
  lockedHead,
  logAppend,
  logKnown,
  logTail,
  mapTable,
  mapWhere,
  type LockedMap,
  type LoggedSet,
  type MapRef,
} from './map-log';
import type { HeadEntry, MapHeads } from './head-cache';
import { VERSION_WINDOW_MS, pruneVersions } from './versions';

// saveChanges and mapChanges (issue 30): a save sends the change sets a tab made on top of `base`;
// each new set is applied to the map's head as it is then (the engine's applyLenient, with the
// map's limits checked per change), logged in map_changes with the version it made, and the answer
// is every set after `base`, as applied, in the server's order. The rule is engine/sync/sim-server.ts's.

export const RELOAD_MSG = '思维导图已在其他页面整体更新，正在重新载入';
const MALFORMED = '修改的格式不正确';

const reload = (version: number) => new ApiError(ResultCode.conflict, RELOAD_MSG, { version, reload: 1 });

/** mapChanges: the sets after `since` as JSON (SavedChanges), or 409 reload when the log no longer has them all. */
export async function changesJsonOf(db: DbOrTrx, r: MapRef, since: number): Promise<string> {
  const { rows } = await sql<{ version: number; log_from: number }>`select version, log_from from ${mapTable(r)} where ${mapWhere(r)}`.execute(db);
  const row = rows[0];
  if (!row) {
    if (since === 0 && r.kind === 'case') return answerJson(0, [], []);
    throw reload(0);
  }
  if (since < row.log_from || since > row.version) throw reload(row.version);
  // a set committed between the two statements is left for the next call
  const sets = await logTail(db, r, since, row.version);
  return answerJson(row.version, sets, []);
}

export const mapChangesJson = (db: DbOrTrx, studentId: string, caseId: string, since: number) => changesJsonOf(db, caseRef(studentId, caseId), since);

/** What a set's applied changes mean for the rest of the row: cards follow ids and 已学 marks; the stored outline, titles and structure. */
export function effectsOf(changes: readonly Change[]) {
  let cards = false;
  let outline = false;
  for (const c of changes) {
    if (c.op === 'add' || c.op === 'remove') cards = outline = true;
    else if (c.op === 'move') outline = true;
    else if (c.op === 'set' && c.key === 'isStudy') cards = true;
    else if (c.op === 'set' && c.key === 'text') outline = true;
  }
  return { cards, outline };
}

/** What a set's effects were, for the row's update. */
export interface Effects {
  cards: boolean;
  outline: boolean;
}

/** What a kind of map does around the common rule of saveSets, all inside its transaction. */
export interface SaveHooks<R extends LockedMap & { version_started_at: Date | null }> {
  /** Run first (a shared map: the writing member's row locked, sharing/members.ts). */
  guard?: (trx: DbOrTrx) => Promise<void>;
  /** The map's row locked; undefined: no map to change (409 reload). */
  lock: (trx: DbOrTrx) => Promise<R | undefined>;
  /** The head before these sets kept as a version (its window is over). */
  keepState: (trx: DbOrTrx, row: R, head: HeadEntry, now: Date) => Promise<void>;
  /** The row's version and derived facts written after the sets; resolves a notice for the answer. */
  finish: (trx: DbOrTrx, row: R, head: HeadEntry, effects: Effects, windowOver: boolean) => Promise<string | undefined>;
}

/**
 * The rule of a change-set save, for either kind of map (map-log.ts), in one transaction, the
 * map's row locked: 409 reload when there is no map yet (the first save is whole) or `base` is
 * outside the log; sets already logged (a resend) are skipped; a set beyond the limits refuses
 * the request (400, nothing stored). The state replaced is kept as a version when its window is
 * over. Resolves the answer's JSON.
 */
export async function saveSets<R extends LockedMap & { version_started_at: Date | null }>(
  db: Db,
  heads: MapHeads,
  r: MapRef,
  body: Pick<SaveChangesBody, 'base' | 'sets'>,
  now: Date,
  hooks: SaveHooks<R>,
): Promise<string> {
  let head: HeadEntry | undefined;
  try {
    const json = await db.transaction().execute(async (trx) => {
      if (hooks.guard) await hooks.guard(trx);
      const row = await hooks.lock(trx);
      if (!row || body.base < row.log_from || body.base > row.version) throw reload(row?.version ?? 0);
      const known = await logKnown(trx, r, body.base, [...new Set(body.sets.map((s) => s.id))]);
      const logged = new Set(known.map((k) => k.set_id));
      const before = known.filter((k) => k.version > body.base);
      // each new set once, the first of a repeated id in the request
      const fresh = body.sets.filter((s) => !logged.has(s.id) && (logged.add(s.id), true));
      if (!fresh.length) return answerJson(row.version, before, []);

      head = await lockedHead(trx, heads, r, row);
      // The version window (versions.ts): the state these sets replace is kept once its window is over.
      const windowOver = row.version_started_at === null || row.version_started_at <= new Date(now.getTime() - VERSION_WINDOW_MS);
      if (windowOver) await hooks.keepState(trx, row, head, now);

      const added: LoggedSet[] = [];
      const notices = new Set<string>();
      const effects: Effects = { cards: false, outline: false };
      let version = row.version;
      // What other tabs and members stored after `base` (parsed only if a change meets a delete):
      // the sets' crossing rules (applyLenient) keep both sides' work.
      const tabs = new Set(fresh.map((s) => tabOfSet(s.id)));
      const concurrent = new Concurrent(() => before.filter((k) => !tabs.has(tabOfSet(k.set_id))).flatMap((k) => JSON.parse(k.changes) as Change[]));
      for (const s of fresh) {
        const outcome = applySet(head, s.changes as Change[], concurrent);
        outcome.notices.forEach((n) => notices.add(n));
        const e = effectsOf(outcome.applied);
        effects.cards ||= e.cards;
        effects.outline ||= e.outline;
        // serialised at once: a later set may change node data the applied changes share
        // (a set rebased by its tab since it was made keeps the older version it was made on)
        added.push({ set_id: s.id, version: ++version, changes: JSON.stringify(outcome.applied), base: Math.min(s.base ?? body.base, body.base) });
      }
      head.version = version;
      await logAppend(trx, r, added, now);
      const notice = await hooks.finish(trx, row, head, effects, windowOver);
      if (version - row.snapshot_version >= COMPACT_AFTER) await compact(trx, r, head, now);
      return answerJson(version, [...before, ...added], [...notices], notice);
    });
    if (head) heads.put(r, head);
    return json;
  } catch (e) {
    // the map in memory may hold sets the database does not: the next save rebuilds it
    if (head) heads.drop(r);
    throw e;
  }
}

/**
 * saveChanges: a case map's change sets (saveSets). Keeps the guarantees of a whole save: review
 * cards follow 已学 marks and added/removed topics, the stored outline is derived again when the
 * topics changed.
 */
export function saveChanges(
  db: Db,
  heads: MapHeads,
  studentId: string,
  caseId: string,
  body: Pick<SaveChangesBody, 'base' | 'sets'>,
  now = new Date(),
  /** Run first in the transaction (a shared map: the writing member's row locked, sharing/members.ts). */
  guard?: (trx: DbOrTrx) => Promise<void>,
): Promise<string> {
  const r = caseRef(studentId, caseId);
  return saveSets(db, heads, r, body, now, {
    guard,
    lock: (trx) => lockMap(trx, studentId, caseId),
    keepState: (trx, row, head) => keepState(trx, studentId, caseId, row, head, now),
    finish: async (trx, _row, head, effects, windowOver) => {
      await trx
        .updateTable('student_maps')
        .set({
          version: head.version,
          updated_at: now,
          node_count: head.doc.size,
          title: String(head.doc.root.data.text ?? '').slice(0, 200),
          ...(windowOver ? { version_started_at: now } : {}),
          // the stored outline (the student's wording) no longer describes the map: derived from it again
          ...(effects.outline ? { outline: '' } : {}),
        })
        .where('student_id', '=', studentId)
        .where('case_id', '=', caseId)
        .execute();
      const cards = effects.cards ? await syncOneCase(trx, studentId, caseId, head.doc.toKm(), now) : { missed: 0 };
      return cards.missed ? CARD_CAP_MSG : undefined;
    },
  });
}

export function applySet(head: HeadEntry, changes: Change[], concurrent?: Concurrent) {
  try {
    head.bytes ??= Buffer.byteLength(encodeKm(head.doc.toKm()));
    const outcome = applyLenient(head.doc, changes, { limits: true, concurrent });
    const bytes = head.bytes + sizeDelta(outcome.applied);
    // beyond a whole save's limit: refused like one (the caller's transaction rolls back, the head is dropped)
    if (bytes > MAX_DOCUMENT_BYTES) throw badRequest(LIMIT_MESSAGES.bytes);
    head.bytes = bytes;
    return outcome;
  } catch (e) {
    if (e instanceof ChangeRefused) throw badRequest(e.message);
    // a change whose shape the engine could not even read (the schema checks only its kind)
    if (e instanceof TypeError) throw badRequest(MALFORMED);
    throw e;
  }
}

const jsonBytes = (v: unknown) => (v === undefined ? 0 : Buffer.byteLength(JSON.stringify(v)));

/** How much longer (bytes) the map's .km text is after `applied`: close enough for a limit that has ample headroom. */
export function sizeDelta(applied: readonly Change[]): number {
  let d = 0;
  for (const c of applied) {
    if (c.op === 'add') d += jsonBytes(c.node) + 1;
    else if (c.op === 'remove') d -= jsonBytes(c.node) + 1;
    else if (c.op === 'set')
      d += (c.after === undefined ? 0 : jsonBytes(c.key) + 1 + jsonBytes(c.after)) - (c.before === undefined ? 0 : jsonBytes(c.key) + 1 + jsonBytes(c.before));
    else if (c.op === 'item') d += jsonBytes(c.after) - jsonBytes(c.before);
  }
  return d;
}

/** The head as it was before this save, kept as a version (versions.ts's rule); copied from the row when the snapshot is the head. */
async function keepState(trx: DbOrTrx, studentId: string, caseId: string, row: { version: number; snapshot_version: number }, head: HeadEntry, now: Date) {
  const text = row.snapshot_version === row.version ? null : encodeKm(head.doc.toKm());
  const { rows } = await sql`
    with d as (
      select student_id, case_id, version, coalesce(${text}::text, document) as document, title, node_count, updated_at
      from student_maps where student_id = ${studentId} and case_id = ${caseId}
    )
    insert into map_versions (student_id, case_id, map_version, document, title, node_count, bytes, saved_at)
    select student_id, case_id, version, document, title, node_count, octet_length(document), updated_at from d
    on conflict (student_id, case_id, map_version) do nothing
    returning 1`.execute(trx);
  if (rows.length) await pruneVersions(trx, studentId, now);
}
