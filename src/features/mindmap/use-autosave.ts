import { useEffect, useRef, useState } from 'react';
import type { KmDocument } from '../../engine/model/types';
import { Autosaver, type SaveState } from './editor/autosave';
import type { EditorController } from './editor/controller';
import { draftKey, idbDraftStore, withSyncCopy, type DraftStore } from './editor/draft-store';
import { download, fileBase } from './editor/io';
import { toast } from '../../app/ui/toast-store';
import { EXPERIENCE_MSG, keepMapVersion, saveStuMind, showMind } from './api';

// Wires the autosaver to an open ProjectMinder: changes → debounced saveStuMind with the
// version; 409 → conflict choice; offline → draft in IndexedDB; refused → the reason once.
// Leaving keeps the work however it happens, text still being typed in the edit field included:
// pagehide/beforeunload (tab closed or reloaded) keep the draft synchronously then try to save; closing the editor in the app saves BEFORE the
// controller ends the worker (ctl.beforeClose), as the save reads the document from it.

let sharedDrafts: DraftStore | null = null;
export const drafts = (): DraftStore => (sharedDrafts ??= withSyncCopy(idbDraftStore()));

export function useAutosave(ctl: EditorController, caseId: string, studentId: string, version: number, save = saveStuMind) {
  const [state, setState] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState<KmDocument | null>(null);
  const key = draftKey(studentId, caseId);
  const ref = useRef<Autosaver | null>(null);

  // Created in the effect (not memoised) so a StrictMode re-run gets a live saver.
  useEffect(() => {
    const saver = new Autosaver(
      { snapshot: () => ctl.engine.toKm(), save: (doc, v) => save(caseId, doc, v), drafts: drafts(), key, canSave: () => ctl.opened },
      version,
    );
    ref.current = saver;
    saver.onState = setState;
    saver.onConflict = setConflict;
    saver.onError = (m) => (m === EXPERIENCE_MSG ? toast.warning(m) : toast.error(m));
    ctl.onChange = () => saver.markDirty();
    ctl.onTextEditOpen = () => saver.prime();
    // Text still being typed in the edit field is committed first and kept with the draft.
    const hide = () => {
      saver.keepNow(ctl.commitTextEdit());
      void ctl.settled().then(() => saver.flush());
    };
    const online = () => saver.state === 'offline' && void saver.flush();
    // One closing, whichever comes first: this effect's cleanup or the controller's dispose
    // (which waits for it before ending the worker, in either order).
    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= (async () => {
        window.removeEventListener('pagehide', hide);
        window.removeEventListener('beforeunload', hide);
        window.removeEventListener('online', online);
        saver.keepNow(ctl.commitTextEdit());
        // An edit still on its way to the worker (Enter, then a click on a link; the text edit
        // just committed) is applied first, so the last save includes it.
        await ctl.settled();
        saver.keepNow();
        await saver.flush().finally(() => saver.dispose());
      })());
    window.addEventListener('pagehide', hide);
    window.addEventListener('beforeunload', hide);
    window.addEventListener('online', online);
    const unregister = ctl.beforeClose(close);
    return () => void close().finally(unregister);
  }, [ctl, caseId, key, version, save]);

  const base = () => fileBase(ctl.model.get(ctl.model.rootId)?.text ?? '');
  const keepCopy = (doc: KmDocument, suffix: string) => download(`${base()}-${suffix}.km`, new Blob([JSON.stringify(doc)], { type: 'application/json' }));

  /** 载入服务器版本: the server's map replaces mine; mine is downloaded as a copy. */
  const takeServer = async () => {
    if (conflict) keepCopy(conflict, '我的版本');
    const server = await showMind(caseId);
    await ctl.open(server.document, false);
    ref.current?.resolve(server.version, false);
    await drafts().delete(key);
    setConflict(null);
  };

  /** 保留我的版本: mine is saved over the newer one; the server's is downloaded as a copy. */
  const keepMine = async () => {
    const server = await showMind(caseId);
    keepCopy(server.document, '服务器版本');
    ref.current?.resolve(server.version, true);
    setConflict(null);
  };

  /** Saves pending edits now; resolves whether the map on the server is the one on screen, and its version. */
  const flush = async (): Promise<{ saved: boolean; version: number }> => {
    const saver = ref.current;
    if (!saver) return { saved: false, version: version };
    await saver.flush();
    return { saved: saver.state === 'saved', version: saver.version };
  };

  /**
   * Keeps the map as saved now as a version (保留当前版本; before a restore or an import), edits
   * still pending saved first. Resolves the version kept (0: no map of one's own yet), or null
   * when the map on screen could not be saved (offline, refused, in conflict): nothing to keep.
   */
  const keep = async (silent = false): Promise<number | null> => {
    await ctl.settled();
    // A study map never saved shows the official map (version 0): it is saved as the student's
    // own first, so what an import or a restore replaces can be restored after a reload too.
    const saver = ref.current;
    if (saver && saver.version === 0 && saver.state === 'saved') saver.markDirty();
    const { saved, version: v } = await flush();
    if (!saved) return null;
    return v === 0 ? 0 : keepMapVersion(caseId, v, silent);
  };

  // An import or a restore replaces the whole map: what was there is kept as a version first.
  const keepRef = useRef(keep);
  keepRef.current = keep;
  useEffect(() => {
    ctl.beforeReplace = async () => void (await keepRef.current(true));
    return () => void (ctl.beforeReplace = null);
  }, [ctl]);

  /** The map on screen is the server's `version` (opened instead of a draft, or reloaded): save from it. */
  const rebase = (v: number) => ref.current?.resolve(v, false);

  return { state, markDirty: () => ref.current?.markDirty(), rebase, flush, keep, conflict: conflict !== null, takeServer, keepMine };
}
