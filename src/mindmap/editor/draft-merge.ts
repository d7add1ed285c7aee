import type { ChangeSet } from '../engine/model/change-set';
import type { Draft, DraftSource, StoredDraft } from './draft-store';

// Each page keeps its own draft of a map (tabDraftKey): pages of one browser closed, offline or
// refused each hold work the other lacks. Opened, the map takes all of it: the change sets of every
// page's draft are replayed on the server's map (the server and the replay skip a set they have,
// by its id), each page's in its order, the pages' drafts oldest first — as their saves would have
// reached the server.

/**
 * The drafts of one map as the draft to open, naming the stored ones it was made of (`from`).
 * Change sets of every page merge — a map never saved too: its drafts hold the sets made on the
 * official map beside the whole map (Draft.sets), and merged they are replayed on it. A whole map
 * without sets (imported, restored, kept by an older build) cannot take another page's work: when
 * the newest draft is such it opens alone, and the other drafts stay stored for the next opening
 * (an older whole one then meets the map saved since: the conflict choice, its side downloaded —
 * never dropped unsaid).
 */
export function mergeDrafts(stored: readonly StoredDraft[]): (Draft & { from: DraftSource[] }) | undefined {
  if (!stored.length) return undefined;
  const byAge = [...stored].sort((a, b) => a.draft.savedAt - b.draft.savedAt);
  const source = (d: StoredDraft): DraftSource => ({ key: d.key, savedAt: d.draft.savedAt });
  const replayable = (d: StoredDraft) => !d.draft.document || d.draft.sets !== undefined;
  const newest = byAge[byAge.length - 1];
  if (!replayable(newest)) return { ...newest.draft, from: [source(newest)] };
  const bySets = byAge.filter(replayable);
  if (bySets.length === 1) return { ...newest.draft, from: [source(newest)] };
  const seen = new Set<string>();
  const sets: ChangeSet[] = [];
  for (const d of bySets) for (const s of d.draft.sets ?? []) if (!seen.has(s.id) && seen.add(s.id)) sets.push(s);
  const typed = bySets.flatMap((d) => d.draft.typed ?? []);
  return {
    baseVersion: Math.min(...bySets.map((d) => d.draft.baseVersion)),
    sets,
    seq: Math.max(...bySets.map((d) => d.draft.seq ?? 0)),
    ...(typed.length ? { typed } : {}),
    savedAt: newest.draft.savedAt,
    from: bySets.map(source),
  };
}
