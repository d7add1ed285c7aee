import { apiGet, apiPut } from '../../app/http/client';
import { unwrap } from '../../app/ui/use-remote';
import type { Page } from '../../app/http/page';
import type { Course, CourseNode, CoursePageQuery, Recommendation } from '../../contract/courses';
import type { CourseLocation } from '../../contract/study';

export type { Course, CourseNode, Recommendation } from '../../contract/courses';
export type { CourseLocation as LearnLocation } from '../../contract/study';

export const COURSE_PAGE_SIZE = 12;

export async function fetchCourses(q: { page: number; name: string; category: string; year: string }): Promise<Page<Course>> {
  // year: the academic year to list ('' = every year), see listYear.
  const params: CoursePageQuery = {
    currentNum: q.page,
    currentSize: COURSE_PAGE_SIZE,
    name: q.name || undefined,
    category: q.category || undefined,
    year: q.year || undefined,
  };
  return unwrap(await apiGet<Page<Course>>('/api/course/officialCourse/pages', params));
}

/** How many courses every year holds with these filters (the list's 其他年份 hint), beside the list's own request. */
export async function countCoursesEveryYear(q: { name: string; category: string }): Promise<number> {
  const params: CoursePageQuery = { currentNum: 1, currentSize: 1, name: q.name || undefined, category: q.category || undefined };
  // dedupe false: the client aborts an earlier pending request to the same URL, here the list's
  return unwrap(await apiGet<Page<Course>>('/api/course/officialCourse/pages', params, { dedupe: false })).total;
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
    .then((res) => [
      ...new Set(
        unwrap(res)
          .records.map((c) => c.category)
          .filter(Boolean),
      ),
    ])
    .catch(() => {
      categoriesOnce = undefined;
      return [];
    });
  return categoriesOnce;
}

/**
 * Where the student left off in a course (the most recently watched section), or in section
 * `nodeId` when given (each lesson resumes at its own place); null before any study of it.
 */
export async function fetchLearnLocation(courseId: string, nodeId?: string): Promise<CourseLocation | null> {
  return unwrap(await apiGet<CourseLocation | null>('/api/course/userModelRecord/selectLearnLocation', { courseId, nodeId }, { dedupe: false }));
}

/** The playable URL of a course video (SPEC §8: a failure clears the source and says so). */
export async function fetchVideoUrl(videoId: string): Promise<string> {
  return unwrap(await apiGet<string>('/api/folder/resource/file/getVideoUrl', { videoId }));
}
