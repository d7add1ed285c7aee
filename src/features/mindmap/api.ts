import { apiGet, apiPost, http, sendAsPageGoes } from '../../app/http/client';
import { ApiFailure, unwrap } from '../../app/ui/use-remote';
import { toast } from '../../app/ui/toast-store';
import type { CaseNode } from '../../app/cases/case-api';
import type { MapVersionList, MemberNow, MindIssue, MindOutline, SavedVersion, ShownMapVersion, ShownMind as ShownMindData } from '../../contract/mindmaps';
import type { KmDocument, AppliedSet, ChangeSet } from '../../mindmap';
import type { SavedChanges } from '../../contract/map-changes';
import type { UploadedImage } from '../../contract/files';
import type { CaseStudy, NodeRequirements } from '../../contract/study';
import type { MapMastery, MapReview, MarkBody, RecallBody, RecallResult } from '../../contract/review';

// Mind-map calls of the course service (SPEC §7 mindStudent/*, mindDetails/*) and the image upload.

/**
 * showMind's answer. The contract leaves the document opaque (no schema walks a large map); it is a
 * .km document, which the engine's types describe.
 */
export type ShownMind = Omit<ShownMindData, 'document'> & { document: KmDocument };

/** 409: somebody (another tab) saved a newer version first. */
export const STALE_SAVE = 409;
export { ACCESS_GRADUATED, checkCaseAccess, fetchNodeResources as nodeResources } from '../../app/cases/case-api';
export type { Resource } from '../../contract/study';

/** `owner`: the classmate whose case map this is, shared with the student (absent: the student's own). */
const ownerParam = (owner?: string) => (owner ? { studentId: owner } : {});

/** The student's map (or the official one until they save their own); `official`: always the case's official map; `owner`: a classmate's, shared. */
export async function showMind(caseId: string, official = false, owner?: string): Promise<ShownMind> {
  return unwrap(await apiGet<ShownMind>('/api/course/mindStudent/showMind', official ? { caseId, official: 1 } : { caseId, ...ownerParam(owner) }));
}

export async function checkIssue(caseId: string, owner?: string): Promise<MindIssue> {
  return unwrap(await apiGet<MindIssue>('/api/course/mindStudent/checkIssue', { caseId, ...ownerParam(owner) }));
}

export async function getMindOutline(caseId: string): Promise<MindOutline> {
  return unwrap(await apiGet<MindOutline>('/api/course/mindStudent/getMindOutline', { caseId }));
}

/**
 * The autosaver's calls (saves, catch-ups) are silent: offline, the map keeps the work in its draft
 * and says so itself (autosave-deps OFFLINE_SAID, 离线 in the status), not with the generic red
 * 网络连接失败 toast of other screens' requests.
 */
export const AUTOSAVE = { dedupe: false, silent: true } as const;

/** Notices of saves already told in this page: autosave runs every few seconds, the student reads one once. */
const toldNotices = new Set<string>();

/**
 * Optimistic save: resolves the new version; rejects with ApiFailure(409) when stale. A saved map
 * may come with a notice (its 已学 topics past the review-card cap got no card), told once.
 */
export async function saveStuMind(caseId: string, document: KmDocument, version: number, owner?: string, saveId?: string): Promise<number> {
  const res = await apiPost<SavedVersion>(
    '/api/course/mindStudent/saveStuMind',
    { caseId, document, version, ...ownerParam(owner), ...(saveId ? { saveId } : {}) },
    AUTOSAVE,
  );
  const saved = unwrap(res);
  if (saved.notice && !toldNotices.has(saved.notice)) {
    toldNotices.add(saved.notice);
    toast.warning(saved.notice);
  }
  return saved.version;
}

/** Change sets made on top of `base` (engine/model/change-set.ts); answers every set after `base`, in the server's order. 409: the map was saved whole since (reload). */
/** SavedChanges with its sets typed as the engine's (the contract keeps changes opaque). */
export type SavedChangeSets = Omit<SavedChanges, 'sets'> & { sets: AppliedSet[] };

