import { apiGet } from '../../app/http/client';
import { unwrap } from '../../app/ui/use-remote';
import type { CasePreview, CoursePreview } from '../../contract/catalogue';
import type { Page } from '../../app/http/page';
import type { CasePageQuery, CaseSummary } from '../../contract/cases';
import type { Course } from '../../contract/courses';

export const FEATURED_CASES = 4;

export async function fetchHomeCourses(): Promise<Course[]> {
  return unwrap(await apiGet<Course[]>('/api/course/officialCourse/homeCourse'));
}

/** Featured cases: the first page of the project-case catalogue (the service orders it by its own sort). */
export async function fetchFeaturedCases(): Promise<CaseSummary[]> {
  const params: CasePageQuery = { currentNum: 1, currentSize: FEATURED_CASES, caseType: 1 };
  return unwrap(await apiGet<Page<CaseSummary>>('/api/course/caseDetails/queryCasePage', params)).records;
}

/** A card of the public catalogue (no login): preview fields only, the same counts as the signed-in lists. */
export type PublicCourse = CoursePreview;
export type PublicCase = CasePreview;

export const PUBLIC_SHELF = 8;

export async function fetchPublicCourses(): Promise<PublicCourse[]> {
  return unwrap(await apiGet<{ records: PublicCourse[] }>('/api/course/public/coursePage', { currentNum: 1, currentSize: PUBLIC_SHELF })).records;
}

/** Cases and practice load side by side from one path: not de-duplicated, or one would cancel the other. */
export async function fetchPublicCases(caseType: 1 | 2, size = PUBLIC_SHELF): Promise<PublicCase[]> {
  return unwrap(await apiGet<{ records: PublicCase[] }>('/api/course/public/casePage', { currentNum: 1, currentSize: size, caseType }, { dedupe: false }))
    .records;
}
