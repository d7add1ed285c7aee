import { apiGet, apiPost } from '../http/client';
import type { Page } from '../http/page';
import { unwrap } from '../ui/use-remote';

// The course service's case calls (SPEC §7 caseDetails, mindDetails, caseApply), shared by project
// cases (caseType 1) and practice training (caseType 2), which are the same model (DESIGN §4).

export const CASE_TYPE = { project: 1, practice: 2 } as const;

/** A case as the course service returns it (list and detail). */
export interface CaseSummary {
  uuid: string;
  caseId: string;
  name: string;
  classifyId: string;
  classifyName: string;
  intro: string;
  cover: string;
  teacherName: string;
  difficulty: number;
  studyCount: number;
  nodeCount: number;
  /** 0 not applied, 1 studying (practising), 2 graduated (finished) */
  applyStatus: number;
  progress: number;
  createTime: string;
  /** detail only: resource count by file type code */
  resourceCounts?: Record<string, number>;
}

/** A node of the case's official map with the student's progress (queryNodeBasicByStudentId). */
export interface CaseNode {
  nodeId: string;
  text: string;
  level: number;
  isStudy: number;
  isNow: number;
  resourceCount: number;
  /** 1 when the node has a node exam (taken at /exam/answer?caseId&nodeId) */
  hasExam: number;
}

export async function fetchCasePage(q: { caseType: number; page: number; size: number; name?: string; classifyId?: string; year?: string }): Promise<Page<CaseSummary>> {
  const params = { currentNum: q.page, currentSize: q.size, caseType: q.caseType, name: q.name || undefined, classifyId: q.classifyId || undefined, year: q.year || undefined };
  return unwrap(await apiGet<Page<CaseSummary>>('/api/course/caseDetails/queryCasePage', params));
}

export async function fetchCase(caseId: string): Promise<CaseSummary> {
  return unwrap(await apiGet<CaseSummary>('/api/course/caseDetails/getCasesDetails', { caseId }));
}

/** The official map's nodes with the student's progress; a case without a published map has none. */
export async function fetchCaseNodes(caseId: string): Promise<CaseNode[]> {
  const res = await apiGet<CaseNode[]>('/api/course/mindDetails/queryNodeBasicByStudentId', { caseId });
  return res.resultCode === 404 ? [] : unwrap(res);
}

/** Joins a case: saveApply (the apply button) or directApply (starting at once, e.g. from a resource). */
export async function applyCase(caseId: string, direct: boolean): Promise<void> {
  unwrap(await apiPost<number>(direct ? '/api/course/caseApply/directApply' : '/api/course/caseApply/saveApply', { caseId }));
}