/** saveStuMind as the page goes (sendAsPageGoes): false when the map is too large to go so. */
export const saveStuMindAsPageGoes = (caseId: string, document: KmDocument, version: number, owner: string | undefined, saveId: string): boolean =>
  sendAsPageGoes('/api/course/mindStudent/saveStuMind', { caseId, document, version, ...ownerParam(owner), saveId });

/** saveChanges as the page goes (sendAsPageGoes): false when the sets are too large to go so. */
export const saveChangesAsPageGoes = (caseId: string, base: number, sets: ChangeSet[], owner?: string): boolean =>
  sendAsPageGoes('/api/course/mindStudent/saveChanges', { caseId, base, sets, ...ownerParam(owner) });

export async function saveChanges(caseId: string, base: number, sets: ChangeSet[], owner?: string): Promise<SavedChangeSets> {
  const res = await apiPost<SavedChangeSets>('/api/course/mindStudent/saveChanges', { caseId, base, sets, ...ownerParam(owner) }, AUTOSAVE);
  const saved = unwrap(res);
  if (saved.notice && !toldNotices.has(saved.notice)) {
    toldNotices.add(saved.notice);
    toast.warning(saved.notice);
  }
  return saved;
}

/** The sets other tabs or devices saved after `since`. 409: saved whole since (reload). */
export async function mapChanges(caseId: string, since: number, owner?: string): Promise<SavedChangeSets> {
  return unwrap(await apiGet<SavedChangeSets>('/api/course/mindStudent/mapChanges', { caseId, since, ...ownerParam(owner) }, { silent: true }));
}

/** Stores the student's wording of the outline of map `version`; 409 when it no longer describes the saved map. */
export async function saveOutline(caseId: string, outline: string, version: number): Promise<number> {
  return unwrap(await apiPost<SavedVersion>('/api/course/mindStudent/saveOutline', { caseId, outline, version }, { dedupe: false })).version;
}

export async function queryNodeBasic(caseId: string): Promise<CaseNode[]> {
  return unwrap(await apiGet<CaseNode[]>('/api/course/mindDetails/queryNodeBasicByStudentId', { caseId }));
}

/** The official nodes the student has learnt. Silent: a failed poll (use-live-progress) just waits for the next. */
export async function learntNodeIds(caseId: string): Promise<string[]> {
  return learntOf(unwrap(await apiGet<CaseNode[]>('/api/course/mindDetails/queryNodeBasicByStudentId', { caseId }, { silent: true, dedupe: false })));
}

export const learntOf = (nodes: CaseNode[]): string[] => nodes.filter((n) => Number(n.isStudy) === 1).map((n) => n.nodeId);

/** The case's study nodes (知识点): nodes with resources or a node exam — what the progress roll-up counts. */
export function studyNodeIds(nodes: CaseNode[]): string[] {
  return nodes.filter((n) => n.resourceCount > 0 || n.hasExam).map((n) => n.nodeId);
}

export type { NodeRequirements, Requirement } from '../../contract/study';

/** 完成条件 of one node for the signed-in student, what is missing, and the case's progress. */
export async function nodeRequirements(caseId: string, nodeId: string): Promise<NodeRequirements> {
  return unwrap(await apiGet<NodeRequirements>('/api/course/studyRecord/nodeRequirements', { caseId, nodeId }, { dedupe: false }));
}

/**
 * 标记已学 by hand on a node of the official map: the server records it, or refuses a node with
 * required resources, naming what remains (rejects with that ApiFailure; silent: the caller says it).
 * `on` false takes the tick back (the node and its resources count as not learnt again).
 */
export async function markLearntByHand(caseId: string, nodeId: string, on = true): Promise<void> {
  unwrap(await apiPost<CaseStudy>('/api/course/caseRecord/addRecord', { caseId, nodeId, isStudy: on ? '1' : '2' }, { dedupe: false, silent: true }));
}

/**
 * 标记正在学 (`on`) / 取消 by a member on `owner`'s case map: the member's own 正在学, kept by the
 * server on their membership (the map's change sets never carry it). Rejects with the refusal
 * (ApiFailure; silent: the caller says it).
 */
