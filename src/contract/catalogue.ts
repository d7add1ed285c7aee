import { Type, type Static } from 'typebox';
import { Page, YearQuery } from './common';

// The public catalogue of the logged-out Home (issue 18 item 7) and the covers it shows. The
// response schemas name every field a preview may carry: anything else is dropped on the way out.

/** A preview page is small: the logged-out Home shows a shelf, not the whole catalogue at once. */
const PublicPage = {
  currentNum: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
  currentSize: Type.Integer({ minimum: 1, maximum: 24, default: 8 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  year: YearQuery,
};
export const PublicCourseQuery = Type.Object({ ...PublicPage, category: Type.Optional(Type.String({ maxLength: 64 })) });
export const PublicCaseQuery = Type.Object({
  ...PublicPage,
  caseType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  classifyId: Type.Optional(Type.String({ maxLength: 64 })),
});

export const CoursePreview = Type.Object({
  courseId: Type.String(),
  name: Type.String(),
  category: Type.String(),
  intro: Type.String(),
  cover: Type.String(),
  teacherName: Type.String(),
  studyCount: Type.Integer(),
  sectionCount: Type.Integer(),
});
export type CoursePreview = Static<typeof CoursePreview>;
export const CasePreview = Type.Object({
  caseId: Type.String(),
  name: Type.String(),
  caseType: Type.Integer(),
  classifyName: Type.String(),
  intro: Type.String(),
  cover: Type.String(),
  teacherName: Type.String(),
  studyCount: Type.Integer(),
  nodeCount: Type.Integer(),
});
export type CasePreview = Static<typeof CasePreview>;
export const CoursePreviewPage = Page(CoursePreview);
export const CasePreviewPage = Page(CasePreview);

export const CoverParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w-]+$' }) });
/** The cover's content hash: a URL carrying it is cached for good. */
export const CoverQuery = Type.Object({ v: Type.Optional(Type.String({ maxLength: 32 })) });
/** Documentation only: an SVG image (text/plain 封面不存在 on 404), never serialised. */
export const CoverImage = Type.Unsafe<unknown>({ description: 'image/svg+xml cover; text/plain 封面不存在 on 404' });
