import type { Db } from '../../db/database';
import { ApiError } from '../../http/envelope';
import { LiveClose, type LivePresence } from '../../../contract/live';
import { changesJsonOf } from '../mindmaps/changes';
import { caseRef, ownRef, type MapRef } from '../mindmaps/map-log';
import { caseMapAccess, ownMapAccess, type MapKey } from '../sharing/members';
import { roomKey, type BusEvent, type LiveBus } from './bus';
import { Bucket, type LiveConn } from './conn';

/** A process says its members' presence again this often; an entry not said for PRESENCE_TTL_MS is gone (its process died). */
export const PRESENCE_REFRESH_MS = 10_000;
export const PRESENCE_TTL_MS = 25_000;

export interface Room {
  key: string;
  /** the map: a case map (ref: the case) or an own map (ref: its id), and its owner */
  map: MapKey;
  conns: Set<LiveConn>;
  /** presence of every socket on the map, this process's and the others' (heard on the bus) */
  presence: Map<string, { p: LivePresence; at: number; local: boolean }>;
}

/**
 * The map rooms of this process (issue 32): the sockets open on each map and the bus that joins
 * the processes. Each socket is sent a contiguous stream of versions (LiveConn.last): a set
 * heard on the bus is sent as is when it is the next one, skipped when already sent, and a gap
 * (another process's set not heard yet, or lost) is filled from the log (mapChangesJson).
 */
