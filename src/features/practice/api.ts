import { apiGet, apiPost } from '../../app/http/client';
import { unwrap } from '../../app/ui/use-remote';
import type { Page } from '../../app/http/page';

/** Practice items are cases of type 2 in the course service (DESIGN §4). */
export const PRACTICE_CASE_TYPE = 2;
export const PRACTICE_PAGE_SIZE = 12;

export interface Practice {
  caseId: string;
  name: string;
  intro: string;
  cover: string;
  teacherName: string;
  difficulty: number;
  studyCount: number;
  nodeCount: number;
  /** 0 not joined, 1 practising, 2 finished */
  applyStatus: number;
  progress: number;
  classifyName: string;
}

export interface PracticeStep {
  nodeId: string;
  text: string;
  level: number;
  isStudy: number;
}

export async function fetchPractices(q: { page: number; name: string }): Promise<Page<Practice>> {
  return unwrap(await apiGet<Page<Practice>>('/api/course/caseDetails/queryCasePage', { currentNum: q.page, currentSize: PRACTICE_PAGE_SIZE, caseType: PRACTICE_CASE_TYPE, name: q.name || undefined }));
}

export async function fetchPractice(caseId: string): Promise<Practice> {
  return unwrap(await apiGet<Practice>('/api/course/caseDetails/getCasesDetails', { caseId }));
}

/** The practice's steps (its map's nodes); none when no map is published. */
export async function fetchSteps(caseId: string): Promise<PracticeStep[]> {
  const res = await apiGet<PracticeStep[]>('/api/course/mindDetails/queryNodeBasicByStudentId', { caseId });
  return res.resultCode === 404 ? [] : unwrap(res);
}

/** Starting a practice joins it directly; there is no approval step for practice. */
export async function startPractice(caseId: string): Promise<void> {
  unwrap(await apiPost('/api/course/caseApply/directApply', { caseId }));
}
