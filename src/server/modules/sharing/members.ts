import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import { ApiError, ResultCode, badRequest, forbidden, notFound } from '../../http/envelope';
import { formatDateTime } from '../../lib/time';
import { accessOf } from '../cases/access';
import { invited, left, removed, roleChanged, tellMember } from './notices';
import { MAX_MAP_MEMBERS, SHARE_MSG, type MapKind, type Member, type MemberRole, type SharedMap } from '../../../contract/sharing';

// Members of a shared map (issue 32): data access. Every statement names the owner, the map and
// (for a member's own rows) the member: an id from the request never reaches another student's rows.

export interface MapKey {
  kind: MapKind;
  ownerId: string;
  /** case id or own map id */
  ref: string;
}

const roleOf = (canEdit: number): MemberRole => (canEdit === 1 ? 'edit' : 'view');
const canEditOf = (role: MemberRole) => (role === 'edit' ? 1 : 0);

function rows(db: DbOrTrx, key: MapKey) {
  return db.selectFrom('map_members').where('owner_id', '=', key.ownerId).where('map_kind', '=', key.kind).where('map_ref', '=', key.ref);
}

/** What the requester may do with the map: 'owner', 'edit', 'view', or undefined (nothing). One statement. */
export async function roleOn(db: DbOrTrx, key: MapKey, requesterId: string): Promise<'owner' | MemberRole | undefined> {
  if (key.ownerId === requesterId) return 'owner';
  const row = await rows(db, key).select('can_edit').where('member_id', '=', requesterId).executeTakeFirst();
  return row ? roleOf(row.can_edit) : undefined;
}

/**
 * A case map's access for a requester in one statement: their role on the owner's map, the
 * owner's access to the case (accessOf: a graduated owner's map is no longer written), and
 * whether the requester was a member and is no more (`removed`: they are told so).
 */
export async function caseMapAccess(db: DbOrTrx, ownerId: string, caseId: string, requesterId: string) {
  const { rows: found } = await sql<{ can_edit: number | null; status: number | null; removed: boolean }>`
    select m.can_edit, a.status, r.member_id is not null as removed
    from (values (1)) as one (x)
    left join map_members m on m.owner_id = ${ownerId} and m.map_kind = 'case' and m.map_ref = ${caseId} and m.member_id = ${requesterId}
    left join map_removals r on r.owner_id = ${ownerId} and r.map_kind = 'case' and r.map_ref = ${caseId} and r.member_id = ${requesterId}
    left join case_applications a on a.student_id = ${ownerId} and a.case_id = ${caseId}`.execute(db);
  const r = found[0];
  const role: 'owner' | MemberRole | undefined = ownerId === requesterId ? 'owner' : r?.can_edit == null ? undefined : roleOf(r.can_edit);
  return { role, ownerAccess: accessOf(r?.status), removed: role === undefined && r?.removed === true };
}

/**
 * For a member's write, inside the writing transaction: the member's row locked (FOR SHARE), so
 * a removal or a change to 只读 waits for this write, and a write after it sees the change. Throws
 * the refusal (403) unless the requester is the owner or an editing member.
 */
export async function lockEditor(trx: DbOrTrx, key: MapKey, requesterId: string): Promise<void> {
  if (key.ownerId === requesterId) return;
  const row = await rows(trx, key).select('can_edit').where('member_id', '=', requesterId).forShare().executeTakeFirst();
  if (!row) throw forbidden(SHARE_MSG.notMember);
  if (row.can_edit !== 1) throw forbidden(SHARE_MSG.readOnly);
}

/**
 * A member's own 正在学 on `ownerId`'s map of case `caseId`: moved to `nodeId` (`on`), or taken
 * off it (a mark on another topic stays), in one statement on their own row: any member, 可编辑
 * or 只读 (their progress, not an edit of the map). Resolves what is stored (null: no mark);
 * throws the refusal (403) when they are no member.
 */
export async function setMemberNow(db: DbOrTrx, ownerId: string, caseId: string, memberId: string, nodeId: string, on: boolean): Promise<string | null> {
  const row = await db
    .updateTable('map_members')
    .set((eb) => ({ now_node: on ? nodeId : eb.case().when('now_node', '=', nodeId).then(null).else(eb.ref('now_node')).end() }))
    .where('owner_id', '=', ownerId)
    .where('map_kind', '=', 'case')
    .where('map_ref', '=', caseId)
    .where('member_id', '=', memberId)
    .returning('now_node')
    .executeTakeFirst();
  if (!row) throw forbidden(SHARE_MSG.notMember);
  return row.now_node;
}

/** A member's own hand-set 正在学 on `ownerId`'s map of case `caseId` (undefined: none, or no member). */
export async function memberNow(db: DbOrTrx, ownerId: string, caseId: string, memberId: string): Promise<string | undefined> {
  const row = await rows(db, { kind: 'case', ownerId, ref: caseId }).select('now_node').where('member_id', '=', memberId).executeTakeFirst();
  return row?.now_node ?? undefined;
}

