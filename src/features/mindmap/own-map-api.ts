import { apiGet, apiPost, sendAsPageGoes } from '../../app/http/client';
import { unwrap } from '../../app/ui/use-remote';
import type { MapVersionList, SavedVersion } from '../../contract/mindmaps';
import type { ShownOwnMap } from '../../contract/mymaps';
import type { ChangeSet, KmDocument } from '../../mindmap';
import { AUTOSAVE, type MapVersion, type SavedChangeSets, type VersionSource } from './api';

// The editor's calls for an own map (我的导图, src/server/modules/mymaps): open, save (whole, and
// by change sets), versions.
// The list's calls (create, rename, 回收站, search, 导出全部) are features/personal/my-maps-api.ts.

const W = { dedupe: false } as const;

export type OwnMap = Omit<ShownOwnMap, 'document'> & { document: KmDocument };

export const showOwnMap = async (mapId: string) => unwrap(await apiGet<OwnMap>('/api/mymaps/show', { mapId }, W));

/** The autosaver's save for an own map: resolves the new version; ApiFailure(409) when another page saved first. */
export async function saveOwnMap(mapId: string, document: KmDocument, version: number, saveId?: string): Promise<number> {
  return unwrap(await apiPost<SavedVersion>('/api/mymaps/save', { mapId, document, version, ...(saveId ? { saveId } : {}) }, AUTOSAVE)).version;
}

/** Change sets made on top of `base` (as a case map's saveChanges); 409 with reload: saved whole since. */
/** saveOwnMap as the page goes (sendAsPageGoes): false when the map is too large to go so. */
export const saveOwnMapAsPageGoes = (mapId: string, document: KmDocument, version: number, saveId: string): boolean =>
  sendAsPageGoes('/api/mymaps/save', { mapId, document, version, saveId });

/** saveOwnChanges as the page goes (sendAsPageGoes): false when the sets are too large to go so. */
export const saveOwnChangesAsPageGoes = (mapId: string, base: number, sets: ChangeSet[]): boolean =>
  sendAsPageGoes('/api/mymaps/saveChanges', { mapId, base, sets });

export async function saveOwnChanges(mapId: string, base: number, sets: ChangeSet[]): Promise<SavedChangeSets> {
  return unwrap(await apiPost<SavedChangeSets>('/api/mymaps/saveChanges', { mapId, base, sets }, AUTOSAVE));
}

/** The sets other tabs, devices or members saved after `since`. 409: saved whole since (reload). */
export async function ownMapChanges(mapId: string, since: number): Promise<SavedChangeSets> {
  return unwrap(await apiGet<SavedChangeSets>('/api/mymaps/changes', { mapId, since }, { silent: true }));
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
