import type { Draft, KeptTitle } from '../../mindmap';
import type { Unsaved } from './autosave-memory-copy';

// How the autosaver (autosave.ts) turns the unsaved work into a draft, and stamps it.

export class DraftMaker {
  private lastStamp = 0;

  /**
   * The draft of unsaved work: its change sets on the server version they were made on, or the
   * whole map on `version` (the saver's now: a whole save since the read stored that very map),
   * naming the whole saves not answered yet (`sending`) and the one the document is exactly
   * (`sentAs`: each carried it, Draft.sentAs); `typed` after them.
   */
  make(u: Unsaved, typed: KeptTitle[], version: number, sending: readonly string[], sentAs?: readonly string[]): Draft {
    const savedAt = this.stamp();
    const kept = typed.length ? { typed } : {};
    const named = { ...(sending.length ? { sending: [...sending] } : {}), ...(sentAs?.length ? { sentAs: [...sentAs] } : {}) };
    // (a map never saved: the sets made on the official map beside it, Draft.sets)
    const sets = u.document && u.sets && u.version === version ? { sets: u.sets, seq: u.seq } : {};
    return u.document
      ? { document: u.document, baseVersion: version, ...sets, ...kept, ...named, savedAt }
      : { baseVersion: u.version, sets: u.sets, seq: u.seq, ...kept, savedAt };
  }

  /**
   * A draft's savedAt, later than every one this page wrote before (two in the same millisecond
   * were a tie, and a tie let the older IndexedDB draft win over the copy kept as the page went).
   */
  private stamp(): number {
    return (this.lastStamp = Math.max(Date.now(), this.lastStamp + 1));
  }
}
