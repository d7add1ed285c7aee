import { apiGet } from '../../app/http/client';
import { unwrap } from '../../app/ui/use-remote';

export interface HomeCourse {
  courseId: string;
  name: string;
  cover: string;
  intro: string;
  teacherName: string;
  sectionCount: number;
  studyCount: number;
}

export interface HomeCase {
  caseId: string;
  name: string;
  cover: string;
  intro: string;
  classifyName: string;
  nodeCount: number;
  studyCount: number;
}

export const FEATURED_CASES = 4;

export async function fetchHomeCourses(): Promise<HomeCourse[]> {
  return unwrap(await apiGet<HomeCourse[]>('/api/course/officialCourse/homeCourse'));
}

/** Featured cases: the first page of the project-case catalogue (the service orders it by its own sort). */
export async function fetchFeaturedCases(): Promise<HomeCase[]> {
  return unwrap(await apiGet<{ records: HomeCase[] }>('/api/course/caseDetails/queryCasePage', { currentNum: 1, currentSize: FEATURED_CASES, caseType: 1 })).records;
}
