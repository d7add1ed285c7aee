import type { KmDocument } from '../../../engine/model/types';

// Unsaved work survives a crash, a closed tab or an offline period: every pending change is
// written here (IndexedDB, per student + case) before it goes to the server, and removed once
// the server has it.

export interface Draft {
  document: KmDocument;
  /** Server version the draft was edited from. */
  baseVersion: number;
  savedAt: number;
}

export interface DraftStore {
  get(key: string): Promise<Draft | undefined>;
  put(key: string, d: Draft): Promise<void>;
  delete(key: string): Promise<void>;
}

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
    put: async (key, d) => void (await done((await tx('readwrite')).put(d, key))),
    delete: async (key) => void (await done((await tx('readwrite')).delete(key))),
  };
}
