import type { Draft, EditorController, KmDocument } from '../../mindmap';
import { toast } from '../../app/ui/toast-store';

// Opening a map with the unsaved work a draft kept (both map screens: ProjectMinder, OwnMapEditor).
// A draft of change sets is replayed on the server's map (the version it was made on, or a newer
// one another tab or device saved since: both sides' edits stay, no choice to make); a whole-map
// draft (never saved, just imported) opens as it is and is saved whole; none, the server's map.

const RESTORED = '已恢复上次未保存的修改';
export const DRAFT_UNREADABLE = '上次未保存的修改无法恢复（内容已损坏），已打开服务器上的导图';

export interface DraftOpening {
  ctl: EditorController;
  server: { document: KmDocument; version: number };
  /** A draft worth restoring (draftWorthRestoring), or none (a retry, a read-only map). */
  draft?: Draft;
  readOnly: boolean;
  /** After the document is in the editor (a study map's 已学 rings). */
  afterOpen?(): Promise<void>;
  /**
   * Opens the server's map, the draft's sets replayed on it and synced, in one engine step:
   * whether any were not saved yet (useAutosave's openServer).
   */
  openServer(server: { version: number; document: KmDocument }, readOnly: boolean, opts?: { draft?: Draft; from?: Draft['from'] }): Promise<boolean>;
  /** A draft is about to be opened: the status says it is not saved yet (Autosaver.restoring). */
  restoring(): void;
  /** A whole-map draft opened: saved whole after the debounce (its whole saves never answered are this page's own: Draft.sending). */
  restoredWhole(draft: Draft): void;
}

export async function openDraftOrServer({ ctl, server, draft, readOnly, afterOpen, openServer, restoring, restoredWhole }: DraftOpening): Promise<void> {
  if (draft) restoring();
  // (a draft of a map never saved holds its sets beside the whole map: replayed on the official map,
  // or on the map another page or device saved since, as any draft's sets)
  const replay = draft && (!draft.document || !!draft.sets);
  if (draft && !replay) {
    try {
      await ctl.open(draft.document!, readOnly);
      await afterOpen?.();
      toast.warning(RESTORED, 6000);
      restoredWhole(draft);
      return;
    } catch (e) {
      // Said; the server's map opens and takes the draft's place (openServer's `from`).
      console.warn('draft could not be opened:', e);
      toast.error(DRAFT_UNREADABLE, 8000);
    }
  }
  // (a draft that could not be opened is still taken: this page's next save or draft replaces it)
  const restored = await openServer(server, readOnly, { draft: replay ? draft : undefined, from: draft?.from });
  await afterOpen?.();
  if (restored && replay) toast.warning(RESTORED, 6000);
}
