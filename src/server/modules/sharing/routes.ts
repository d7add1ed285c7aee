import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Nothing, Reply } from '../../../contract/common';
import { MAX_MAP_MEMBERS, InviteBody, LeaveBody, MemberList, MembersQuery, RemoveBody, RoleBody, SHARE_MSG, SharedMapList } from '../../../contract/sharing';
import { forbidden, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import type { WritePolicy } from '../../http/write-policy';
import { invite, listMembers, mapTitle, ownerHasMap, removeMember, roleOn, setRole, sharedWith, type MapKey } from './members';
import { roomKey } from '../live/bus';

/** Sharing is kept work others see: the experience account may not (SPEC §6). */
const shareWrite: WritePolicy = { experience: 'refuse' };

/** Sharing a map with classmates (issue 32): the owner invites by 学号, lists, changes roles, removes; a member leaves. */
export async function sharingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  /** The signed-in student's own map (as owner), or the refusal. */
  async function ownedKey(studentId: string, kind: MapKey['kind'], ref: string): Promise<MapKey> {
    const key: MapKey = { kind, ownerId: studentId, ref };
    if (!(await ownerHasMap(app.db, key))) {
      // a member asking is told they do not manage it, anyone else that there is no such map
      const member = await app.db
        .selectFrom('map_members')
        .select('owner_id')
        .where('map_kind', '=', kind)
        .where('map_ref', '=', ref)
        .where('member_id', '=', studentId)
        .executeTakeFirst();
      throw member ? forbidden(SHARE_MSG.notOwner) : notFound(SHARE_MSG.noMap);
    }
    return key;
  }

  /** Tells the map's open sockets (every process) that a member's access changed: they re-check it. */
  const accessChanged = (key: MapKey, memberId: string) => app.live.publish(roomKey(app.live.prefix, key), { t: 'access', memberId });

  r.post('/api/share/invite', { schema: { body: InviteBody, response: Reply(MemberList) }, config: { write: shareWrite } }, async (request) => {
    const key = await ownedKey(studentIdOf(request), request.body.kind, request.body.mapId);
    const memberId = await invite(app.db, key, request.body.studentNo, request.body.role, await mapTitle(app.db, key));
    app.studentCache.forget(memberId);
    return ok(await membersOf(key));
  });

  async function membersOf(key: MapKey) {
    const owner = await app.db.selectFrom('students').select('username').where('id', '=', key.ownerId).executeTakeFirstOrThrow();
    return { owner: { studentId: key.ownerId, name: owner.username }, members: await listMembers(app.db, key), max: MAX_MAP_MEMBERS };
  }

  // The owner and every member may see who is on the map (the avatars of presence name them anyway).
  r.get('/api/share/members', { schema: { querystring: MembersQuery, response: Reply(MemberList) } }, async (request) => {
    const studentId = studentIdOf(request);
    const { kind, mapId } = request.query;
    const asMember = await app.db
      .selectFrom('map_members')
      .select('owner_id')
      .where('map_kind', '=', kind)
      .where('map_ref', '=', mapId)
      .where('member_id', '=', studentId)
      .executeTakeFirst();
    const key = asMember ? { kind, ownerId: asMember.owner_id, ref: mapId } : await ownedKey(studentId, kind, mapId);
    return ok(await membersOf(key));
  });

  r.post('/api/share/role', { schema: { body: RoleBody, response: Reply(MemberList) }, config: { write: shareWrite } }, async (request) => {
    const key = await ownedKey(studentIdOf(request), request.body.kind, request.body.mapId);
    if (!(await setRole(app.db, key, request.body.memberId, request.body.role, await mapTitle(app.db, key))))
      throw notFound(SHARE_MSG.notMember.replace('你', '该同学'));
    // (told in 消息通知: the header's unread count is read again)
    app.studentCache.forget(request.body.memberId);
    await accessChanged(key, request.body.memberId);
    return ok(await membersOf(key));
  });

  r.post('/api/share/remove', { schema: { body: RemoveBody, response: Reply(MemberList) }, config: { write: shareWrite } }, async (request) => {
    const key = await ownedKey(studentIdOf(request), request.body.kind, request.body.mapId);
    if (!(await removeMember(app.db, key, request.body.memberId, { by: 'owner', title: await mapTitle(app.db, key) })))
      throw notFound(SHARE_MSG.notMember.replace('你', '该同学'));
    app.studentCache.forget(request.body.memberId);
    await accessChanged(key, request.body.memberId);
    return ok(await membersOf(key));
  });

  r.post('/api/share/leave', { schema: { body: LeaveBody, response: Reply(Nothing) }, config: { write: shareWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    const key: MapKey = { kind: request.body.kind, ownerId: request.body.ownerId, ref: request.body.mapId };
    // (the owner is told in 消息通知, written with the leave: their header's unread count is read again)
    if (
      (await roleOn(app.db, key, studentId)) === 'owner' ||
      !(await removeMember(app.db, key, studentId, { by: 'member', title: await mapTitle(app.db, key) }))
    )
      throw notFound(SHARE_MSG.notMember);
    app.studentCache.forget(key.ownerId);
    await accessChanged(key, studentId);
    return ok(null);
  });

  r.get('/api/share/sharedWithMe', { schema: { response: Reply(SharedMapList) } }, async (request) =>
    ok({ maps: await sharedWith(app.db, studentIdOf(request)) }),
  );
}
