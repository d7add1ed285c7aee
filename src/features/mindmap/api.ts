import { apiGet, apiPost, http } from '../../app/http/client';
import { ApiFailure, unwrap } from '../../app/ui/use-remote';
import type { CaseNode } from '../../app/cases/case-api';
import type { KmDocument } from '../../engine/model/types';

// Mind-map calls of the course service (SPEC §7 mindStudent/*, mindDetails/*) and the image upload.

export interface ShownMind {
  caseId: string;
  document: KmDocument;
  /** 0 = the official map, not saved by the student yet */
  version: number;
  isOfficial: number;
}

export interface Resource {
  uuid: string;
  fileName: string;
  fileSuffixCode: number;
  fileUrl: string;
}

/** 409: somebody (another tab) saved a newer version first. */
export const STALE_SAVE = 409;
export const ACCESS_GRADUATED = 2;

export async function checkCaseAccess(caseId: string, studentId?: string): Promise<number> {
  return Number(unwrap(await apiGet<number>('/api/course/caseApply/checkCaseAccess', { caseId, studentId })));
}

export async function showMind(caseId: string): Promise<ShownMind> {
  return unwrap(await apiGet<ShownMind>('/api/course/mindStudent/showMind', { caseId }));
}

export async function checkIssue(caseId: string): Promise<{ issued: number; hasOwn: number; version: number }> {
  return unwrap(await apiGet('/api/course/mindStudent/checkIssue', { caseId }));
}

export async function getMindOutline(caseId: string): Promise<{ outline: string; version: number }> {
  return unwrap(await apiGet('/api/course/mindStudent/getMindOutline', { caseId }));
}

/** Optimistic save: resolves the new version; rejects with ApiFailure(409) when stale. */
export async function saveStuMind(caseId: string, document: KmDocument, version: number): Promise<number> {
  const res = await apiPost<{ version: number }>('/api/course/mindStudent/saveStuMind', { caseId, document, version }, { dedupe: false });
  return unwrap(res).version;
}

/** Stores the student's wording of the outline of map `version`; 409 when it no longer describes the saved map. */
export async function saveOutline(caseId: string, outline: string, version: number): Promise<number> {
  return unwrap(await apiPost<{ version: number }>('/api/course/mindStudent/saveOutline', { caseId, outline, version }, { dedupe: false })).version;
}

export async function queryNodeBasic(caseId: string): Promise<CaseNode[]> {
  return unwrap(await apiGet<CaseNode[]>('/api/course/mindDetails/queryNodeBasicByStudentId', { caseId }));
}

export async function nodeResources(caseId: string, nodeId: string): Promise<Resource[]> {
  return unwrap(await apiGet<Resource[]>('/api/course/studyResourceFile/getResourceByNodeId', { caseId, nodeId }, { dedupe: false }));
}

/** Node image upload: `{ errno: 0, data: { url } }` (kityminder's image-upload answer shape). */
export async function uploadImage(file: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', file, name);
  const res = await http.post<{ errno?: number; data?: { url: string }; errMsg?: string; resultCode?: number }>('/api/folder/file/uploadImage', form, { headers: { 'Content-Type': 'multipart/form-data' }, dedupe: false });
  if (res.data.errno !== 0 || !res.data.data?.url) throw new ApiFailure(res.data.errMsg || '图片上传失败', res.data.resultCode ?? 500);
  return res.data.data.url;
}

/** Exact wording of SPEC §8 / §6 (the server sends the same texts). */
export const GRADUATED_MSG = '您已结业，无法进入学习';
export const EXPERIENCE_MSG = '您正在进行学生端体验，管理案例课程请登录教师端进行。';
