import { CASE_TYPE, fetchCasePage } from '../../app/cases/case-api';
import { apiGet, apiPost } from '../../app/http/client';
import { unwrap } from '../../app/ui/use-remote';

export interface Resource {
  uuid: string;
  fileName: string;
  /** 0 text, 1 image, 2 link, 3 video, 4 pdf */
  fileSuffixCode: number;
  fileUrl: string;
  duration: number;
}

/** One resource as getResourceByUUId answers it: the text itself for type 0, the stored file's id. */
export interface ResourceDetail extends Resource {
  caseId: string;
  nodeId: string;
  fileId: string;
  content: string;
}

export interface RankItem {
  rank: number;
  username: string;
  userPicUrl: string | null;
  studyCount: number;
}

export const CASE_PAGE_SIZE = 12;
/** Case access (SPEC §3 course-access check): 2 means graduated (结业). */
export const ACCESS_GRADUATED = 2;

export const fetchCases = (q: { page: number; name: string; classify: string; year: string }) =>
  fetchCasePage({ caseType: CASE_TYPE.project, page: q.page, size: CASE_PAGE_SIZE, name: q.name, classifyId: q.classify, year: q.year });

export async function checkCaseAccess(caseId: string, studentId?: string): Promise<number> {
  return Number(unwrap(await apiGet<number>('/api/course/caseApply/checkCaseAccess', { caseId, studentId })));
}

// dedupe off: several nodes' resources may load at once and must not cancel each other.
export async function fetchNodeResources(caseId: string, nodeId: string): Promise<Resource[]> {
  return unwrap(await apiGet<Resource[]>('/api/course/studyResourceFile/getResourceByNodeId', { caseId, nodeId }, { dedupe: false }));
}

export async function fetchResource(uuid: string): Promise<ResourceDetail> {
  return unwrap(await apiGet<ResourceDetail>('/api/course/studyResourceFile/getResourceByUUId', { uuid }));
}

/** The node studied with this resource (SPEC §7 caseRecord/addRecord). */
export async function addCaseRecord(r: { caseId: string; nodeId: string; resourceId: string }): Promise<void> {
  unwrap(await apiPost('/api/course/caseRecord/addRecord', r, { dedupe: false }));
}

export async function fetchRanking(caseId: string): Promise<RankItem[]> {
  return unwrap(await apiGet<RankItem[]>('/api/course/caseApply/getRanking', { caseId }));
}
