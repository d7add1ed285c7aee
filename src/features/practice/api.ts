import { CASE_TYPE, fetchCasePage } from '../../app/cases/case-api';

/** Practice items are cases of type 2 in the course service (DESIGN §4): the case calls serve them. */
export const PRACTICE_PAGE_SIZE = 12;

export const fetchPractices = (q: { page: number; name: string }) =>
  fetchCasePage({ caseType: CASE_TYPE.practice, page: q.page, size: PRACTICE_PAGE_SIZE, name: q.name });
