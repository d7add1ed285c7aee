import { Type, type Static } from 'typebox';
import { Id } from './common';

// Study progress, the last study record, study time and case resources (SPEC §7 Course service:
// userModelRecord/*, studyRecord/*, caseRecord/*, studyResourceFile/*).

/** 0, 1 or 2, as a number or as the SPEC's string ('1'); nothing else (-1 and '-1' were taken). */
const Flag = Type.Union([Type.Integer({ minimum: 0, maximum: 2 }), Type.String({ pattern: '^[0-2]$' })]);
/** Seconds into a video (a day at most). */
const VideoSeconds = Type.Number({ minimum: 0, maximum: 86400 });

/** A course section's video (courseId + nodeId), or a case's video resource (caseId + nodeId + resourceId). */
export const UserRecordBody = Type.Object({
  courseId: Type.Optional(Id),
  caseId: Type.Optional(Id),
  resourceId: Type.Optional(Id),
  nodeId: Id,
  position: VideoSeconds,
  // Media intervals [start, end] played since the previous report, at whatever rate (issue 22):
  // the server keeps their union and counts a video learnt at 90 % of its timeline covered.
  segments: Type.Optional(Type.Array(Type.Tuple([VideoSeconds, VideoSeconds]), { maxItems: 200 })),
  // Before issue 22 the client claimed seconds watched; accepted and ignored (coverage decides).
  watched: Type.Optional(VideoSeconds),
});
/**
 * A case PDF's pages seen since the previous report (issue 22): page numbers from 1, at most the
 * document's page count (the server knows it and refuses pages past it).
 */
export const PdfPagesBody = Type.Object({
  caseId: Id,
  nodeId: Id,
  resourceId: Id,
  pages: Type.Array(Type.Integer({ minimum: 1, maximum: 100_000 }), { minItems: 1, maxItems: 200 }),
});
export type PdfPagesBody = Static<typeof PdfPagesBody>;
/** The PDF's pages seen so far; isStudy 1 once it is completed (90 % of its pages). */
export const PdfProgress = Type.Object({
  caseId: Type.String(),
  nodeId: Type.String(),
  resourceId: Type.String(),
  pagesSeen: Type.Integer(),
  pageCount: Type.Integer(),
  isStudy: Type.Integer(),
  /** 1 when this report completed the node's last requirement */
  nodeLearnt: Type.Integer(),
});
export type PdfProgress = Static<typeof PdfProgress>;
// courseId alone: the section last played (SPEC §7); with nodeId: that section's own place, so
// each lesson resumes where it stopped, not only the last-touched one.
export const LearnLocationQuery = Type.Object({
  courseId: Type.Optional(Id),
  nodeId: Type.Optional(Id),
  caseId: Type.Optional(Id),
  resourceId: Type.Optional(Id),
});
/** SPEC §3 add-study-record payload: resourceId, nodeId, fileSuffix '2', studentId, isStudy '1', caseId. */
export const AddRecordBody = Type.Object({
  caseId: Id,
  nodeId: Id,
  resourceId: Type.Optional(Type.String({ maxLength: 64 })),
  fileSuffix: Type.Optional(Flag),
  studentId: Type.Optional(Id),
  isStudy: Type.Optional(Flag),
});
export type AddRecordBody = Static<typeof AddRecordBody>;
/** querLastRecord's userId, when sent, must be the signed-in student's. */
export const LastRecordQuery = Type.Object({ userId: Type.Optional(Id) });
export const ResourceQuery = Type.Object({ uuid: Id });
export const NodeResourcesQuery = Type.Object({ caseId: Id, nodeId: Id });

/** A course section's video progress (saveUserRecord of a course; selectLearnLocation adds the section). */
const courseProgress = {
  courseId: Type.String(),
  nodeId: Type.String(),
  /** seconds reached */
  position: Type.Number(),
  /** seconds really watched (capped by the server at real time) */
  watched: Type.Number(),
  /** 1 learnt, 2 in progress */
  isStudy: Type.Integer(),
};
/** A case video resource's progress. */
export const ResourceProgress = Type.Object({
  caseId: Type.String(),
  nodeId: Type.String(),
  resourceId: Type.String(),
  position: Type.Number(),
  /** seconds of the timeline covered */
  watched: Type.Number(),
  /** saveUserRecord only: 1 the video is completed (≥ 90 % covered), 2 in progress */
  isStudy: Type.Optional(Type.Integer()),
  /** saveUserRecord only: 1 when this report completed the node's last requirement */
  nodeLearnt: Type.Optional(Type.Integer()),
});
export type ResourceProgress = Static<typeof ResourceProgress>;
export const CourseProgress = Type.Object(courseProgress);
/** saveUserRecord: the progress accepted, as stored. */
export const SavedProgress = Type.Union([CourseProgress, ResourceProgress]);
export type SavedProgress = Static<typeof SavedProgress>;

