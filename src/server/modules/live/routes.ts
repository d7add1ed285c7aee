import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Compile } from 'typebox/compile';
import { LIVE_MAX_FRAME, LIVE_PROTOCOL, LiveClose, LiveIn, LiveQuery } from '../../../contract/live';
import { SHARE_MSG } from '../../../contract/sharing';
import { Nothing, Reply } from '../../../contract/common';
import type { SaveChangesBody } from '../../../contract/map-changes';
import { requireStudent, studentIdOf } from '../../http/auth';
import { ApiError, forbidden } from '../../http/envelope';
import { assertNotGraduated } from '../cases/access';
import { assertCaseWriter, caseMapOwner, saveChangesAs } from '../sharing/case-map';
import type { MapKey } from '../sharing/members';
import { assertOwnWriter, saveOwnChangesAs } from '../mymaps/changes';
import { FLOOD_DROPS, LiveConn, type RawSocket } from './conn';
import { accessOn, type Room } from './hub';

const check = Compile(LiveIn);

/** The session token of a socket: `Authorization`, or the subprotocol `bearer.<token>` (a browser cannot set headers). */
function tokenToHeader(request: FastifyRequest): void {
  if (request.headers.authorization) return;
  const offered = String(request.headers['sec-websocket-protocol'] ?? '').split(',');
  const bearer = offered.map((p) => p.trim()).find((p) => p.startsWith('bearer.'));
  if (bearer) request.headers.authorization = bearer.slice(7);
}

/** GET /api/live/map: one socket per open shared case map (protocol: contract/live.ts). */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const hub = app.live;

  r.get(
    '/api/live/map',
    {
      websocket: true,
      // response: the refusals before the upgrade (an envelope); an accepted request becomes the socket
      schema: { querystring: LiveQuery, response: Reply(Nothing) },
      // Refusals before the upgrade are the usual envelope (40101, 403): the page knows why at once.
      onRequest: [async (request, reply) => (tokenToHeader(request), requireStudent(request, reply))],
      preHandler: async (request) => {
        const studentId = studentIdOf(request);
        const { kind, mapId, ownerId } = request.query;
        const [{ role }, me] = await Promise.all([
          accessOn(app.db, { kind, ownerId, ref: mapId }, studentId),
          app.db.selectFrom('students').select('username').where('id', '=', studentId).executeTakeFirstOrThrow(),
        ]);
        if (!role) throw forbidden(SHARE_MSG.notMember);
        if (kind === 'case') await assertNotGraduated(app.db, studentId, mapId);
        joins.set(request, { role, name: me.username });
      },
    },
    (raw, request) => {
      // synchronous up to the listeners: a frame the client sends at once is not missed
      const socket = raw as unknown as RawSocket;
      const studentId = studentIdOf(request);
      const { kind, mapId, ownerId, since } = request.query;
      const map = { kind, ownerId, ref: mapId };
      const { role, name } = joins.get(request)!;
      const conn = new LiveConn(socket, studentId, name, role, hub.bucketOf(studentId));
      const joining = hub.join(conn, map, since);
      let slowSaid = 0;
      socket.on('message', (data, isBinary) => {
        if (conn.closed) return;
        let message: LiveIn;
        try {
          if (isBinary) throw new Error('binary');
          const parsed: unknown = JSON.parse(data.toString('utf8'));
          if (!check.Check(parsed)) throw new Error('shape');
          message = parsed;
        } catch {
          return conn.close(LiveClose.malformed, '消息格式不正确');
        }
        conn.missedPongs = 0;
        if (!conn.bucket.take()) {
          if (conn.bucket.dropped > FLOOD_DROPS) return conn.close(LiveClose.flood, '操作过于频繁，请稍后再连接');
          if (Date.now() - slowSaid > 1000) conn.send({ type: 'slow', ms: 1000 });
          slowSaid = Date.now();
          if (message.type === 'sets') conn.send({ type: 'refused', req: message.req, code: 429, message: '操作过于频繁，请稍后再试' });
          return;
        }
        // after the join (its catch-up is first on the socket's chain), in the order received
        void joining.then((room) => act(room, message));
      });
      function act(room: Room, message: LiveIn): void {
        if (message.type === 'ping') return conn.send({ type: 'pong', ...(message.t === undefined ? {} : { t: message.t }) });
        if (message.type === 'presence') {
          conn.presence.selected = message.selected;
          conn.presence.editing = message.editing;
          return void conn.queue(() => hub.sayPresence(room, conn));
        }
        const sets = message;
        void conn.queue(async () => {
          try {
            // every rule of saveChanges, checked again for this message: the writer's account (and
            // application), their role on the map (and, in the transaction, their member row locked)
            const json = await saveOnSocket(app, studentId, map, sets);
            const answer = JSON.parse(json) as { version: number; sets: { version: number }[]; notices?: string[]; notice?: string };
            // on the bus first: a set acknowledged is on its way to the others (this socket's own
            // copy of the event runs after this task, and is skipped by version)
            await hub.announce(map, json, new Set(sets.sets.map((s) => s.id)), studentId, conn.id);
            const fresh = answer.sets.filter((s) => s.version > conn.last);
            conn.send({ type: 'ack', req: sets.req, ...answer, sets: fresh as never });
            conn.last = Math.max(conn.last, answer.version);
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            const data = (e.data ?? {}) as { version?: number; reload?: 1 };
            conn.send({ type: 'refused', req: sets.req, code: e.resultCode, message: e.errMsg, ...data });
          }
        });
      }
      socket.on('pong', () => (conn.missedPongs = 0));
      const heartbeat = setInterval(() => {
        if (conn.missedPongs >= 2) {
          conn.closed = true;
          return socket.terminate();
        }
        conn.missedPongs++;
        socket.ping();
      }, app.config.livePingMs);
      heartbeat.unref();
      const leave = () => {
        clearInterval(heartbeat);
        conn.closed = true;
        void joining.then((room) => hub.leave(room, conn));
      };
      socket.on('close', leave);
      socket.on('error', () => socket.terminate());
      joining.catch(() => conn.close(1011, '服务器出错，请重新连接'));
    },
  );
}

/** A socket's `sets`, through the same path as the map's HTTP route (a case map's or an own map's). */
async function saveOnSocket(app: FastifyInstance, studentId: string, map: MapKey, sets: Pick<SaveChangesBody, 'base' | 'sets'>): Promise<string> {
  if (map.kind === 'own') {
    await assertOwnWriter(app.db, studentId);
    return (await saveOwnChangesAs(app.db, app.mapHeads, studentId, map.ref, sets, map.ownerId)).json;
  }
  await assertCaseWriter(app.db, studentId, map.ref);
  const owner = await caseMapOwner(app.db, studentId, map.ref, map.ownerId, true);
  return saveChangesAs(app.db, app.mapHeads, studentId, owner, map.ref, sets);
}

/** What the upgrade's checks found, for the socket handler (which must not wait before listening). */
const joins = new WeakMap<FastifyRequest, { role: 'owner' | 'edit' | 'view'; name: string }>();

/** @fastify/websocket's options: the frame limit, and LIVE_PROTOCOL chosen when offered (never the bearer entry). */
export const liveSocketOptions = {
  maxPayload: LIVE_MAX_FRAME,
  handleProtocols: (protocols: Set<string>) => (protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
};
