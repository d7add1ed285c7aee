import { formatDuration } from '../lib/format';
import { withQuery } from '../router/hash-location';
import { externalUrl } from '../lib/external-url';
import { courseContentPath, projectContentPath } from './content-links';
import type { CaseLastRecord, LastRecord } from '../../contract/study';

/** The last study record as querLastRecord answers it (SPEC §3 field names). */
export type { LastRecord };

export type RecordLineKind = 'link' | 'video' | 'text';

export interface LastRecordView {
  label: '项目案例' | '专业课程';
  title: string;
  /** the case's node; absent for a course (its section is on the file line) */
  node?: string;
  line: { kind: RecordLineKind; text: string; duration?: string };
  marker: '未开始' | '已完成' | '学习中';
}

export const LINE_LABEL: Record<RecordLineKind, string> = { link: '链接', video: '视频', text: '图文' };

export const isCase = (r: LastRecord): r is CaseLastRecord => r.isType === 0;

/** SPEC §2 marker: isStudy 0 not started, 1 done, anything else in progress. */
export function recordMarker(isStudy: number | string): LastRecordView['marker'] {
  const v = Number(isStudy);
  if (v === 0) return '未开始';
  return v === 1 ? '已完成' : '学习中';
}

/**
 * A resource's title as a person reads it: its file name without the extension
 * (原型设计讲解视频.webm → 原型设计讲解视频); a link's name has none to drop.
 */
export function resourceTitle(fileName: string): string {
  const m = /^(.+)\.[A-Za-z0-9]{1,5}$/.exec(fileName.trim());
  return m ? m[1]! : fileName.trim();
}

/**
 * What the card shows (SPEC §2 study centre panel). A case: 项目案例, its name, the node and a file
 * line by file type (2 link, 3 video with its duration, otherwise text/image). A course: 专业课程,
 * its name and a link line when the section has a recommend URL, else a video line with the
 * section's name and duration.
 */
export function describeLastRecord(r: LastRecord): LastRecordView {
  const marker = recordMarker(r.isStudy);
  if (isCase(r)) {
    const code = r.fileSuffixCode;
    const kind: RecordLineKind = code === 2 ? 'link' : code === 3 ? 'video' : 'text';
    return {
      label: '项目案例',
      title: r.name,
      node: r.nodeName,
      line: { kind, text: resourceTitle(r.fileName), duration: kind === 'video' ? formatDuration(r.duration) : undefined },
      marker,
    };
  }
  if (r.recommendUrl) return { label: '专业课程', title: r.name, line: { kind: 'link', text: r.nodeName }, marker };
  return { label: '专业课程', title: r.name, line: { kind: 'video', text: r.nodeName, duration: formatDuration(r.duration) }, marker };
}

export type LastRecordAction =
  /** open in a new tab; `record` is the study record to post for a case link */
  { kind: 'open'; url: string; record?: { caseId: string; nodeId: string; resourceId: string } } | { kind: 'go'; to: string };

/**
 * SPEC §2 click rules. A case link (type 2) opens its file URL in a new tab (http:// prefixed) and
 * posts a study record; other case files go to ProjectContent. A course opens its recommend URL in
 * a new tab if present, else CourseContent.
 */
export function lastRecordAction(r: LastRecord): LastRecordAction {
  if (isCase(r)) {
    const { caseId, resourceId } = r;
    if (r.fileSuffixCode === 2) return { kind: 'open', url: externalUrl(r.fileUrl), record: { caseId, nodeId: r.nodeId, resourceId } };
    return {
      kind: 'go',
      to: projectContentPath({ nodeId: r.nodeId, caseId, nodeName: r.nodeName, resourceId, fileSuffix: r.fileSuffixCode, fileName: r.fileName }),
    };
  }
  if (r.recommendUrl) return { kind: 'open', url: externalUrl(r.recommendUrl) };
  return { kind: 'go', to: courseContentPath({ courseId: r.courseId, videoId: r.videoId, nodeId: r.nodeId, name: r.nodeName, duration: r.duration }) };
}

/** A case record's node on the case map (知识点详情, opened centred on it, selected); none for a course. */
export function lastRecordMapPath(r: LastRecord): string | undefined {
  return isCase(r) ? withQuery('/project/mindDetail', { caseId: r.caseId, nodeId: r.nodeId }) : undefined;
}
