import type { MapVersionEntry } from '../../contract/mindmaps';

// What 历史版本 says of a version (its list and its preview).

/** `yyyy-MM-dd HH:mm:ss` without the year: what 历史版本 shows of a version's time. */
export const versionTime = (e: Pick<MapVersionEntry, 'savedAt'>) => e.savedAt.slice(5);

/** 12.3 KB / 1.2 MB */
export function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const versionSummary = (e: MapVersionEntry) => `${e.nodeCount} 个主题 · ${sizeText(e.bytes)}`;

/**
 * How a version differs from the one before it (the next older entry), so entries of one map that
 * share a title tell themselves apart: 多 3 个主题 / 少 1 个主题 / 相同; '' for the oldest.
 */
export function versionChange(e: MapVersionEntry, older: MapVersionEntry | undefined): string {
  if (!older) return '';
  const d = e.nodeCount - older.nodeCount;
  return d > 0 ? `比上一版本多 ${d} 个主题` : d < 0 ? `比上一版本少 ${-d} 个主题` : '主题数与上一版本相同';
}

/**
 * What 保留当前版本 says, from the list before and after the keep of map version `kept`: the
 * server keeps a saved state once (a second keep adds nothing and answers the same version), so
 * "already kept" is the list before already holding `kept` as a kept entry (one with an id).
 */
export function keepMessage(before: readonly MapVersionEntry[] | undefined, after: readonly MapVersionEntry[], kept: number): string {
  if (before?.some((e) => e.id && e.mapVersion === kept)) return '当前版本已保留，无需重复保留';
  const entry = after.find((e) => e.id && e.mapVersion === kept);
  return entry ? `已保留当前版本（${versionTime(entry)}）` : '已保留当前版本';
}
