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

export const SaveMindBody = Type.Object({
  caseId: Id,
  /**
   * The .km document as JSON, or the same serialised as a string: both go through parseDocument,
   * which bounds its bytes by the engine's MAX_DOCUMENT_BYTES (as does the route's bodyLimit).
   */
  document: Type.Union([OpaqueDocument, Type.String()]),
  version: MapVersion,
});
export const SaveOutlineBody = Type.Object({ caseId: Id, outline: Type.String({ maxLength: MAX_OUTLINE_CHARS }), version: Type.Optional(MapVersion) });

/** showMind: the student's map (or the official one), with progress marked on its nodes. */
export const ShownMind = Type.Object({
  caseId: Type.String(),
  /** Opaque: see OpaqueDocument. The route answers it as is (no schema walk). */
  document: Type.Unsafe<object>({}),
  /** 0 = the official map, not saved by the student yet */
  version: Type.Integer(),
  isOfficial: Type.Integer(),
  updateTime: Type.String(),
});
export type ShownMind = Static<typeof ShownMind>;

export const MindIssue = Type.Object({ issued: Type.Integer(), hasOwn: Type.Integer(), version: Type.Integer() });
export type MindIssue = Static<typeof MindIssue>;
export const MindOutline = Type.Object({ outline: Type.String(), version: Type.Integer() });
export type MindOutline = Static<typeof MindOutline>;
/** saveStuMind / saveOutline: the version now stored (a 409's data carries the current one too). */
export const SavedVersion = Type.Object({ version: Type.Integer() });
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
