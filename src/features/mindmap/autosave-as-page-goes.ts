import type { KeptTitle } from '../../mindmap';
import type { AutosaveDeps } from './autosave-deps';
import type { MemoryCopy } from './autosave-memory-copy';
import type { UnansweredWholeSaves } from './autosave-whole-saves';

// What a page sends as it goes (pagehide), in a request that outlives it (fetch keepalive), so
// another device has the work without waiting for this browser to open the map again. Its answer
// is never read: the draft kept on this device (Autosaver.keepNow) still holds all of it, and the
// next opening here finds it stored — the sets skipped by id, the titles already so, a whole save
// recognised by its name.

/** The autosaver's parts the sending reads (autosave.ts). */
export interface GoingSaver {
  deps: AutosaveDeps;
  copy: MemoryCopy;
  unanswered: UnansweredWholeSaves;
  version: number;
  edits: number;
  /** Keeps the draft again, synchronously (a whole save just named must be in it: Draft.sending). */
  keepAgain(going: readonly KeptTitle[]): void;
}

/**
 * The unsaved work last read: change sets, with the titles confirmed since on topics the worker
 * has made (in no set yet: sent as renames after them; `going`: those the keys still on their way
 * would make); or, for work that goes whole (a map never saved, an import, a restore), the map
 * whole when small enough for such a request, named as any whole save. A title on a topic the
 * worker has not made yet stays in the draft only.
 */
export function sendUnsavedAsPageGoes(s: GoingSaver, going: readonly KeptTitle[]): void {
  const u = s.copy.latest;
  // (a whole map read before the whole save that stored it answered: its later edits are sets,
  // read after it; sent whole again it would replace what other devices changed on that save)
  const stale = !!u?.document && u.version !== s.version;
  if (u?.document && !stale) {
    const send = s.deps.saveAsPageGoes;
    const doc = s.copy.withTyped(null, going)?.unsaved.document;
    if (!send || !doc || (s.edits === 0 && !s.copy.typedCount && !going.length)) return;
    if (send(doc, s.version, s.unanswered.name(doc))) s.keepAgain(going);
    return;
  }
  const send = s.deps.changes?.sendAsPageGoes;
  if (!send || s.version === 0) return;
  // (a stale whole read holds no sets: the titles go on the page's version)
  const read = u && !stale ? u : { version: s.version, sets: [] };
  const titles = s.copy.namedTitles(going);
  if (read.sets?.length || titles.length) send(read.version, read.sets ?? [], titles);
}
