import { useEffect, useRef, useState } from 'react';
import type { KmDocument } from '../../engine/model/types';
import { Autosaver, type SaveState } from './editor/autosave';
import type { EditorController } from './editor/controller';
import { draftKey, idbDraftStore, type DraftStore } from './editor/draft-store';
import { download, fileBase } from './editor/io';
import { toast } from '../../app/ui/toast-store';
import { EXPERIENCE_MSG, saveStuMind, showMind } from './api';

// Wires the autosaver to an open ProjectMinder: changes → debounced saveStuMind with the
// version; 409 → conflict choice; offline → draft in IndexedDB; page hide → flush.

let sharedDrafts: DraftStore | null = null;
export const drafts = (): DraftStore => (sharedDrafts ??= idbDraftStore());

export function useAutosave(ctl: EditorController, caseId: string, studentId: string, version: number, save = saveStuMind) {
  const [state, setState] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState<KmDocument | null>(null);
  const key = draftKey(studentId, caseId);
  const ref = useRef<Autosaver | null>(null);

  // Created in the effect (not memoised) so a StrictMode re-run gets a live saver.
  useEffect(() => {
    const saver = new Autosaver({ snapshot: () => ctl.engine.toKm(), save: (doc, v) => save(caseId, doc, v), drafts: drafts(), key }, version);
    ref.current = saver;
    saver.onState = setState;
    saver.onConflict = setConflict;
    saver.onError = (m) => (m === EXPERIENCE_MSG ? toast.warning(m) : toast.error(m));
    ctl.onChange = () => saver.markDirty();
    const hide = () => void saver.flush();
    const online = () => saver.state === 'offline' && void saver.flush();
    window.addEventListener('pagehide', hide);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('online', online);
      void saver.flush().finally(() => saver.dispose());
    };
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

  return { state, markDirty: () => ref.current?.markDirty(), flush, conflict: conflict !== null, takeServer, keepMine };
}