/** Where the student left off in a course (the most recently watched section). */
export const CourseLocation = Type.Object({ ...courseProgress, nodeName: Type.String(), videoId: Type.String(), duration: Type.Integer() });
export type CourseLocation = Static<typeof CourseLocation>;
/** selectLearnLocation: a course's location or a case video's; null when never played. */
export const LearnLocation = Type.Union([CourseLocation, ResourceProgress, Type.Null()]);

/** caseRecord/addRecord and studyRecord/addRecord: isStudy 1 learnt, 2 in progress. */
export const CaseStudy = Type.Object({
  caseId: Type.String(),
  nodeId: Type.String(),
  resourceId: Type.String(),
  isStudy: Type.Integer(),
  /** 1 when this record completed the node (its last requirement, or a hand tick on a node without any) */
  nodeLearnt: Type.Integer(),
});
export type CaseStudy = Static<typeof CaseStudy>;

const lastRecordBase = {
  uuid: Type.String(),
  nodeId: Type.String(),
  /** the node's (case) or section's (course) title */
  nodeName: Type.String(),
  /** the case's or the course's name */
  name: Type.String(),
  /** 0 not started, 1 done, other in progress */
  isStudy: Type.Integer(),
  fileId: Type.String(),
  fileName: Type.String(),
  fileUrl: Type.String(),
  /** 0 text, 1 image, 2 link, 3 video, 4 pdf (a course record is always a video) */
  fileSuffixCode: Type.Integer(),
  /** seconds */
  duration: Type.Integer(),
  videoId: Type.String(),
  recommendUrl: Type.String(),
};
/** The study centre's last-record card (SPEC §3 field names): a case's resource ... */
export const CaseLastRecord = Type.Object({ ...lastRecordBase, isType: Type.Literal(0), caseId: Type.String(), resourceId: Type.String() });
/** ... or a course's section (isType anything but 0; 1 as the server writes it). */
export const CourseLastRecord = Type.Object({ ...lastRecordBase, isType: Type.Integer(), courseId: Type.String() });
export type CaseLastRecord = Static<typeof CaseLastRecord>;
export type CourseLastRecord = Static<typeof CourseLastRecord>;
export const LastRecord = Type.Union([CaseLastRecord, CourseLastRecord]);
export type LastRecord = Static<typeof LastRecord>;
/** querLastRecord: null when nothing was studied yet. */
export const MaybeLastRecord = Type.Union([LastRecord, Type.Null()]);

/** MyStudy figures: minutes per day for the last 28 days (oldest first) and completion per signed-up course. */
export const StudyStats = Type.Object({
  days: Type.Array(Type.Object({ day: Type.String(), minutes: Type.Integer() })),
  totalMinutes: Type.Integer(),
  studyDays: Type.Integer(),
  courses: Type.Array(Type.Object({ courseId: Type.String(), name: Type.String(), learnt: Type.Integer(), total: Type.Integer(), percent: Type.Integer() })),
});
export type StudyStats = Static<typeof StudyStats>;

/** A study resource of a case node (getResourceByNodeId rows). */
export const Resource = Type.Object({
  uuid: Type.String(),
  fileName: Type.String(),
  /** 0 text, 1 image, 2 link, 3 video, 4 pdf */
  fileSuffixCode: Type.Integer(),
  /** the stored file's id; '' for a link or text */
  fileId: Type.String(),
  fileUrl: Type.String(),
  /** seconds (videos) */
  duration: Type.Integer(),
});
export type Resource = Static<typeof Resource>;
export const Resources = Type.Array(Resource);
/** getResourceByUUId: one resource with its node and, for type 0, the text itself. */
export const ResourceDetail = Type.Object({
  ...Resource.properties,
  resourceId: Type.String(),
  caseId: Type.String(),
  nodeId: Type.String(),
  content: Type.String(),
});
export type ResourceDetail = Static<typeof ResourceDetail>;

/** 完成条件 of one node (nodeRequirements). */
export const NodeRequirementsQuery = Type.Object({ caseId: Id, nodeId: Id });
export const Requirement = Type.Object({
  kind: Type.Union([Type.Literal('resource'), Type.Literal('exam')]),
  id: Type.String(),
  name: Type.String(),
  fileSuffixCode: Type.Optional(Type.Integer()),
  /** the rule in words (看完视频的 90 %, 打开 5 秒, 考试通过 …) */
  rule: Type.String(),
  done: Type.Integer(),
});
export type Requirement = Static<typeof Requirement>;
export const NodeRequirements = Type.Object({
  caseId: Type.String(),
  nodeId: Type.String(),
  learnt: Type.Integer(),
  /** 1 when the node has no requirement: it is ticked by hand */
  byHand: Type.Integer(),
  items: Type.Array(Requirement),
  missing: Type.Array(Requirement),
  caseLearnt: Type.Integer(),
  caseTotal: Type.Integer(),
  casePercent: Type.Integer(),
});
export type NodeRequirements = Static<typeof NodeRequirements>;