/** The members of a map, oldest first, with their names and 学号. */
export async function listMembers(db: DbOrTrx, key: MapKey): Promise<Member[]> {
  const found = await rows(db, key)
    .innerJoin('students as s', 's.id', 'map_members.member_id')
    .select(['member_id', 'can_edit', 'map_members.created_at', 's.username', 's.student_no'])
    .orderBy('map_members.created_at')
    .orderBy('member_id')
    .execute();
  return found.map((m) => ({
    studentId: m.member_id,
    name: m.username,
    studentNo: m.student_no,
    role: roleOf(m.can_edit),
    since: formatDateTime(m.created_at),
  }));
}

/** Whether the owner has this map: an own map not in 回收站, or an active application to the case. */
export async function ownerHasMap(db: DbOrTrx, key: MapKey): Promise<boolean> {
  if (key.kind === 'own') {
    const row = await db
      .selectFrom('own_maps')
      .select('id')
      .where('id', '=', key.ref)
      .where('student_id', '=', key.ownerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }
  const row = await db.selectFrom('case_applications').select('status').where('student_id', '=', key.ownerId).where('case_id', '=', key.ref).executeTakeFirst();
  return accessOf(row?.status) === 1;
}

/**
 * Invites the classmate with 学号 `studentNo`, and tells them in 消息通知; one transaction with
 * the owner's student row locked, so two invitations cannot pass the member limit together.
 * Resolves the new member's id.
 */
export async function invite(db: Db, key: MapKey, studentNo: string, role: MemberRole, title: string, now = new Date()): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom('students').select('username').where('id', '=', key.ownerId).forUpdate().executeTakeFirstOrThrow();
    const found = await trx.selectFrom('students').select(['id', 'customer_type']).where('student_no', '=', studentNo).limit(2).execute();
    if (found.length === 0) throw notFound(SHARE_MSG.unknownStudentNo);
    if (found.length > 1) throw badRequest(SHARE_MSG.ambiguousStudentNo);
    const memberId = found[0].id;
    if (memberId === key.ownerId) throw badRequest(SHARE_MSG.self);
    if (key.kind === 'case') {
      const a = await trx.selectFrom('case_applications').select('status').where('student_id', '=', memberId).where('case_id', '=', key.ref).executeTakeFirst();
      if (accessOf(a?.status) !== 1) throw badRequest(SHARE_MSG.notApplied);
    }
    const counted = await rows(trx, key)
      .select([(eb) => eb.fn.countAll<string>().as('n'), sql<number>`count(*) filter (where member_id = ${memberId})`.as('mine')])
      .executeTakeFirstOrThrow();
    if (Number(counted.mine) > 0) throw new ApiError(ResultCode.conflict, SHARE_MSG.already);
    if (Number(counted.n) >= MAX_MAP_MEMBERS) throw badRequest(SHARE_MSG.limit);
    await trx
      .insertInto('map_members')
      .values({ owner_id: key.ownerId, map_kind: key.kind, map_ref: key.ref, member_id: memberId, can_edit: canEditOf(role), created_at: now })
      .execute();
    // a member again: no longer told they are not one
    await forgetRemoval(trx, key, memberId);
    await tellMember(trx, memberId, invited(owner.username, title, role), now);
    return memberId;
  });
}

/**
 * Changes a member's role, and tells them in 消息通知 (`title`: the map's, as mapTitle names it),
 * in one transaction; the same role again changes and tells nothing. False when they are no member.
 */
export async function setRole(db: Db, key: MapKey, memberId: string, role: MemberRole, title: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await rows(trx, key).select('can_edit').where('member_id', '=', memberId).forUpdate().executeTakeFirst();
    if (!row) return false;
    const was = roleOf(row.can_edit);
    if (was === role) return true;
    await trx
      .updateTable('map_members')
      .set({ can_edit: canEditOf(role) })
      .where('owner_id', '=', key.ownerId)
      .where('map_kind', '=', key.kind)
      .where('map_ref', '=', key.ref)
      .where('member_id', '=', memberId)
      .execute();
    await tellMember(trx, memberId, roleChanged(await ownerName(trx, key), title, was, role), now);
    return true;
  });
}

/**
 * Removes a member, in one transaction with the record that they were one (a former member opening
 * the map is told so, not "not found"), and the notice of it in 消息通知: `by` 'owner', the owner
 * removed them (the member is told); 'member', the member left (the owner is told). `title`: the
 * map's, as mapTitle names it. False when they were none.
 */
export async function removeMember(db: Db, key: MapKey, memberId: string, told: { by: 'owner' | 'member'; title: string }, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('map_members')
      .where('owner_id', '=', key.ownerId)
      .where('map_kind', '=', key.kind)
      .where('map_ref', '=', key.ref)
      .where('member_id', '=', memberId)
      .returning('member_id')
      .executeTakeFirst();
    if (!gone) return false;
    await trx
      .insertInto('map_removals')
      .values({ owner_id: key.ownerId, map_kind: key.kind, map_ref: key.ref, member_id: memberId, removed_at: now })
      .onConflict((oc) => oc.columns(['owner_id', 'map_kind', 'map_ref', 'member_id']).doUpdateSet({ removed_at: now }))
      .execute();
    if (told.by === 'owner') await tellMember(trx, memberId, removed(await ownerName(trx, key), told.title), now);
    else await tellMember(trx, key.ownerId, left(await studentName(trx, memberId), told.title), now);
    return true;
  });
}

