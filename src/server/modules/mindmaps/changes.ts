import { sql } from 'kysely';
import { type Change, applyLenient, ChangeRefused, Concurrent, encodeKm, LIMIT_MESSAGES, MAX_DOCUMENT_BYTES, tabOfSet } from '../../../mindmap/core';
import type { SaveChangesBody } from '../../../contract/map-changes';
import type { Db, DbOrTrx } from '../../db/database';
import { ApiError, ResultCode, badRequest } from '../../http/envelope';
import { CARD_CAP_MSG, syncOneCase } from '../review/cards';
import { COMPACT_AFTER, compact, lockMap, lockedHead } from './head';
import type { HeadEntry, MapHeads } from './head-cache';
import { VERSION_WINDOW_MS, pruneVersions } from './versions';

// saveChanges and mapChanges (issue 30): a save sends the change sets a tab made on top of `base`;
// each new set is applied to the map's head as it is then (the engine's applyLenient, with the
// map's limits checked per change), logged in map_changes with the version it made, and the answer
// is every set after `base`, as applied, in the server's order. The rule is engine/sync/sim-server.ts's.

export const RELOAD_MSG = '思维导图已在其他页面整体更新，正在重新载入';
const MALFORMED = '修改的格式不正确';

const reload = (version: number) => new ApiError(ResultCode.conflict, RELOAD_MSG, { version, reload: 1 });

/** The answer's JSON (SavedChanges): the stored sets' text spliced in as is, never parsed again. */
function answerJson(version: number, sets: readonly { set_id: string; version: number; changes: string }[], notices: string[], notice?: string): string {
  const parts = sets.map((s) => `{"id":${JSON.stringify(s.set_id)},"version":${s.version},"changes":${s.changes}}`);
  const extra = `${notices.length ? `,"notices":${JSON.stringify(notices)}` : ''}${notice ? `,"notice":${JSON.stringify(notice)}` : ''}`;
  return `{"version":${version},"sets":[${parts.join(',')}]${extra}}`;
}

function setsAfter(db: DbOrTrx, studentId: string, caseId: string, after: number) {
  return db
    .selectFrom('map_changes')
    .select(['set_id', 'version', 'changes'])
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .where('version', '>', after)
    .orderBy('version')
    .execute();
}

/** mapChanges: the sets after `since` as JSON (SavedChanges), or 409 reload when the log no longer has them all. */
export async function mapChangesJson(db: DbOrTrx, studentId: string, caseId: string, since: number): Promise<string> {
  const row = await db
    .selectFrom('student_maps')
    .select(['version', 'log_from'])
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  if (!row) {
    if (since === 0) return answerJson(0, [], []);
    throw reload(0);
  }
  if (since < row.log_from || since > row.version) throw reload(row.version);
  const sets = await setsAfter(db, studentId, caseId, since);
  // a set committed between the two statements is left for the next call
  return answerJson(
    row.version,
    sets.filter((s) => s.version <= row.version),
    [],
  );
}

/** What a set's applied changes mean for the rest of the row: cards follow ids and 已学 marks; the stored outline, titles and structure. */
function effectsOf(changes: readonly Change[]) {
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

/**
 * saveChanges in one transaction, the map's row locked: 409 reload when the student has no own
 * map yet (the first save is whole) or `base` is outside the log; sets already logged (a resend)
 * are skipped; a set beyond the limits refuses the request (400, nothing stored). Keeps the
 * guarantees of a whole save: the state replaced is kept as a version when its window is over,
 * review cards follow 已学 marks and added/removed topics. Resolves the answer's JSON.
 */
export async function saveChanges(
  db: Db,
  heads: MapHeads,
  studentId: string,
  caseId: string,
  body: Pick<SaveChangesBody, 'base' | 'sets'>,
  now = new Date(),
  /** Run first in the transaction (a shared map: the writing member's row locked, sharing/members.ts). */
  guard?: (trx: DbOrTrx) => Promise<void>,
): Promise<string> {
  let head: HeadEntry | undefined;
  try {
    const json = await db.transaction().execute(async (trx) => {
      if (guard) await guard(trx);
      const row = await lockMap(trx, studentId, caseId);
      if (!row || body.base < row.log_from || body.base > row.version) throw reload(row?.version ?? 0);
      // One statement: the sets after `base` (the answer) and any of the sets sent already logged (a resend).
      const ids = [...new Set(body.sets.map((s) => s.id))];
      const known = await trx
        .selectFrom('map_changes')
        .select(['set_id', 'version', 'changes'])
        .where('student_id', '=', studentId)
        .where('case_id', '=', caseId)
        .where((eb) => eb.or([eb('version', '>', body.base), eb('set_id', 'in', ids)]))
        .orderBy('version')
        .execute();
      const logged = new Set(known.map((r) => r.set_id));
      const before = known.filter((r) => r.version > body.base);
      // each new set once, the first of a repeated id in the request
      const fresh = body.sets.filter((s) => !logged.has(s.id) && (logged.add(s.id), true));
      if (!fresh.length) return answerJson(row.version, before, []);

      head = await lockedHead(trx, heads, studentId, caseId, row);
      // The version window (versions.ts): the state these sets replace is kept once its window is over.
      const windowOver = row.version_started_at === null || row.version_started_at <= new Date(now.getTime() - VERSION_WINDOW_MS);
      if (windowOver) await keepState(trx, studentId, caseId, row, head, now);

      const added: { student_id: string; case_id: string; set_id: string; version: number; changes: string }[] = [];
      const notices = new Set<string>();
      const effects = { cards: false, outline: false };
      let version = row.version;
      // What other tabs and members stored after `base` (parsed only if a change meets a delete):
      // the sets' crossing rules (applyLenient) keep both sides' work.
      const tabs = new Set(fresh.map((s) => tabOfSet(s.id)));
      const concurrent = new Concurrent(() => before.filter((r) => !tabs.has(tabOfSet(r.set_id))).flatMap((r) => JSON.parse(r.changes) as Change[]));
      for (const s of fresh) {
        const outcome = applySet(head, s.changes as Change[], concurrent);
        outcome.notices.forEach((n) => notices.add(n));
        const e = effectsOf(outcome.applied);
        effects.cards ||= e.cards;
        effects.outline ||= e.outline;
        // serialised at once: a later set may change node data the applied changes share
        added.push({ student_id: studentId, case_id: caseId, set_id: s.id, version: ++version, changes: JSON.stringify(outcome.applied) });
      }
      head.version = version;
      await trx
        .insertInto('map_changes')
        .values(added.map((a) => ({ ...a, created_at: now })))
        .execute();
      await trx
        .updateTable('student_maps')
        .set({
          version,
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
      if (version - row.snapshot_version >= COMPACT_AFTER) await compact(trx, studentId, caseId, head, now);
      const cards = effects.cards ? await syncOneCase(trx, studentId, caseId, head.doc.toKm(), now) : { missed: 0 };
      return answerJson(version, [...before, ...added], [...notices], cards.missed ? CARD_CAP_MSG : undefined);
    });
    if (head) heads.put(studentId, caseId, head);
    return json;
  } catch (e) {
    // the map in memory may hold sets the database does not: the next save rebuilds it
    if (head) heads.drop(studentId, caseId);
    throw e;
  }
}

function applySet(head: HeadEntry, changes: Change[], concurrent: Concurrent) {
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
