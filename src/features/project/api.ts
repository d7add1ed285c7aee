import { CASE_TYPE, fetchCasePage } from '../../app/cases/case-api';
export { ACCESS_GRADUATED, checkCaseAccess, fetchNodeResources } from '../../app/cases/case-api';
import { apiGet, apiPost } from '../../app/http/client';
import { unwrap } from '../../app/ui/use-remote';
import type { RankItem } from '../../contract/cases';
import type { AddRecordBody, CaseStudy, NodeRequirements, PdfPagesBody, PdfProgress, ResourceDetail } from '../../contract/study';

export type { RankItem } from '../../contract/cases';
export type { Resource, ResourceDetail } from '../../contract/study';

export const CASE_PAGE_SIZE = 12;
export const fetchCases = (q: { page: number; name: string; classify: string; year: string }) =>
  fetchCasePage({ caseType: CASE_TYPE.project, page: q.page, size: CASE_PAGE_SIZE, name: q.name, classifyId: q.classify, year: q.year });
/** How many cases every year holds with these filters (the list's 其他年份 hint), beside the list's own request. */
export const countCasesEveryYear = (q: { name: string; classify: string }) =>
  fetchCasePage({ caseType: CASE_TYPE.project, page: 1, size: 1, name: q.name, classifyId: q.classify, dedupe: false }).then((p) => p.total);

export async function fetchResource(uuid: string): Promise<ResourceDetail> {
  return unwrap(await apiGet<ResourceDetail>('/api/course/studyResourceFile/getResourceByUUId', { uuid }));
}

/** The node studied with this resource (SPEC §7 caseRecord/addRecord); answers whether the resource is now completed. */
export async function addCaseRecord(r: { caseId: string; nodeId: string; resourceId: string }): Promise<CaseStudy> {
  const body: AddRecordBody = r;
  return unwrap(await apiPost<CaseStudy>('/api/course/caseRecord/addRecord', body, { dedupe: false }));
}

/** 完成条件 of a node for the signed-in student: each resource's rule (the server's words) and whether it is done. Silent: the page works without it. */
export async function fetchNodeRequirements(caseId: string, nodeId: string): Promise<NodeRequirements> {
  return unwrap(await apiGet<NodeRequirements>('/api/course/studyRecord/nodeRequirements', { caseId, nodeId }, { dedupe: false, silent: true }));
}

/** Pages of a case PDF seen (the server completes it at 90 % of its pages). Silent: the reader is not interrupted by a lost report. */
export async function savePdfPages(body: PdfPagesBody): Promise<PdfProgress> {
  return unwrap(await apiPost<PdfProgress>('/api/course/userModelRecord/savePdfPages', body, { dedupe: false, silent: true }));
}

export async function fetchRanking(caseId: string): Promise<RankItem[]> {
  return unwrap(await apiGet<RankItem[]>('/api/course/caseApply/getRanking', { caseId }));
}
