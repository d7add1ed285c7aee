import type { AppliedSet, ChangeSetsToSend } from '../../mindmap';
import { ApiFailure } from '../../app/ui/use-remote';
import type { ChangeSaving } from './autosave-deps';

// Another tab or device saved (told by a broadcast, a live frame, or the periodic check): the
// autosaver (autosave.ts) takes its sets in while nothing is being saved here. Edits made
// meanwhile are rebased on them like after a save.

/** What a catch-up reads and moves of the autosaver. */
export interface CatchingSaver {
  readonly changes: ChangeSaving | undefined;
  version(): number;
  /** The sets received took the map to `version`. */
  moveTo(version: number): void;
  /** A save is running (news is caught up after it). */
  saving(): boolean;
  /** Whether news may be taken in now: saving on, a map open, no conflict or refusal waiting. */
  mayCatchUp(): boolean;
  notices(messages: string[]): void;
  /** The server holds a whole save newer than our version: open it, replay `pending`; resolves the version. */
  reload(pending: ChangeSetsToSend): Promise<number>;
  markDirty(): void;
}

export class CatchUp {
  /** A catch-up under way. */
  private catching: Promise<void> | null = null;
  /** News heard while busy: the sets the frames brought, null to ask the server, undefined none. */
  private heard: AppliedSet[] | null | undefined = undefined;

  constructor(private readonly saver: CatchingSaver) {}

  /** News came (`known`: the sets a live frame brought, if any): caught up now, or after what is under way. */
  request(known?: readonly AppliedSet[]): Promise<void> {
    // One at a time: news heard while a catch-up or a save is under way is caught up after it
    // (two at once both asked from the same version, and the later one, finding the version moved
    // by the first, dropped a set it alone had: the page stayed behind until its next edit).
    if (this.catching || this.saver.saving()) {
      this.heard = known && this.heard !== null ? [...(this.heard ?? []), ...known] : null;
      return this.catching ?? Promise.resolve();
    }
    this.catching = this.once(known).finally(() => {
      this.catching = null;
      this.catchHeard();
    });
    return this.catching;
  }

  /**
   * Resolves once no catch-up is under way. A save waits for it: one that started while a
   * catch-up was opening the map another tab saved whole went out from the version before it
   * (the first, whole save of a map never saved), and its 409, coming after the map had moved on,
   * was taken for a conflict — the choice of a version offered for edits that merge.
   */
  async settled(): Promise<void> {
    while (this.catching) await this.catching;
  }

  /** The news heard while busy, caught up now (from the frames' sets when they follow on, else asked); called as a save ends too. */
  catchHeard(): void {
    if (this.heard === undefined || this.catching || this.saver.saving()) return;
    const heard = this.heard;
    this.heard = undefined;
    void this.request(heard ?? undefined);
  }

  private async once(known?: readonly AppliedSet[]): Promise<void> {
    const { saver } = this;
    const changes = saver.changes;
    // (a map never saved, version 0, is asked too: its first save, another page's, is whole — the
    // server's 409 opens that map, with this page's edits replayed on it)
    if (!changes || saver.saving() || !saver.mayCatchUp()) return;
    // Work that goes whole (an import, a restore, a whole-map draft opened again) is never caught
    // up over: a reload would open the server's map in its place, and without a replica the sets
    // would have nowhere to go. Its whole save decides (stored over our version, its own save
    // stored, or the conflict choice).
    const mine = await changes.take().catch(() => null);
    if (!mine || mine.whole) return;
    const at = saver.version();
    try {
      // The sets a live frame brought, when they follow on from this version: applied as they
      // are, without asking the server again (a round trip less between a save and its paint).
      const fresh = known?.filter((s) => s.version > at);
      if (fresh && !fresh.length) return;
      const got = fresh && follows(fresh, at) ? { sets: fresh } : await changes.fetch(at);
      if (saver.saving() || saver.version() !== at || !got.sets.length) return;
      const here = await changes.receive(got.sets);
      saver.moveTo(here.version);
      if (here.notices.length) saver.notices(here.notices);
      if (here.madeHere) saver.markDirty();
    } catch (e) {
      if (e instanceof ApiFailure && e.resultCode === 409 && !saver.saving() && saver.version() === at) {
        const pending = await changes.take().catch(() => null);
        if (pending && !pending.whole) {
          saver.moveTo(await saver.reload(pending));
          if (pending.sets.length) saver.markDirty();
        }
      }
      // offline: the next check tries again
    }
  }
}

/** Whether `sets` are the versions right after `at`, each once, in order (else the page asks for them). */
function follows(sets: readonly AppliedSet[], at: number): boolean {
  return sets.every((s, i) => s.version === at + 1 + i);
}
