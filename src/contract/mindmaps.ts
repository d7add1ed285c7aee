import { Type, type Static } from 'typebox';
import { Id } from './common';

// Official and personal study maps of a case (SPEC §7 mindStudent/*, mindDetails/*).

/** Characters of outline text saveOutline accepts. */
export const MAX_OUTLINE_CHARS = 1024 * 1024;

/** studentId, when sent, must be the signed-in student's. */
export const MindCaseQuery = Type.Object({ caseId: Id, studentId: Type.Optional(Id) });
/** showMind: `official=1` asks for the case's official map (知识点详情) even when the student has their own copy. */
export const ShowMindQuery = Type.Object({ caseId: Id, studentId: Type.Optional(Id), official: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])) });
/** student_maps.version is a 32-bit integer column; 0 = the official map, not yet saved. */
export const MapVersion = Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 });

/**
 * A .km document, opaque here. It is large and deep (up to the engine's node and level limits), so
 * no schema walks it: not the validator (parseDocument checks its structure with the engine's own
 * limits and codecs) and not the response serialiser (a deep schema would walk every node of a
 * 50k-node map on each showMind). The client reads it with the engine's codecs.
 */
export const OpaqueDocument = Type.Unsafe<object>({ type: 'object' });

/**
 * A whole save's own id, made by the page that sends it: answered back in a 409 (StaleSave) while
 * the map stored is that save's, so a page that never heard its answer goes on from it.
 */
export const WholeSaveId = Type.String({ pattern: '^[\\w-]{1,64}$' });
/** The data of a whole save's 409: the version stored now, and the id of the whole save that made it (when one did). */
export const StaleSave = Type.Object({ version: Type.Integer(), saveId: Type.Optional(Type.String()) });
export type StaleSave = Static<typeof StaleSave>;

export const SaveMindBody = Type.Object({
  caseId: Id,
  /**
   * The .km document as JSON, or the same serialised as a string: both go through parseDocument,
   * which bounds its bytes by the engine's MAX_DOCUMENT_BYTES (as does the route's bodyLimit).
   */
  document: Type.Union([OpaqueDocument, Type.String()]),
  version: MapVersion,
  /** The map's owner when it is a map shared with the signed-in student (contract/sharing.ts). */
  studentId: Type.Optional(Id),
  saveId: Type.Optional(WholeSaveId),
});
export const SaveOutlineBody = Type.Object({
  caseId: Id,
  studentId: Type.Optional(Id),
  outline: Type.String({ maxLength: MAX_OUTLINE_CHARS }),
  version: Type.Optional(MapVersion),
});

/** Characters of a topic id a member's 正在学 names (map_members.now_node; the editor's ids are ~12). */
export const MAP_NODE_ID_MAX = 256;
/**
 * markNow: a member's own 正在学 on the case map of its owner `studentId` (shared with them):
 * isNow 1 marks topic `nodeId` (their mark moves there), 0 takes their mark off it (取消; a mark
 * on another topic stays). Their own progress, like 标记已学: 只读 members too. The owner's
 * 正在学 is saved with their map instead.
 */
export const MarkNowBody = Type.Object({
  caseId: Id,
  studentId: Id,
  nodeId: Type.String({ minLength: 1, maxLength: MAP_NODE_ID_MAX }),
  isNow: Type.Union([Type.Literal(0), Type.Literal(1)]),
});
export type MarkNowBody = Static<typeof MarkNowBody>;
/** The member's 正在学 as stored now (null: none). */
export const MemberNow = Type.Object({ nodeId: Type.Union([Type.String(), Type.Null()]) });
export type MemberNow = Static<typeof MemberNow>;

