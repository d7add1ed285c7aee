import { Type, type Static } from 'typebox';
import { Id } from './common';
import { ChangeSetBody, MAX_SETS_PER_SAVE } from './map-changes';
import { MapVersion, OpaqueDocument, VersionId, WholeSaveId } from './mindmaps';
import { MAX_TITLE_CHARS, OWN_MAP_TEMPLATES } from './rules';

// 我的导图 (issue 33 item 1): a student's own maps, not tied to a case's official map.

export { MAX_OWN_BYTES, MAX_OWN_MAPS, MAX_TITLE_CHARS, TRASH_DAYS, type TemplateKey } from './rules';

export const TemplateKeySchema = Type.Union(OWN_MAP_TEMPLATES.map((t) => Type.Literal(t.key)));
export const Title = Type.String({ minLength: 1, maxLength: MAX_TITLE_CHARS });

export const CreateMapBody = Type.Object({ template: TemplateKeySchema, title: Type.Optional(Title) });
export const MapIdBody = Type.Object({ mapId: Id });
export const MapIdQuery = Type.Object({ mapId: Id });
export const RenameMapBody = Type.Object({ mapId: Id, title: Title });
/** A link to one course or one case (the other absent); neither: unlinked. A case link needs an active application. */
export const LinkMapBody = Type.Object({ mapId: Id, caseId: Type.Optional(Id), courseId: Type.Optional(Id) });
/** The whole document with the version it was edited from (optimistic, as saveStuMind). */
export const SaveOwnMapBody = Type.Object({
  mapId: Id,
  document: Type.Union([OpaqueDocument, Type.String()]),
  version: MapVersion,
  saveId: Type.Optional(WholeSaveId),
});
/**
 * An own map's change sets (contract/map-changes.ts, as a case map's saveChanges): the sets made on
 * top of `base`; answered with SavedChanges, or the 409 ReloadNeeded. The whole document
 * (SaveOwnMapBody) stays for an import, a restore and a first save.
 */
export const SaveOwnChangesBody = Type.Object({
  mapId: Id,
  base: MapVersion,
  sets: Type.Array(ChangeSetBody, { minItems: 1, maxItems: MAX_SETS_PER_SAVE }),
});
export type SaveOwnChangesBody = Static<typeof SaveOwnChangesBody>;
/** The sets of an own map after `since` (mapChanges). */
export const OwnChangesQuery = Type.Object({ mapId: Id, since: MapVersion });
/**
 * 导入 (issue 33.2): one imported file's map (the client decoded it in a worker), its title the root
 * topic's. Each file is its own request and its own transaction: a refused file writes nothing.
 */
export const ImportMapBody = Type.Object({ document: Type.Union([OpaqueDocument, Type.String()]) });
export const KeepOwnVersionBody = Type.Object({ mapId: Id, version: MapVersion });
export const OwnVersionQuery = Type.Object({ mapId: Id, versionId: VersionId });
export const SearchQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 100 }) });

/** One map of the list (no document). */
export const OwnMapEntry = Type.Object({
  mapId: Type.String(),
  title: Type.String(),
  nodeCount: Type.Integer(),
  bytes: Type.Integer(),
  version: Type.Integer(),
  /** `yyyy-MM-dd HH:mm:ss`, Asia/Shanghai */
  updateTime: Type.String(),
  createTime: Type.String(),
  /** in 回收站 since (empty: not deleted) */
  deleteTime: Type.String(),
  caseId: Type.String(),
  caseName: Type.String(),
  courseId: Type.String(),
  courseName: Type.String(),
});
export type OwnMapEntry = Static<typeof OwnMapEntry>;

/** What the student has used of the limits. */
export const OwnMapUsage = Type.Object({
  maps: Type.Integer(),
  bytes: Type.Integer(),
  maxMaps: Type.Integer(),
  maxBytes: Type.Integer(),
  trashDays: Type.Integer(),
});
export type OwnMapUsage = Static<typeof OwnMapUsage>;

/** The live maps, last edited first, or (trash=1) those in 回收站, last deleted first. */
export const OwnMapListQuery = Type.Object({ trash: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])) });
export const OwnMapList = Type.Object({ maps: Type.Array(OwnMapEntry), usage: OwnMapUsage });
export type OwnMapList = Static<typeof OwnMapList>;

/** A search hit: the map and up to a few of its topic lines that contain the words. */
export const OwnMapHit = Type.Object({ ...OwnMapEntry.properties, topics: Type.Array(Type.String()) });
export type OwnMapHit = Static<typeof OwnMapHit>;
export const OwnMapHits = Type.Object({ hits: Type.Array(OwnMapHit) });
export type OwnMapHits = Static<typeof OwnMapHits>;

/**
 * One map with its document (opaque, as ShownMind's), and what the student may do on it: the
 * owner's map, or one shared with them (可编辑 'edit', 只读 'view'; sharing.ts) by `ownerName`.
 */
export const ShownOwnMap = Type.Object({
  ...OwnMapEntry.properties,
  document: Type.Unsafe<object>({}),
  access: Type.Union([Type.Literal('owner'), Type.Literal('edit'), Type.Literal('view')]),
  ownerId: Type.String(),
  ownerName: Type.String(),
  /** As ShownMind's: the id of the last whole save. */
  wholeSaveId: Type.Optional(Type.String()),
});
export type ShownOwnMap = Static<typeof ShownOwnMap>;

export const CreatedMap = Type.Object({ mapId: Type.String(), version: Type.Integer() });
export type CreatedMap = Static<typeof CreatedMap>;
