import { apiGet, apiPost } from '../http/client';
import type { Page } from '../http/page';
import { unwrap } from '../ui/use-remote';
import type { CaseAccess, CaseDetail, CasePageQuery, CaseSummary } from '../../contract/cases';
import type { CaseNode } from '../../contract/mindmaps';
import type { Resource } from '../../contract/study';

// The course service's case calls (SPEC §7 caseDetails, mindDetails, caseApply), shared by project
// cases (caseType 1) and practice training (caseType 2), which are the same model (DESIGN §4).

export const CASE_TYPE = { project: 1, practice: 2 } as const;

export type { CaseDetail, CaseSummary } from '../../contract/cases';
export type { CaseNode } from '../../contract/mindmaps';
export type { Resource } from '../../contract/study';

/** Case access (SPEC §3 course-access check): 2 means graduated (结业). */
export const ACCESS_GRADUATED = 2;

export async function fetchCasePage(q: {
  caseType: CasePageQuery['caseType'];
  page: number;
  size: number;
  name?: string;
  classifyId?: string;
  year?: string;
  /** false: a request of its own that does not cancel the list's (a count beside the list) */
  dedupe?: boolean;
}): Promise<Page<CaseSummary>> {
  const params: CasePageQuery = {
    currentNum: q.page,
    currentSize: q.size,
    caseType: q.caseType,
    name: q.name || undefined,
    classifyId: q.classifyId || undefined,
    year: q.year || undefined,
  };
  return unwrap(await apiGet<Page<CaseSummary>>('/api/course/caseDetails/queryCasePage', params, { dedupe: q.dedupe }));
}

export async function fetchCase(caseId: string): Promise<CaseDetail> {
  return unwrap(await apiGet<CaseDetail>('/api/course/caseDetails/getCasesDetails', { caseId }));
}

/** The official map's nodes with the student's progress; a case without a published map has none. */
export async function fetchCaseNodes(caseId: string): Promise<CaseNode[]> {
  const res = await apiGet<CaseNode[]>('/api/course/mindDetails/queryNodeBasicByStudentId', { caseId });
  return res.resultCode === 404 ? [] : unwrap(res);
}

/** Joins a case: saveApply (the apply button) or directApply (starting at once, e.g. from a resource). */
export async function applyCase(caseId: string, direct: boolean): Promise<void> {
  unwrap(await apiPost<1>(direct ? '/api/course/caseApply/directApply' : '/api/course/caseApply/saveApply', { caseId }));
}

/** SPEC §3 course-access check: 0 none, 1 active, 2 graduated; studentId, when given, must be one's own. */
export async function checkCaseAccess(caseId: string, studentId?: string): Promise<CaseAccess> {
  return unwrap(await apiGet<CaseAccess>('/api/course/caseApply/checkCaseAccess', { caseId, studentId }));
}

/** A case node's study resources. dedupe off: several nodes' resources may load at once and must not cancel each other. */
export async function fetchNodeResources(caseId: string, nodeId: string): Promise<Resource[]> {
  return unwrap(await apiGet<Resource[]>('/api/course/studyResourceFile/getResourceByNodeId', { caseId, nodeId }, { dedupe: false }));
}