export async function markMemberNow(caseId: string, owner: string, nodeId: string, on: boolean): Promise<void> {
  unwrap(await apiPost<MemberNow>('/api/course/mindStudent/markNow', { caseId, studentId: owner, nodeId, isNow: on ? 1 : 0 }, { dedupe: false, silent: true }));
}

/** Node image upload: `{ errno: 0, data: { url } }` (kityminder's image-upload answer shape). */
export async function uploadImage(file: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', file, name);
  const res = await http.post<UploadedImage>('/api/folder/file/uploadImage', form, { headers: { 'Content-Type': 'multipart/form-data' }, dedupe: false });
  if (res.data.errno !== 0 || !res.data.data?.url) throw new ApiFailure(res.data.errMsg || '图片上传失败', res.data.resultCode ?? 500);
  return res.data.data.url;
}

/** Exact wording of SPEC §8 / §6 (the server sends the same texts). */
export const GRADUATED_MSG = '您已结业，无法进入学习';
export const EXPERIENCE_MSG = '您正在进行学生端体验，管理案例课程请登录教师端进行。';

// The map's review marks and mastery are read again after each save, in the background, and are
// extra (the map works without them): a network failure keeps what is shown and says nothing — the
// save status already says 离线, and a red 网络连接失败 beside it contradicted its calm message.

/** Which nodes of the map have a review card: due now, scheduled later, excluded (issue 20). */
export async function mapReview(caseId: string): Promise<MapReview> {
  return unwrap(await apiGet<MapReview>('/api/course/review/mapNodes', { caseId }, { silent: true }));
}

/** The student's mastery of a case map's topics (issue 34): levels, fading topics, predicted recall. */
export async function mapMastery(caseId: string): Promise<MapMastery> {
  return unwrap(await apiGet<MapMastery>('/api/course/review/mastery', { caseId }, { silent: true }));
}

/** 需复习 (add), 不再复习 (exclude), 恢复复习 (include) for one node of the student's map. */
export async function markForReview(body: MarkBody): Promise<void> {
  unwrap(await apiPost<unknown>('/api/course/review/mark', body, { dedupe: false }));
}

/** A 回忆练习's grades (one transaction on the server; a retry with the same sessionId applies once). */
export async function sendRecall(body: RecallBody): Promise<RecallResult> {
  return unwrap(await apiPost<RecallResult>('/api/course/review/recall', body, { dedupe: false, silent: true }));
}

export type { MapVersionEntry, MapVersionList } from '../../contract/mindmaps';
/** One version of the student's map with its document (a .km document, as showMind's). */
export type MapVersion = Omit<ShownMapVersion, 'document'> & { document: KmDocument };

/** 历史版本: the map as saved now and its kept versions, newest first. */
export async function mapVersions(caseId: string): Promise<MapVersionList> {
  return unwrap(await apiGet<MapVersionList>('/api/course/mindStudent/mapVersions', { caseId }, { dedupe: false }));
}

/** One version with its document (versionId 0: the map as saved now). */
export async function mapVersion(caseId: string, versionId: number): Promise<MapVersion> {
  return unwrap(await apiGet<MapVersion>('/api/course/mindStudent/mapVersion', { caseId, versionId }));
}

/** Keeps the saved map `version` as a version now (保留当前版本; before a restore or an import). `silent`: no error toast. */
export async function keepMapVersion(caseId: string, version: number, silent = false): Promise<number> {
  return unwrap(await apiPost<SavedVersion>('/api/course/mindStudent/keepMapVersion', { caseId, version }, { dedupe: false, silent })).version;
}

/**
 * Where 历史版本 reads a map's versions: a case's study map here, an own map in 我的导图
 * (features/mymaps/api.ts). `key` names the map: the panel reads again when it changes.
 */
export interface VersionSource {
  key: string;
  list(): Promise<MapVersionList>;
  get(versionId: number): Promise<MapVersion>;
}
export const caseVersions = (caseId: string): VersionSource => ({ key: caseId, list: () => mapVersions(caseId), get: (id) => mapVersion(caseId, id) });
