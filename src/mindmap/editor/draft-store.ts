import type { KmDocument } from '../engine/model/types';
import type { ChangeSet } from '../engine/model/change-set';
import type { KeptTitle } from './kept-titles';

// Unsaved work survives a crash, a closed tab or an offline period: every pending change is
// written here (IndexedDB, per student + case) before it goes to the server, and removed once
// the server has it.

export interface Draft {
  /**
   * The whole map, when it must be saved whole (never saved, replaced by an import or a restore).
   * Saving by change sets, a draft holds `sets` alone: reopened, they are replayed on the server's
   * map (the version they were made on or a newer one).
   */
  document?: KmDocument;
  /** Server version the draft was edited from. */
  baseVersion: number;
  savedAt: number;
  /**
   * The change sets not yet acknowledged when it was written (saving by change sets), made on top
   * of `baseVersion`: replayed on the server's map when it is opened (nothing another tab saved is
   * lost, no whole-map choice).
   */
  sets?: ChangeSet[];
  seq?: number;
  /**
   * Titles confirmed as the page went that the worker had not answered yet: in `document` (when it
   * has one), in none of `sets`. Replaying the sets applies these after them.
   */
  typed?: KeptTitle[];
  /**
   * A whole-map draft: the ids of this page's whole saves sent with no answer heard (the page went,
   * the network dropped it) — any of them may be stored. A 409 naming one of them is this very
   * work saved: the reopening goes on from that version, with no conflict choice.
   */
  sending?: string[];
  /**
   * A whole-map draft: the whole saves, not answered, each of which carried exactly its `document`
   * (the one sent as the page went, the page's own save after it). A map shown whose last whole
   * save is one of them holds all of it, however much was changed on it since (by another
   * device): the draft is not opened over it (draftWorthRestoring).
   */
  sentAs?: string[];
  /**
   * Never stored: on a draft read to open a map (mergeDrafts), the stored drafts it was made of —
   * deleted once the page that opened it holds or saved their work.
   */
  from?: DraftSource[];
}

export interface DraftStore {
  get(key: string): Promise<Draft | undefined>;
  put(key: string, d: Draft): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Keeps `d` at once, synchronously (page hide / unload, when an IndexedDB write may never
   * commit); `get` answers it while it is newer than the IndexedDB draft.
   */
  keepNow?(key: string, d: Draft): void;
  /** The drafts of a map: the one under `key` (kept by an older build) and each page's (tabDraftKey). */
  list(key: string): Promise<StoredDraft[]>;
  /**
   * Deletes the draft under `key` if it was written at `savedAt` or before (the draft taken, or an
   * older copy of it), not if its page has written a newer one since.
   */
  deleteIf(key: string, savedAt: number): Promise<void>;
}

export interface StoredDraft {
  key: string;
  draft: Draft;
}

/** A stored draft taken into the one opened (mergeDrafts): deleted once the opening page's own draft holds its work. */
export interface DraftSource {
  key: string;
  savedAt: number;
}

/**
 * Where one page keeps its draft of the map under `key`. Each page has its own: two pages of a
 * browser on one map each hold work the other lacks, and with one draft per map the page that
 * wrote (or saved and deleted) last took the other's work with it.
 */
export const tabDraftKey = (key: string, tab: string): string => `${key}#${tab}`;
/** The key range of a map's drafts: `key` itself and `key#…` (an id never holds '#'). */
const slotsOf = (key: string) => IDBKeyRange.bound(key, `${key}#\uffff`);
const isSlotOf = (key: string, k: string) => k === key || k.startsWith(`${key}#`);

const DB = 'xuetu-mindmap';
const STORE = 'drafts';

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * Whether a stored draft still holds anything the server lacks: one equal to the server's map
 * (its save went through while the page was closing, before the draft was dropped) does not, and
 * restoring it would only answer 409 against the version that save made; nor does one that is
 * exactly the whole save the map shown was last saved whole by (`wholeSaveId`, Draft.sentAs),
 * whatever was changed on it since — opened over those changes, it would offer to drop them. A
 * draft of change sets holds work while it has any (sets the server has are skipped on replay).
 */
export function draftWorthRestoring(draft: Draft | undefined, server: KmDocument, wholeSaveId?: string): draft is Draft {
  if (!draft) return false;
  if (!draft.document) return !!(draft.sets?.length || draft.typed?.length);
  if (wholeSaveId && draft.sentAs?.includes(wholeSaveId)) return false;
  return JSON.stringify(draft.document) !== JSON.stringify(server);
}

export function draftKey(studentId: string, caseId: string): string {
  return `${studentId}:${caseId}`;
}

