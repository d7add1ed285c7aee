import { apiGet, apiPost } from '../../app/http/client';
import { unwrap } from '../../app/ui/use-remote';
import type { Page } from '../../app/http/page';

/** A project case as the course service returns it (list and detail). */
export interface Case {
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
  /** 0 not applied, 1 studying, 2 graduated */
  applyStatus: number;
  progress: number;
  createTime: string;
  /** detail only: resource count by file type code */
  resourceCounts?: Record<string, number>;
}

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

export async function fetchCases(q: { page: number; name: string; classify: string; year: string }): Promise<Page<Case>> {
  const params = { currentNum: q.page, currentSize: CASE_PAGE_SIZE, caseType: 1, name: q.name || undefined, classifyId: q.classify || undefined, year: q.year || undefined };
  return unwrap(await apiGet<Page<Case>>('/api/course/caseDetails/queryCasePage', params));
}

export async function checkCaseAccess(caseId: string, studentId?: string): Promise<number> {
  return Number(unwrap(await apiGet<number>('/api/course/caseApply/checkCaseAccess', { caseId, studentId })));
}

export async function fetchCase(caseId: string): Promise<Case> {
  return unwrap(await apiGet<Case>('/api/course/caseDetails/getCasesDetails', { caseId }));
}

/** The official map's nodes with the student's progress; a case without a published map has none. */
export async function fetchCaseNodes(caseId: string): Promise<CaseNode[]> {
  const res = await apiGet<CaseNode[]>('/api/course/mindDetails/queryNodeBasicByStudentId', { caseId });
  return res.resultCode === 404 ? [] : unwrap(res);
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

export async function applyCase(caseId: string, direct: boolean): Promise<void> {
  unwrap(await apiPost<number>(direct ? '/api/course/caseApply/directApply' : '/api/course/caseApply/saveApply', { caseId }));
}

export async function fetchRanking(caseId: string): Promise<RankItem[]> {
  return unwrap(await apiGet<RankItem[]>('/api/course/caseApply/getRanking', { caseId }));
}
