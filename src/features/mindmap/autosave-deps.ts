import type { AppliedSet, ChangeSet, ChangeSetsToSend, DraftStore, KeptTitle, KmDocument } from '../../mindmap';

// What the autosaver (autosave.ts) needs and shows: its states and their labels, the save calls
// and the change-set calls a page gives it.

export type SaveState = 'saved' | 'saving' | 'dirty' | 'offline' | 'conflict' | 'refused';

export const SAVE_LABEL: Record<SaveState, string> = {
  saved: '已保存',
  saving: '保存中…',
  dirty: '未保存',
  offline: '离线',
  conflict: '版本冲突',
  refused: '未能保存',
};

/**
 * What the map says when a save fails for the network (once, not per retry): calm, and true — the
 * draft already holds the edits and the autosaver saves them when the network is back. The status
 * says 离线 meanwhile (with 重试), and this sentence as its tooltip.
 */
export const OFFLINE_SAID = '网络已断开，修改已保存在本机，恢复连接后会自动同步';

export interface AutosaveDeps {
  snapshot(): Promise<KmDocument>;
  /** A whole save over `version`, named `saveId` (a 409 names the whole save that made the map stored now: StaleSave). */
  save(doc: KmDocument, version: number, saveId: string): Promise<number>;
  /** `save` in a request that outlives the page going away, its answer never read; false: not sent (too large to go so). */
  saveAsPageGoes?(doc: KmDocument, version: number, saveId: string): boolean;
  drafts: DraftStore;
  key: string;
  delayMs?: number;
  /** The longest a change waits for its save while the student keeps editing (the debounce restarts on each change). */
  maxWaitMs?: number;
  draftDelayMs?: number;
  /**
   * What the keys queued behind an unanswered insert (and the open field) would make, worked out
   * without the worker (keys-ahead.ts): every draft written holds them, until they drain.
   */
  keysAhead?: () => readonly KeptTitle[];
  retryMs?: number;
  /** False while no map is open (opening failed): nothing is saved or kept over the stored map. */
  canSave?: () => boolean;
  /**
   * Saving by change sets (the map has a version on the server): only what changed is sent, and
   * the answer brings the other tabs' sets, which the engine rebases the edits here on. Without
   * it (or while the map must go whole: a first save, an import, a restore) the document is sent.
   */
  changes?: ChangeSaving;
}

export interface ChangeSaving {
  take(): Promise<ChangeSetsToSend>;
  send(base: number, sets: ChangeSet[]): Promise<{ version: number; sets: AppliedSet[]; notices?: string[] }>;
  /**
   * `send` in a request that outlives the page going away, its answer never read (the sets stay
   * in the draft kept on this device: a later opening finds them stored and skips them by id).
   * `titles`: confirmed on topics the worker has made but in none of `sets` yet, sent as renames
   * after them. False: not sent (too large to go so).
   */
  sendAsPageGoes?(base: number, sets: ChangeSet[], titles: readonly { id: string; text: string }[]): boolean;
  /**
   * The server's sets since our version, into the engine (and on screen); resolves the version now
   * held, and `madeHere` when taking them in made a change of this page to save (a branch deleted
   * under a title being typed here, brought back).
   */
  receive(sets: AppliedSet[]): Promise<{ notices: string[]; version: number; madeHere?: boolean }>;
  /** The document sent whole was stored as `version`; the sets up to `seq` were in it. */
  wholeSaved(version: number, seq: number): Promise<void>;
  /** The server's sets after `since` (another tab saved): the catch-up between saves. */
  fetch(since: number): Promise<{ version: number; sets: AppliedSet[] }>;
}