export class LiveHub {
  private readonly rooms = new Map<string, Room>();
  private readonly buckets = new Map<string, Bucket>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    readonly bus: LiveBus,
    readonly prefix: string,
  ) {
    this.timer = setInterval(() => this.refresh(), PRESENCE_REFRESH_MS);
    this.timer.unref();
  }

  keyOf(map: MapKey): string {
    return roomKey(this.prefix, map);
  }

  publish(room: string, event: BusEvent): Promise<void> {
    return this.bus.publish(room, event);
  }

  bucketOf(memberId: string): Bucket {
    let b = this.buckets.get(memberId);
    if (!b) this.buckets.set(memberId, (b = new Bucket()));
    return b;
  }

  /** After a committed saveChanges (route or socket): its new sets go to every socket on the map. */
  async announce(map: MapKey, answerJson: string, sentIds: ReadonlySet<string>, by = '', conn = ''): Promise<void> {
    const answer = JSON.parse(answerJson) as { sets: { id: string; version: number }[] };
    const key = this.keyOf(map);
    for (const s of answer.sets) if (sentIds.has(s.id)) await this.bus.publish(key, { t: 'set', from: by, conn, version: s.version, json: JSON.stringify(s) });
  }

  /**
   * After a committed whole save: every socket on the map is told to load it again (`reload`) —
   * their pages rest their poll while the socket is open, so without this a member's first save
   * (which is whole) or an import stayed unseen until that page saved itself.
   */
  async announceWhole(map: MapKey, version: number): Promise<void> {
    await this.bus.publish(this.keyOf(map), { t: 'whole', version });
  }

  /** The map went to 回收站 (or for good): its sockets close. */
  async announceDeleted(map: MapKey): Promise<void> {
    await this.bus.publish(this.keyOf(map), { t: 'access', deleted: 1 });
  }

  /** Adds a socket to its map's room (subscribing this process to it first), and sends it the sets after `since`. */
  async join(conn: LiveConn, map: MapKey, since: number): Promise<Room> {
    const key = this.keyOf(map);
    let room = this.rooms.get(key);
    if (!room) {
      room = { key, map, conns: new Set(), presence: new Map() };
      this.rooms.set(key, room);
      const r = room;
      await this.bus.subscribe(key, (e) => this.onEvent(r, e));
      await this.bus.publish(key, { t: 'hello', conn: conn.id });
    }
    room.conns.add(conn);
    room.presence.set(conn.id, { p: conn.presence, at: Date.now(), local: true });
    const others = [...room.presence.values()].filter((e) => e.p.conn !== conn.id).map((e) => e.p);
    conn.send({ type: 'welcome', conn: conn.id, memberId: conn.memberId, role: conn.role, colour: conn.presence.colour, presence: others });
    await conn.queue(() => this.fill(room, conn, since));
    await this.sayPresence(room, conn);
    return room;
  }

  async leave(room: Room, conn: LiveConn): Promise<void> {
    if (!room.conns.delete(conn)) return;
    room.presence.delete(conn.id);
    await this.bus.publish(room.key, { t: 'presence', conn: conn.id, json: '', gone: 1 });
    if (room.conns.size === 0) {
      this.rooms.delete(room.key);
      await this.bus.unsubscribe(room.key);
    }
  }

  sayPresence(room: Room, conn: LiveConn): Promise<void> {
    return this.bus.publish(room.key, { t: 'presence', conn: conn.id, json: JSON.stringify({ type: 'presence', ...conn.presence }) });
  }

  /** Sends `conn` every set after `since` from the log (or tells it to reload), then it is at the map's version. */
  private async fill(room: Room, conn: LiveConn, since: number): Promise<void> {
    try {
      const json = await changesJsonOf(this.db, refOf(room.map), since);
      const version = Number(/^\{"version":(\d+)/.exec(json)?.[1] ?? since);
      if (version > conn.last) {
        conn.send(`{"type":"changes",${json.slice(1)}`);
        conn.last = version;
      }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const version = (e.data as { version?: number } | undefined)?.version ?? 0;
      conn.send({ type: 'reload', version });
      conn.last = version;
    }
  }

  private onEvent(room: Room, e: BusEvent): void {
    if (e.t === 'set') {
      for (const conn of room.conns)
        void conn.queue(async () => {
          if (e.version <= conn.last) return;
          if (e.version > conn.last + 1) return this.fill(room, conn, conn.last);
          conn.send(`{"type":"set","by":${JSON.stringify(e.from)},"set":${e.json}}`);
          conn.last = e.version;
        });
    } else if (e.t === 'presence') {
      if (e.gone) room.presence.delete(e.conn);
      else if (!room.presence.get(e.conn)?.local) room.presence.set(e.conn, { p: JSON.parse(e.json) as LivePresence, at: Date.now(), local: false });
      const out = e.gone ? JSON.stringify({ type: 'left', conn: e.conn }) : e.json;
      for (const conn of room.conns) if (conn.id !== e.conn) conn.send(out, true);
    } else if (e.t === 'whole') {
      for (const conn of room.conns)
        void conn.queue(async () => {
          if (e.version <= conn.last) return;
          conn.send({ type: 'reload', version: e.version });
          conn.last = e.version;
        });
    } else if (e.t === 'hello') {
      for (const conn of room.conns) if (conn.id !== e.conn) void this.sayPresence(room, conn);
    } else if (e.t === 'access') {
      for (const conn of room.conns) if (e.deleted || conn.memberId === e.memberId) void this.recheck(room, conn, e.deleted === 1);
    }
  }

  /** A member's access changed: closed when removed (or the map deleted), told when their role changed. */
  private async recheck(room: Room, conn: LiveConn, deleted: boolean): Promise<void> {
    if (deleted) return conn.close(LiveClose.gone, '导图已被删除');
    const { role, ownerAccess } = await accessOn(this.db, room.map, conn.memberId);
    if (room.map.kind === 'own' && ownerAccess === 0) return conn.close(LiveClose.gone, '导图已被删除');
    if (!role || ownerAccess === 2) return conn.close(LiveClose.forbidden, '你已不是这张导图的成员');
    if (role !== conn.role && role !== 'owner') {
      conn.role = conn.presence.role = role;
      conn.send({ type: 'role', role });
      await this.sayPresence(room, conn);
    }
  }

  /** Presence said again (so other processes keep it), and entries of dead processes let go. */
  private refresh(): void {
    const now = Date.now();
    for (const room of this.rooms.values()) {
      for (const conn of room.conns) {
        const entry = room.presence.get(conn.id);
        if (entry) entry.at = now;
        void this.sayPresence(room, conn);
      }
      for (const [id, entry] of room.presence)
        if (!entry.local && now - entry.at > PRESENCE_TTL_MS) {
          room.presence.delete(id);
          for (const conn of room.conns) conn.send({ type: 'left', conn: id }, true);
        }
    }
  }

  /** Closes every socket (the server is shutting down: clients reconnect to another process). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const room of this.rooms.values()) for (const conn of room.conns) conn.close(LiveClose.goingAway, '服务器重启，正在重新连接');
    this.rooms.clear();
    await this.bus.close();
  }
}

/** The map's log (map-log.ts) behind a room. */
export const refOf = (map: MapKey): MapRef => (map.kind === 'case' ? caseRef(map.ownerId, map.ref) : ownRef(map.ownerId, map.ref));

/**
 * A member's role on a room's map and the owner's access to it: a case map's (caseMapAccess; 2
 * graduated), or an own map's (0: gone or in 回收站, 1: there).
 */
export async function accessOn(db: Db, map: MapKey, memberId: string): Promise<{ role: 'owner' | 'edit' | 'view' | undefined; ownerAccess: number }> {
  if (map.kind === 'case') return caseMapAccess(db, map.ownerId, map.ref, memberId);
  try {
    const { ownerId, access } = await ownMapAccess(db, memberId, map.ref);
    // an id from the query names its owner: a map of another owner is no map of this room
    return ownerId === map.ownerId ? { role: access, ownerAccess: 1 } : { role: undefined, ownerAccess: 1 };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const there = await db
      .selectFrom('own_maps')
      .select('id')
      .where('id', '=', map.ref)
      .where('student_id', '=', map.ownerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return { role: undefined, ownerAccess: there ? 1 : 0 };
  }
}
