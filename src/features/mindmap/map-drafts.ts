import { draftKey, idbDraftStore, withSyncCopy, type DraftStore } from '../../mindmap';

// Where an open map's unsaved work is kept (IndexedDB, with a synchronous copy for a page going
// away), shared by the screens that open a map (to restore a draft) and their autosave.

let sharedDrafts: DraftStore | null = null;
export const drafts = (): DraftStore => (sharedDrafts ??= withSyncCopy(idbDraftStore()));

/** The draft of a case map: the student's own, or a classmate's shared with them (kept apart). */
export const minderDraftKey = (studentId: string, caseId: string, ownerId = studentId) =>
  draftKey(studentId, ownerId === studentId ? caseId : `${caseId}@${ownerId}`);
