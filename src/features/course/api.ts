import { apiGet, apiPut } from '../../app/http/client';
import { unwrap } from '../../app/ui/use-remote';
import type { Page } from '../../app/http/page';

/** One official course as the course service returns it (list, detail, home). */
export interface Course {
  uuid: string;
  courseId: string;
  name: string;
  category: string;
  intro: string;
  cover: string;
  teacherName: string;
  studyCount: number;
  sectionCount: number;
  /** seconds */
  totalDuration: number;
  /** 1 signed up */
  isSignUp: number;
  createTime: string;
}

export interface CourseNode {
  uuid: string;
  nodeId: string;
  name: string;
  parentId: string;
  /** 1 chapter, 2 section */
  nodeType: number;
  videoId: string;
  /** seconds */
  duration: number;
  recommendUrl: string;
  /** 0 not started, 1 learnt, other in progress */
  isStudy: number;
  children: CourseNode[];
}

export interface Recommendation {
  uuid: string;
  courseId: string;
  name: string;
  cover: string;
  category: string;
  reason: string;
}

export const COURSE_PAGE_SIZE = 12;

export async function fetchCourses(q: { page: number; name: string; category: string; year: string }): Promise<Page<Course>> {
  // year: the academic year to list ('' = every year), see listYear.
  const params = { currentNum: q.page, currentSize: COURSE_PAGE_SIZE, name: q.name || undefined, category: q.category || undefined, year: q.year || undefined };
  return unwrap(await apiGet<Page<Course>>('/api/course/officialCourse/pages', params));
}

export async function fetchCourse(courseId: string): Promise<Course> {
  return unwrap(await apiGet<Course>('/api/course/officialCourse/getCourseByOfficialCourseId', { officialCourseId: courseId }));
}

export async function fetchCourseTree(courseId: string): Promise<CourseNode[]> {
  return unwrap(await apiGet<CourseNode[]>('/api/course/officialCourse/courseNodeTree', { courseId }));
}

/** The sign-up guard: true once the student has signed up for the course. */
export async function checkSignedUp(courseId: string): Promise<boolean> {
  return Number(unwrap(await apiGet<number>('/api/course/officialCourse/checkout', { courseId }))) === 1;
}

export async function signUpCourse(courseId: string): Promise<void> {
  unwrap(await apiPut<number>('/api/course/custOfficialCourseSign/courseSignUp', undefined, { params: { courseId } }));
}

export async function fetchRecommendations(): Promise<Recommendation[]> {
  return unwrap(await apiGet<Recommendation[]>('/api/course/recommendMsg/recommendLation'));
}

let categoriesOnce: Promise<string[]> | undefined;

/**
 * Course categories for the filter. The service has no category list yet (reported), so until the
 * dictionary `course_category` exists they are collected once per visit from the catalogue itself.
 * dedupe off: this runs beside the list request to the same URL and must not cancel it.
 */
export function fetchCourseCategories(): Promise<string[]> {
  categoriesOnce ??= apiGet<Page<Course>>('/api/course/officialCourse/pages', { currentNum: 1, currentSize: 200 }, { dedupe: false })
    .then((res) => [...new Set(unwrap(res).records.map((c) => c.category).filter(Boolean))])
    .catch(() => {
      categoriesOnce = undefined;
      return [];
    });
  return categoriesOnce;
}

/** Where the student left off in a course (the most recently watched section), null before any study. */
export interface LearnLocation {
  courseId: string;
  nodeId: string;
  videoId: string;
  /** seconds */
  position: number;
  watched: number;
  isStudy: number;
}

export async function fetchLearnLocation(courseId: string): Promise<LearnLocation | null> {
  return unwrap(await apiGet<LearnLocation | null>('/api/course/userModelRecord/selectLearnLocation', { courseId }, { dedupe: false }));
}

/** The playable URL of a course video (SPEC §8: a failure clears the source and says so). */
export async function fetchVideoUrl(videoId: string): Promise<string> {
  return unwrap(await apiGet<string>('/api/folder/resource/file/getVideoUrl', { videoId }));
}
