import type { StaleSave } from '../../contract/mindmaps';
import { ApiFailure } from '../../app/ui/use-remote';

// Whole saves name themselves (WholeSaveId): one sent whose answer never came (the page went while
// it was on its way, the network dropped the answer) may be stored. The ids of those are kept —
// in the page and in its whole-map draft (Draft.sending) — so that the 409 the next try meets,
// naming one of them as the save that made the map stored now, is known for this work's own save,
// not another page's: the autosaver goes on from that version instead of offering the choice.

/** How many whole saves without an answer are remembered (each retry while offline is one). */
const MAX_UNANSWERED = 8;

export class UnansweredWholeSaves {
  private ids: string[] = [];

  /** The ids not answered yet, oldest first (kept in a whole-map draft). */
  get list(): readonly string[] {
    return this.ids;
  }

  /** Taken over from a whole-map draft opened again (its page's unanswered saves). */
  adopt(ids: readonly string[]): void {
    this.ids = ids.slice(-MAX_UNANSWERED);
  }

  /** A whole save about to be sent: its id, remembered until it is answered. */
  name(): string {
    const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
    this.ids = [...this.ids.slice(1 - MAX_UNANSWERED), id];
    return id;
  }

  /** A whole save was stored (the earlier ones are behind it): none is waiting. */
  stored(): void {
    this.ids = [];
  }

  /**
   * Save `id` was answered with `e`. A refusal means it was not stored; a network failure may have
   * stored it. Resolves the version stored now when a 409 names one of this work's own saves (the
   * ids are then forgotten: that version is the base from now on), else undefined.
   */
  failed(id: string, e: unknown): number | undefined {
    if (!(e instanceof ApiFailure)) return undefined;
    this.ids = this.ids.filter((x) => x !== id);
    const data = e.data as Partial<StaleSave> | undefined;
    if (e.resultCode !== 409 || !data?.saveId || typeof data.version !== 'number' || !this.ids.includes(data.saveId)) return undefined;
    this.ids = [];
    return data.version;
  }
}
