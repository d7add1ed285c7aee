import { Type, type Static } from 'typebox';
import { Id } from './common';
import { ChangeSetBody, MAX_SETS_PER_SAVE } from './map-changes';
import { MapVersion } from './mindmaps';
import { MapKind } from './sharing';

// Live co-editing of a shared map (issue 32): one WebSocket per open map, server modules/live/.
//
// Connect: GET /api/live/map?kind=case&mapId=<case id>&ownerId=<owner's student id>&since=<version>
// (or kind=own&mapId=<own map id>: a 我的导图 map, shared or open in two tabs)
// with the session token as the subprotocol `bearer.<token>` next to LIVE_PROTOCOL (a browser
// cannot set Authorization on a WebSocket; Node clients may send `Authorization` instead):
//   new WebSocket(url, [LIVE_PROTOCOL, `bearer.${token}`])
// The server checks the token and membership before the upgrade (a refusal is the HTTP envelope,
// 200 with resultCode 40101/403/404), then sends `welcome` and every set after `since`
// (`changes`), then a contiguous stream: each version the map reaches comes exactly once, in
// order, either inside `changes`/`ack` or as one `set`. A set whose id is one of the tab's own is
// its acknowledgement whichever message brings it.
//
// Frames are JSON text, at most LIVE_MAX_FRAME bytes. The socket is closed with a LiveClose code
// (reason: Chinese text for the page) on a malformed or oversized frame, a flood, a dead
// heartbeat, a consumer too slow to keep up, or when the member is removed.

export const LIVE_MAX_FRAME = 5 * 1024 * 1024 + 64 * 1024;
/** Messages a member may send per second (a burst of LIVE_BURST is allowed); beyond: throttled, then closed. */
export const LIVE_RATE_PER_S = 40;
export const LIVE_BURST = 80;
/** The server pings every LIVE_PING_MS; a socket that has not answered two pings is closed. */
export const LIVE_PING_MS = 15_000;

export { LIVE_PROTOCOL, LiveClose } from './rules';

export const LiveQuery = Type.Object({
  /** 'case': mapId is the case (ownerId's 我的学习导图 of it); 'own': mapId is the own map (我的导图) */
  kind: MapKind,
  mapId: Id,
  ownerId: Id,
  since: MapVersion,
});
export type LiveQuery = Static<typeof LiveQuery>;

/** A topic id as the engine makes them. */
const TopicId = Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()]);
/** A request number chosen by the client, echoed in its answer. */
const Req = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

// ---- client → server (LiveIn) ----
export const LiveSets = Type.Object({
  type: Type.Literal('sets'),
  req: Req,
  /** the server version the sets were made on (the tab's last one) */
  base: MapVersion,
  sets: Type.Array(ChangeSetBody, { minItems: 1, maxItems: MAX_SETS_PER_SAVE }),
});
export const LivePresenceIn = Type.Object({ type: Type.Literal('presence'), selected: TopicId, editing: TopicId });
export const LivePing = Type.Object({ type: Type.Literal('ping'), t: Type.Optional(Type.Number({ minimum: 0, maximum: 1e15 })) });
export const LiveIn = Type.Union([LiveSets, LivePresenceIn, LivePing]);
export type LiveIn = Static<typeof LiveIn>;

// ---- server → client (LiveOut) ----
export interface LivePresence {
  /** one socket (a member may have several tabs open) */
  conn: string;
  memberId: string;
  name: string;
  /** #rrggbb, stable per member */
  colour: string;
  role: 'owner' | 'edit' | 'view';
  selected: string | null;
  editing: string | null;
}
/** An applied set as SavedChanges lists them (changes as the server applied them). */
export interface LiveAppliedSet {
  id: string;
  version: number;
  changes: object[];
}
export type LiveOut =
  | { type: 'welcome'; conn: string; memberId: string; role: 'owner' | 'edit' | 'view'; colour: string; presence: LivePresence[] }
  /** the sets after `since` (on join), as mapChanges answers */
  | { type: 'changes'; version: number; sets: LiveAppliedSet[] }
  /** reload the map whole (showMind) and rejoin: `since` is older than the log (mapChanges' 409) */
  | { type: 'reload'; version: number }
  /** a `sets` accepted: the sets not yet sent to this socket up to `version` (its own among them), as saveChanges answers */
  | { type: 'ack'; req: number; version: number; sets: LiveAppliedSet[]; notices?: string[]; notice?: string }
  /** a `sets` refused (nothing stored): resultCode and errMsg as the HTTP route's; reload 1 = load whole */
  | { type: 'refused'; req: number; code: number; message: string; reload?: 1; version?: number }
  /** another member's (or tab's) set */
  | { type: 'set'; set: LiveAppliedSet; by: string }
  | ({ type: 'presence' } & LivePresence)
  | { type: 'left'; conn: string }
  /** this member's role changed (只读 now: stop sending sets) */
  | { type: 'role'; role: 'edit' | 'view' }
  | { type: 'pong'; t?: number }
  /** too fast: messages are being dropped for `ms` */
  | { type: 'slow'; ms: number };