function forgetRemoval(trx: DbOrTrx, key: MapKey, memberId: string) {
  return trx
    .deleteFrom('map_removals')
    .where('owner_id', '=', key.ownerId)
    .where('map_kind', '=', key.kind)
    .where('map_ref', '=', key.ref)
    .where('member_id', '=', memberId)
    .execute();
}

async function ownerName(trx: DbOrTrx, key: MapKey): Promise<string> {
  return studentName(trx, key.ownerId);
}

async function studentName(trx: DbOrTrx, id: string): Promise<string> {
  return (await trx.selectFrom('students').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;
}

/** 共享给我的: the maps shared with a student, newest first; an own map in 回收站 is left out. */
export async function sharedWith(db: DbOrTrx, memberId: string): Promise<SharedMap[]> {
  const { rows: found } = await sql<{
    map_kind: MapKind;
    map_ref: string;
    owner_id: string;
    owner_name: string;
    title: string | null;
    can_edit: number;
    created_at: Date;
  }>`
    select m.map_kind, m.map_ref, m.owner_id, s.username as owner_name, m.can_edit, m.created_at,
      case when m.map_kind = 'own' then o.title else coalesce(nullif(sm.title, ''), c.name) end as title
    from map_members m
    join students s on s.id = m.owner_id
    left join own_maps o on m.map_kind = 'own' and o.id = m.map_ref and o.student_id = m.owner_id
    left join student_maps sm on m.map_kind = 'case' and sm.student_id = m.owner_id and sm.case_id = m.map_ref
    left join cases c on m.map_kind = 'case' and c.id = m.map_ref
    where m.member_id = ${memberId} and (m.map_kind = 'case' or (o.id is not null and o.deleted_at is null))
    order by m.created_at desc, m.map_ref
    limit 500`.execute(db);
  return found.map((r) => ({
    kind: r.map_kind,
    mapId: r.map_ref,
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    title: r.title ?? '',
    role: roleOf(r.can_edit),
    since: formatDateTime(r.created_at),
  }));
}

/** The title the invitation names: the own map's, the owner's copy's, or the case's name. */
export async function mapTitle(db: DbOrTrx, key: MapKey): Promise<string> {
  if (key.kind === 'own') {
    const row = await db.selectFrom('own_maps').select('title').where('id', '=', key.ref).where('student_id', '=', key.ownerId).executeTakeFirst();
    return row?.title ?? '';
  }
  const row = await db
    .selectFrom('cases as c')
    .leftJoin('student_maps as sm', (j) => j.onRef('sm.case_id', '=', 'c.id').on('sm.student_id', '=', key.ownerId))
    .select(['c.name', 'sm.title'])
    .where('c.id', '=', key.ref)
    .executeTakeFirst();
  return (row?.title || row?.name) ?? '';
}

/**
 * The owner of own map `mapId` for a requester who owns it or is its member, in one statement;
 * "not found" for anyone else (another student's map id tells them nothing). `write`: editing
 * members only (只读: 403).
 */
export async function ownMapOwner(db: DbOrTrx, requesterId: string, mapId: string, write = false): Promise<string> {
  const { ownerId, access } = await ownMapAccess(db, requesterId, mapId);
  if (write && access === 'view') throw forbidden(SHARE_MSG.readOnly);
  return ownerId;
}

/**
 * As ownMapOwner, with what the requester may do there (owner, 可编辑 'edit', 只读 'view') and the
 * owner's name. A former member (map_removals) is told they are no longer one (403); to anyone
 * else the map is "not found", as any id that names no map of theirs.
 */
export async function ownMapAccess(
  db: DbOrTrx,
  requesterId: string,
  mapId: string,
): Promise<{ ownerId: string; ownerName: string; access: 'owner' | MemberRole }> {
  const { rows: found } = await sql<{ student_id: string; username: string; can_edit: number | null }>`
    select o.student_id, s.username, m.can_edit
    from own_maps o
    join students s on s.id = o.student_id
    left join map_members m on m.owner_id = o.student_id and m.map_kind = 'own' and m.map_ref = o.id and m.member_id = ${requesterId}
    left join map_removals r on r.owner_id = o.student_id and r.map_kind = 'own' and r.map_ref = o.id and r.member_id = ${requesterId}
    where o.id = ${mapId} and o.deleted_at is null and (o.student_id = ${requesterId} or m.member_id is not null or r.member_id is not null)`.execute(db);
  const row = found[0];
  if (!row) throw notFound(SHARE_MSG.noMap);
  if (row.student_id !== requesterId && row.can_edit === null) throw forbidden(SHARE_MSG.removed);
  const access = row.student_id === requesterId ? 'owner' : row.can_edit === 1 ? 'edit' : 'view';
  return { ownerId: row.student_id, ownerName: row.username, access };
}
