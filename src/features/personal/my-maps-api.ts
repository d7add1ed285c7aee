import { apiGet, apiPost, http } from '../../app/http/client';
import { download } from '../../app/lib/download';
import { ApiFailure, unwrap } from '../../app/ui/use-remote';
import type { SavedVersion } from '../../contract/mindmaps';
import type { CreatedMap, OwnMapHits, OwnMapList, TemplateKey } from '../../contract/mymaps';
import type { SharedMap } from '../../contract/sharing';

// 我的导图's list calls (src/server/modules/mymaps/routes.ts); the editor's are
// features/mindmap/own-map-api.ts. Writes never dedupe: two quick renames are two requests.

const W = { dedupe: false } as const;

/** Where a map opens in the editor (features/mindmap/OwnMapEditor). */
export const OWN_MAP_PATH = '/personal/myMap';

export const listMaps = async (trash = false) => unwrap(await apiGet<OwnMapList>('/api/mymaps/list', trash ? { trash: 1 } : {}, W));
export const searchMaps = async (q: string) => unwrap(await apiGet<OwnMapHits>('/api/mymaps/search', { q })).hits;
export const createMap = async (template: TemplateKey, title?: string) =>
  unwrap(await apiPost<CreatedMap>('/api/mymaps/create', { template, ...(title ? { title } : {}) }, W));
/** 导入: a decoded file's map becomes a new map (the server checks it and the limits as it inserts). */
export const importMap = async (document: object) => unwrap(await apiPost<CreatedMap>('/api/mymaps/import', { document }, W));
export const renameMap = async (mapId: string, title: string) => unwrap(await apiPost<SavedVersion>('/api/mymaps/rename', { mapId, title }, W));
export const duplicateMap = async (mapId: string) => unwrap(await apiPost<CreatedMap>('/api/mymaps/duplicate', { mapId }, W));
export const deleteMap = async (mapId: string) => void unwrap(await apiPost<null>('/api/mymaps/delete', { mapId }, W));
export const restoreMap = async (mapId: string) => void unwrap(await apiPost<null>('/api/mymaps/restore', { mapId }, W));
export const purgeMap = async (mapId: string) => void unwrap(await apiPost<null>('/api/mymaps/purge', { mapId }, W));
/** Links to one course or one case; neither: unlinked. */
export const linkMap = async (mapId: string, link: { caseId?: string; courseId?: string }) =>
  void unwrap(await apiPost<null>('/api/mymaps/link', { mapId, ...link }, W));

/** 导出全部: the server streams one .zip; an error answer (an envelope) is read and said instead. */
export async function exportAll(): Promise<void> {
  const res = await http.get<Blob>('/api/mymaps/exportAll', { responseType: 'blob', timeout: 120_000, dedupe: false });
  const blob = res.data;
  if (!String(res.headers['content-type'] ?? '').includes('zip')) {
    const env = JSON.parse(await blob.text()) as { resultCode: number; errMsg: string };
    throw new ApiFailure(env.errMsg || '导出失败', env.resultCode);
  }
  download('我的导图.zip', blob);
}

/** 共享给我的: the maps classmates shared with the student (src/server/modules/sharing). */
export const sharedWithMe = async () => unwrap(await apiGet<{ maps: SharedMap[] }>('/api/share/sharedWithMe', undefined, { dedupe: false })).maps;