/** showMind: the student's map (or the official one), with progress marked on its nodes. */
export const ShownMind = Type.Object({
  caseId: Type.String(),
  /** Opaque: see OpaqueDocument. The route answers it as is (no schema walk). */
  document: Type.Unsafe<object>({}),
  /** 0 = the official map, not saved by the student yet */
  version: Type.Integer(),
  isOfficial: Type.Integer(),
  updateTime: Type.String(),
  /** The id of the last whole save (WholeSaveId), change sets after it or not: a whole-map draft that is exactly it is stored (Draft.sentAs). */
  wholeSaveId: Type.Optional(Type.String()),
});
export type ShownMind = Static<typeof ShownMind>;

export const MindIssue = Type.Object({ issued: Type.Integer(), hasOwn: Type.Integer(), version: Type.Integer() });
export type MindIssue = Static<typeof MindIssue>;
export const MindOutline = Type.Object({ outline: Type.String(), version: Type.Integer() });
export type MindOutline = Static<typeof MindOutline>;
/** saveStuMind / saveOutline: the version now stored (a 409's data carries the current one too). */
export const SavedVersion = Type.Object({
  version: Type.Integer(),
  /** saveStuMind: said to the student when the map was saved but not every 已学 node got a review card (the per-student cap) */
  notice: Type.Optional(Type.String()),
  /** a whole save's 409 only: the id of the whole save that made the map stored now (StaleSave) */
  saveId: Type.Optional(Type.String()),
});
export type SavedVersion = Static<typeof SavedVersion>;

/** A node of the case's official map with the student's progress (queryNodeBasicByStudentId). */
export const CaseNode = Type.Object({
  nodeId: Type.String(),
  text: Type.String(),
  /** root = 1 */
  level: Type.Integer(),
  resourceCount: Type.Integer(),
  /** 1 when the node has a node exam (taken at /exam/answer?caseId&nodeId) */
  hasExam: Type.Integer(),
  isStudy: Type.Integer(),
  isNow: Type.Integer(),
});
export type CaseNode = Static<typeof CaseNode>;
export const CaseNodes = Type.Array(CaseNode);

// Version history of the student's own map (issue 19 item 5; server: modules/mindmaps/versions.ts).

/** A version's id (map_versions.id); 0 names the map as saved now. */
export const VersionId = Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 });
export const MapVersionQuery = Type.Object({ caseId: Id, versionId: VersionId, studentId: Type.Optional(Id) });
/** 保留当前版本: keep the saved map `version` (the one the editor shows) as a version now. */
export const KeepVersionBody = Type.Object({ caseId: Id, version: MapVersion, studentId: Type.Optional(Id) });

/** One entry of 历史版本. */
export const MapVersionEntry = Type.Object({
  /** 0: the map as saved now, not yet kept as a version of its own */
  id: Type.Integer(),
  /** the saved map's version number this state had */
  mapVersion: Type.Integer(),
  /** `yyyy-MM-dd HH:mm:ss`, Asia/Shanghai: when this state was saved */
  savedAt: Type.String(),
  /** the root topic's text */
  title: Type.String(),
  nodeCount: Type.Integer(),
  bytes: Type.Integer(),
  /** 1: this is the map as saved now */
  current: Type.Integer(),
});
export type MapVersionEntry = Static<typeof MapVersionEntry>;

/** Newest first, with the rules that keep them (the panel states them) and the student's use of the budget. */
export const MapVersionList = Type.Object({
  versions: Type.Array(MapVersionEntry),
  /** saves within this many minutes of a version's first save fold into it */
  windowMinutes: Type.Integer(),
  keepLast: Type.Integer(),
  keepDays: Type.Integer(),
  /** bytes of all the student's versions (every map), and the budget they share */
  usedBytes: Type.Integer(),
  budgetBytes: Type.Integer(),
});
export type MapVersionList = Static<typeof MapVersionList>;

/** One version with its document (opaque, as ShownMind's). */
export const ShownMapVersion = Type.Object({ ...MapVersionEntry.properties, document: Type.Unsafe<object>({}) });
export type ShownMapVersion = Static<typeof ShownMapVersion>;
