import type { TreeItem } from '../../app/session/reference-store';
import { externalUrl } from '../../app/lib/external-url';
import { projectContentPath } from '../../app/study/content-links';
import type { Resource } from './api';

/** The chain of classification items from a root down to `id` ([] when unknown). */
export function classifyPath(tree: readonly TreeItem[], id: string): TreeItem[] {
  if (!id) return [];
  for (const item of tree) {
    if (item.uuid === id) return [item];
    const below = classifyPath(item.children ?? [], id);
    if (below.length) return [item, ...below];
  }
  return [];
}

/**
 * The two filter rows of the case list: top-level classifications, and the children of the selected
 * top level. The URL keeps one id (`classify`), the deepest selected; the API filters on it and
 * includes a top level's children.
 */
export function classifyRows(tree: readonly TreeItem[], selected: string) {
  const path = classifyPath(tree, selected);
  const top = path[0];
  return {
    top: tree.map((t) => ({ value: t.uuid, label: t.name })),
    topValue: top?.uuid ?? '',
    sub: (top?.children ?? []).map((c) => ({ value: c.uuid, label: c.name })),
    subValue: path[1]?.uuid ?? '',
  };
}

export const FILE_TYPE_LABEL: Record<number, string> = { 0: '文本', 1: '图片', 2: '链接', 3: '视频', 4: 'PDF' };

export type ResourceAction = { kind: 'link'; url: string } | { kind: 'content'; to: string };

/** SPEC §2: file type 2 opens in a new tab; every other type goes to ProjectContent with this query. */
export function resourceAction(caseId: string, nodeId: string, nodeName: string, r: Resource): ResourceAction {
  if (Number(r.fileSuffixCode) === 2) return { kind: 'link', url: externalUrl(r.fileUrl) };
  return { kind: 'content', to: projectContentPath({ nodeId, caseId, nodeName, resourceId: r.uuid, fileSuffix: r.fileSuffixCode, fileName: r.fileName }) };
}

/**
 * Knowledge points worth listing on the detail page: chapters and topics (levels 2–3) and any deeper
 * node that carries resources. The root repeats the case name and the deepest nodes are the map's
 * study prompts, which the mind map itself shows; listing them buried the resources.
 */
export function visibleNodes<T extends { level: number; resourceCount: number }>(nodes: readonly T[]): T[] {
  return nodes.filter((n) => n.level > 1 && (n.level <= 3 || n.resourceCount > 0));
}
