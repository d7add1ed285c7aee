import { sql } from 'kysely';
import { encodeKm, type MindDoc } from '../../../mindmap/core';
import { MAX_OWN_BYTES } from '../../../contract/mymaps';
import type { SaveChangesBody } from '../../../contract/map-changes';
import type { Db, DbOrTrx } from '../../db/database';
import { badRequest, forbidden, notFound } from '../../http/envelope';
import { isExperienceAccount } from '../../http/write-policy';
import { SHARE_MSG } from '../../../contract/sharing';
import { EXPERIENCE_MSG } from '../cases/access';
import { lockEditor, ownMapOwner } from '../sharing/members';
import { saveSets } from '../mindmaps/changes';
import type { HeadEntry, MapHeads } from '../mindmaps/head-cache';
import { ownRef } from '../mindmaps/map-log';
import { BYTES_LIMIT_MSG, factsOf, NOT_FOUND_MSG, usageOf } from './store';
import { pruneOwnVersions } from './versions';

// 我的导图 saved by change sets (issue 30 for own maps): the rule of a case map's saveChanges
// (mindmaps/changes.ts saveSets over own_maps + own_map_changes, map-log.ts), with an own map's
// rules around it: the owner's limits (MAX_OWN_BYTES over their maps, checked from the size the
// sets add, never by serialising the map), the row's derived facts (title, topics, search text)
// taken from the head in memory when a set changed a topic's text or the topics, and the
// replaced state kept in own_map_versions when its window is over.

/** The derived facts of the head (factsOf over the map in memory), its size as kept by the sets. */
export function headFacts(doc: MindDoc, bytes: number) {
  return { ...factsOf(doc.toKm(), ''), bytes };
}

/**
 * Applies a tab's change sets to own map `mapId` of `ownerId` (the caller checked the writer may:
 * `guard` locks an editing member's row in the transaction). 404 when the map is gone or in
 * 回收站; 409 reload when `base` is outside the log. Resolves the answer's JSON (SavedChanges).
 */
export function saveOwnChanges(
  db: Db,
  heads: MapHeads,
  ownerId: string,
  mapId: string,
  body: Pick<SaveChangesBody, 'base' | 'sets'>,
  now = new Date(),
  guard?: (trx: DbOrTrx) => Promise<void>,
): Promise<string> {
  return saveSets(db, heads, ownRef(ownerId, mapId), body, now, {
    guard,
    lock: async (trx) => {
      // the owner's row first, as a whole save and a create lock it (store.ts assertRoom): saves of
      // one student's maps see each other's sizes, and the locks are always taken in this order
      await trx.selectFrom('students').select('id').where('id', '=', ownerId).forUpdate().execute();
      const row = await trx
        .selectFrom('own_maps')
        .select(['version', 'snapshot_version', 'log_from', 'version_started_at', 'bytes'])
        .where('id', '=', mapId)
        .where('student_id', '=', ownerId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound(NOT_FOUND_MSG);
      return row;
    },
    keepState: (trx, row, head) => keepOwnState(trx, ownerId, mapId, row, head, now),
    finish: async (trx, row, head, effects, windowOver) => {
      const bytes = head.bytes ?? row.bytes;
      if (bytes > row.bytes) {
        const used = await usageOf(trx, ownerId);
        if (used.bytes - row.bytes + bytes > MAX_OWN_BYTES) throw badRequest(BYTES_LIMIT_MSG);
      }
      await trx
        .updateTable('own_maps')
        .set({
          version: head.version,
          updated_at: now,
          // the texts (title, search) only when a set changed them: a style or a fold costs no walk
          ...(effects.outline ? headFacts(head.doc, bytes) : { bytes }),
          ...(windowOver ? { version_started_at: now } : {}),
        })
        .where('id', '=', mapId)
        .execute();
      return undefined;
    },
  });
}

/** The write policy of an own-map write (routes.ts ownWrite), for the live socket (no route there). */
export async function assertOwnWriter(db: DbOrTrx, writerId: string): Promise<void> {
  if (await isExperienceAccount(db, writerId)) throw forbidden(EXPERIENCE_MSG);
}

/**
 * saveOwnChanges as `writerId`: the one path of an own map's change set, from the HTTP route and
 * from the live socket. The writer must own the map or be its 可编辑 member (只读: 403; anyone
 * else: 404), and a member's row is locked in the transaction (removed or made 只读 meanwhile:
 * refused). `ownerId`: the owner the socket was opened for (another: refused as not a member).
 * Resolves the owner and the answer's JSON.
 */
export async function saveOwnChangesAs(
  db: Db,
  heads: MapHeads,
  writerId: string,
  mapId: string,
  body: Pick<SaveChangesBody, 'base' | 'sets'>,
  ownerId?: string,
): Promise<{ ownerId: string; json: string }> {
  const owner = await ownMapOwner(db, writerId, mapId, true);
  if (ownerId !== undefined && owner !== ownerId) throw forbidden(SHARE_MSG.notMember);
  const key = { kind: 'own' as const, ownerId: owner, ref: mapId };
  const json = await saveOwnChanges(db, heads, owner, mapId, body, new Date(), writerId === owner ? undefined : (trx) => lockEditor(trx, key, writerId));
  return { ownerId: owner, json };
}

/** The state these sets replace, kept as a version; its text copied from the row when the snapshot is the head. */
async function keepOwnState(
  trx: DbOrTrx,
  ownerId: string,
  mapId: string,
  row: { version: number; snapshot_version: number },
  head: HeadEntry,
  now: Date,
): Promise<void> {
  const text = row.snapshot_version === row.version ? null : encodeKm(head.doc.toKm());
  const { rows } = await sql`
    insert into own_map_versions (map_id, student_id, map_version, document, title, node_count, bytes, saved_at)
    select id, student_id, version, coalesce(${text}::text, document), title, node_count, bytes, updated_at
    from own_maps where id = ${mapId} and student_id = ${ownerId}
    on conflict (map_id, map_version) do nothing
    returning 1`.execute(trx);
  if (rows.length) await pruneOwnVersions(trx, ownerId, now);
}