export function idbDraftStore(factory: IDBFactory = indexedDB): DraftStore {
  let db: Promise<IDBDatabase> | null = null;
  const tx = async (mode: IDBTransactionMode) => {
    db ??= openDb(factory);
    return (await db).transaction(STORE, mode).objectStore(STORE);
  };
  return {
    get: async (key) => (await done((await tx('readonly')).get(key))) as Draft | undefined,
    // Written once the transaction has committed, not when its request succeeded: a page that goes
    // in between loses the write, and by then the synchronous copy was dropped for it (withSyncCopy).
    // (committed at once: no wait for the put's answer before the commit starts)
    put: async (key, d) => committed(commitNow((await tx('readwrite')).put(d, key))),
    delete: async (key) => committed((await tx('readwrite')).delete(key)),
    async list(key) {
      const store = await tx('readonly');
      const [keys, drafts] = await Promise.all([done(store.getAllKeys(slotsOf(key))), done(store.getAll(slotsOf(key)))]);
      return keys.map((k, i) => ({ key: String(k), draft: drafts[i] as Draft })).filter((d) => isSlotOf(key, d.key));
    },
    async deleteIf(key, savedAt) {
      // read and delete in one transaction: a write of the draft's page cannot come in between
      const store = await tx('readwrite');
      const req = store.get(key);
      req.onsuccess = () => ((req.result as Draft | undefined)?.savedAt ?? Infinity) <= savedAt && store.delete(key);
      return committed(req);
    },
  };
}

function commitNow(req: IDBRequest): IDBRequest {
  req.transaction?.commit?.();
  return req;
}

function committed(req: IDBRequest): Promise<void> {
  const t = req.transaction!;
  return new Promise((resolve, reject) => {
    t.oncomplete = () => resolve();
    t.onerror = () => reject(t.error ?? req.error);
    t.onabort = () => reject(t.error ?? new DOMException('draft write aborted', 'AbortError'));
  });
}

const SYNC_PREFIX = 'xuetu-mindmap-draft:';

/**
 * `store` plus a synchronous copy in `storage` (localStorage) written by keepNow: the newer of
 * the two is the draft. A copy too large for the storage quota is skipped (the IndexedDB draft,
 * written soon after every change, still holds the work up to then).
 */
export function withSyncCopy(store: DraftStore, storage: Storage = localStorage): DraftStore {
  const read = (key: string): Draft | undefined => {
    try {
      const raw = storage.getItem(SYNC_PREFIX + key);
      return raw ? (JSON.parse(raw) as Draft) : undefined;
    } catch {
      return undefined;
    }
  };
  const drop = (key: string) => {
    try {
      storage.removeItem(SYNC_PREFIX + key);
    } catch {
      // storage unavailable: nothing was kept there
    }
  };
  const keptKeys = (key: string): string[] => {
    const out: string[] = [];
    try {
      for (let i = 0; i < storage.length; i++) {
        const k = storage.key(i);
        if (k?.startsWith(SYNC_PREFIX) && isSlotOf(key, k.slice(SYNC_PREFIX.length))) out.push(k.slice(SYNC_PREFIX.length));
      }
    } catch {
      // storage unavailable: nothing was kept there
    }
    return out;
  };
  const newer = (stored: Draft | undefined, kept: Draft | undefined) => (kept && (!stored || kept.savedAt > stored.savedAt) ? kept : stored);
  return {
    async get(key) {
      return newer(await store.get(key).catch(() => undefined), read(key));
    },
    async list(key) {
      const found = new Map((await store.list(key).catch(() => [])).map((d) => [d.key, d.draft]));
      for (const k of keptKeys(key)) found.set(k, newer(found.get(k), read(k))!);
      return [...found].map(([k, draft]) => ({ key: k, draft }));
    },
    async deleteIf(key, savedAt) {
      // The draft taken was the newer of the two copies: the other, older, goes with it (left, no
      // page would ever delete it: a later opening restored it over the map saved since). A copy
      // kept later than `savedAt` stays: it is the newer draft of that page.
      if ((read(key)?.savedAt ?? Infinity) <= savedAt) drop(key);
      await store.deleteIf(key, savedAt);
    },
    async put(key, d) {
      await store.put(key, d);
      const kept = read(key);
      if (kept && kept.savedAt <= d.savedAt) drop(key);
    },
    async delete(key) {
      drop(key);
      await store.delete(key);
    },
    keepNow(key, d) {
      try {
        storage.setItem(SYNC_PREFIX + key, JSON.stringify(d));
      } catch (e) {
        console.warn('draft too large for the synchronous copy:', e);
      }
    },
  };
}
