import { Type, type Static } from 'typebox';
import { Id, Page, PageQuery, YearQuery } from './common';

// Official courses (SPEC §7 officialCourse/*, custOfficialCourseSign/*, recommendMsg/*).

export const CoursePageQuery = Type.Object({
  ...PageQuery,
  name: Type.Optional(Type.String({ maxLength: 100 })),
  category: Type.Optional(Type.String({ maxLength: 64 })),
  year: YearQuery,
});
export type CoursePageQuery = Static<typeof CoursePageQuery>;
export const CourseIdQuery = Type.Object({ courseId: Id });
/** getCourseByOfficialCourseId takes officialCourseId (courseId accepted too). */
export const OfficialCourseQuery = Type.Object({ officialCourseId: Type.Optional(Id), courseId: Type.Optional(Id) });

/** One official course (list, detail, home). */
export const Course = Type.Object({
  uuid: Type.String(),
  courseId: Type.String(),
  officialCourseId: Type.String(),
  name: Type.String(),
  category: Type.String(),
  /** academic year of the offering; '' when none */
  year: Type.String(),
  intro: Type.String(),
  cover: Type.String(),
  teacherName: Type.String(),
  isHome: Type.Integer(),
  studyCount: Type.Integer(),
  sectionCount: Type.Integer(),
  /** seconds */
  totalDuration: Type.Integer(),
  /** 1 signed up */
  isSignUp: Type.Integer(),
  /** sections this student has learnt (the detail's 已学 n/sectionCount); 0 when not signed up */
  learntSections: Type.Integer({ minimum: 0 }),
  createTime: Type.String(),
});
export type Course = Static<typeof Course>;
export const CoursePage = Page(Course);

/** A course tree node: chapters (nodeType 1) with their sections (nodeType 2). */
const courseNodeFields = {
  uuid: Type.String(),
  nodeId: Type.String(),
  name: Type.String(),
  parentId: Type.String(),
  /** 1 chapter, 2 section */
  nodeType: Type.Integer(),
  videoId: Type.String(),
  /** seconds */
  duration: Type.Integer(),
  recommendUrl: Type.String(),
  /** 0 not started, 1 learnt, other in progress */
  isStudy: Type.Integer(),
};
export const CourseNode = Type.Cyclic({ CourseNode: Type.Object({ ...courseNodeFields, children: Type.Array(Type.Ref('CourseNode')) }) }, 'CourseNode');
export type CourseNode = Static<typeof CourseNode>;
export const CourseTree = Type.Array(CourseNode);

/** getWareByCourseId: every section with its video, flat and in order. */
export const CourseWare = Type.Array(Type.Object({ ...courseNodeFields, chapterName: Type.String(), videoUrl: Type.String() }));

/** checkout: 1 when signed up, else 0; courseSignUp answers 1. */
export const Flag01 = Type.Integer({ minimum: 0, maximum: 1 });

export const Recommendation = Type.Object({
  uuid: Type.String(),
  courseId: Type.String(),
  name: Type.String(),
  cover: Type.String(),
  category: Type.String(),
  reason: Type.String(),
});
export type Recommendation = Static<typeof Recommendation>;
export const Recommendations = Type.Array(Recommendation);
