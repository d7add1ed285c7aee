import { apiGet, apiPost } from '../../app/http/client';
import { unwrap } from '../../app/ui/use-remote';
import type { MapVersionList, SavedVersion } from '../../contract/mindmaps';
import type { ShownOwnMap } from '../../contract/mymaps';
import type { KmDocument } from '../../mindmap';
import type { MapVersion, VersionSource } from './api';

// The editor's calls for an own map (我的导图, src/server/modules/mymaps): open, save, versions.
// The list's calls (create, rename, 回收站, search, 导出全部) are features/personal/my-maps-api.ts.

const W = { dedupe: false } as const;

export type OwnMap = Omit<ShownOwnMap, 'document'> & { document: KmDocument };

export const showOwnMap = async (mapId: string) => unwrap(await apiGet<OwnMap>('/api/mymaps/show', { mapId }, W));

/** The autosaver's save for an own map: resolves the new version; ApiFailure(409) when another page saved first. */
export async function saveOwnMap(mapId: string, document: KmDocument, version: number): Promise<number> {
  return unwrap(await apiPost<SavedVersion>('/api/mymaps/save', { mapId, document, version }, W)).version;
}

export async function keepOwnVersion(mapId: string, version: number, silent = false): Promise<number> {
  return unwrap(await apiPost<SavedVersion>('/api/mymaps/keepVersion', { mapId, version }, { ...W, silent })).version;
}

/** 历史版本 of an own map, for the case maps' panel. */
export const ownVersions = (mapId: string): VersionSource => ({
  key: `own:${mapId}`,
  list: async () => unwrap(await apiGet<MapVersionList>('/api/mymaps/versions', { mapId }, W)),
  get: async (versionId) => unwrap(await apiGet<MapVersion>('/api/mymaps/version', { mapId, versionId })),
});
