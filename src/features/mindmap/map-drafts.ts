import { draftKey, idbDraftStore, mergeDrafts, withSyncCopy, type Draft, type DraftSource, type DraftStore, type StoredDraft } from '../../mindmap';

// Where an open map's unsaved work is kept (IndexedDB, with a synchronous copy for a page going
// away), shared by the screens that open a map (to restore a draft) and their autosave. Each page
// keeps its own draft (tabDraftKey); opening a map reads all of them as one (mergeDrafts).

let sharedDrafts: DraftStore | null = null;
export const drafts = (): DraftStore => (sharedDrafts ??= withSyncCopy(idbDraftStore()));

/** The draft of a case map: the student's own, or a classmate's shared with them (kept apart). */
export const minderDraftKey = (studentId: string, caseId: string, ownerId = studentId) =>
  draftKey(studentId, ownerId === studentId ? caseId : `${caseId}@${ownerId}`);

/** Deletes the stored drafts `from` names, each unless its page has written a newer one since (DraftStore.deleteIf). */
async function deleteTaken(store: DraftStore, from: readonly DraftSource[]): Promise<void> {
  await Promise.all(from.map((d) => store.deleteIf(d.key, d.savedAt).catch(() => {})));
}

/**
 * The unsaved work every page of this browser kept for the map (`stored`: drafts().list of its
 * key), as one draft to open: a page's draft that holds nothing the server lacks (`worth`, e.g.
 * its save went through as it closed) is deleted, not merged — it would stand for the others.
 */
export async function openableDraft(stored: readonly StoredDraft[], worth: (d: Draft) => boolean): Promise<Draft | undefined> {
  await deleteTaken(
    drafts(),
    stored.filter((d) => !worth(d.draft)).map((d) => ({ key: d.key, savedAt: d.draft.savedAt })),
  );
  return mergeDrafts(stored.filter((d) => worth(d.draft)));
}

/**
 * A page's drafts: its own (`put`, `delete` under its tabDraftKey) and those of other pages it
 * opened (`adopt`) — deleted once its own draft holds their work (its next write) or it is saved
 * (its delete), each only if its page wrote nothing newer since.
 */
export function pageDrafts(store: DraftStore = drafts()) {
  let adopted: DraftSource[] = [];
  const release = async () => {
    const taken = adopted;
    adopted = [];
    await deleteTaken(store, taken);
  };
  const own: DraftStore = {
    get: (key) => store.get(key),
    list: (key) => store.list(key),
    deleteIf: (key, savedAt) => store.deleteIf(key, savedAt),
    keepNow: (key, d) => store.keepNow?.(key, d),
    async put(key, d) {
      await store.put(key, d);
      await release();
    },
    async delete(key) {
      await store.delete(key);
      await release();
    },
  };
  return {
    store: own,
    /** This page opened `from` (besides its own `key`): their work is its own now. */
    adopt(from: readonly DraftSource[] = [], key: string) {
      adopted = from.filter((d) => d.key !== key);
    },
    /** What was adopted is on the server already (nothing of it was left to save). */
    release,
  };
}
