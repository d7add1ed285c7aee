import { Type, type Static } from 'typebox';
import { Id } from './common';
import { MapVersion } from './mindmaps';

// Change sets (engine/model/change-set.ts): how an edit reaches the server and the other tabs of
// the map. A save sends the sets the tab has not seen acknowledged, made on top of `base`; the
// answer is every set the server applied after `base`, in its order, as it applied them (the
// tab's own among them), so the tab can rebase its later edits on them.

/** `<tab id>:<sequence>`: unique per map, so a set sent twice is applied once. */
export const ChangeSetId = Type.String({ minLength: 3, maxLength: 80, pattern: '^[A-Za-z0-9_-]{1,64}:[0-9]{1,9}$' });

/**
 * One change (engine/model/change.ts `Change`): opaque to the schema beyond its kind, as a
 * change may carry a whole pasted subtree; the server checks each with the engine's
 * changeProblem (shape and the map's limits) before applying it.
 */
export const MapChange = Type.Unsafe<object>({
  type: 'object',
  required: ['op'],
  // Every field of every kind is named: the server's validator strips fields a schema does not name
  // (removeAdditional 'all'), and a change stripped to its `op` would be stored as nothing.
  properties: {
    op: { type: 'string', enum: ['add', 'remove', 'move', 'set', 'meta', 'item'] },
    ...Object.fromEntries(['parent', 'index', 'node', 'id', 'from', 'fromIndex', 'to', 'toIndex', 'key', 'before', 'after', 'pos', 'coll'].map((k) => [k, {}])),
  },
});

/** Sets in one save, and changes in one set (a paste or an applied outline is one set). */
export const MAX_SETS_PER_SAVE = 100;
export const MAX_CHANGES_PER_SET = 60_000;

export const ChangeSetBody = Type.Object({
  id: ChangeSetId,
  changes: Type.Array(MapChange, { maxItems: MAX_CHANGES_PER_SET }),
  /** The version the set's changes were made on (the save's `base` or older, when it was rebased since): same-field notices. */
  base: Type.Optional(MapVersion),
});

export const SaveChangesBody = Type.Object({
  caseId: Id,
  /** The map's owner when it is a map shared with the signed-in student (contract/sharing.ts). */
  studentId: Type.Optional(Id),
  /** The server version the sets were made on top of (the tab's last acknowledged one). */
  base: MapVersion,
  sets: Type.Array(ChangeSetBody, { minItems: 1, maxItems: MAX_SETS_PER_SAVE }),
});
export type SaveChangesBody = Static<typeof SaveChangesBody>;

export const MapChangesQuery = Type.Object({ caseId: Id, since: MapVersion, studentId: Type.Optional(Id) });

/** A set as the server applied it, with the map version it made. Its changes are opaque like MapChange. */
export const AppliedSetBody = Type.Object({
  id: Type.String(),
  version: Type.Integer(),
  /** The version its changes were made on, when recorded (sets stored before it was kept have none). */
  base: Type.Optional(Type.Integer()),
  changes: Type.Unsafe<object[]>({ type: 'array' }),
});

/** saveChanges and mapChanges: the map's version now and every set after the `base`/`since` asked for. */
export const SavedChanges = Type.Object({
  version: Type.Integer(),
  sets: Type.Array(AppliedSetBody),
  /** Why parts of the sets sent were not kept (per topic, Chinese): a topic deleted in another tab, … */
  notices: Type.Optional(Type.Array(Type.String())),
  /** Said when the map was saved but not every 已学 node got a review card (as saveStuMind). */
  notice: Type.Optional(Type.String()),
});
export type SavedChanges = Static<typeof SavedChanges>;

/**
 * A 409 of saveChanges / mapChanges carries this: the map was saved whole since `base` (an import,
 * a restore, another device's first save) or `base` is older than the changes kept, so the tab
 * loads the map whole (showMind) and replays its unacknowledged sets on it.
 */
export const ReloadNeeded = Type.Object({ version: Type.Integer(), reload: Type.Literal(1) });
