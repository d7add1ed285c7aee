import type { StaleSave } from '../../contract/mindmaps';
import type { KmDocument } from '../../mindmap';
import { ApiFailure } from '../../app/ui/use-remote';

// Whole saves name themselves (WholeSaveId): one sent whose answer never came (the page went while
// it was on its way, the network dropped the answer) may be stored. The ids of those are kept —
// in the page and in its whole-map draft (Draft.sending) — so that the 409 the next try meets,
// naming one of them as the save that made the map stored now, is known for this work's own save,
// not another page's: the autosaver goes on from that version instead of offering the choice.
// And a whole-map draft that is exactly the document the last ones carried names them (Draft.sentAs):
// a map shown that was last saved whole by one of them holds all of the draft, whatever another
// device changed on it since.

/** How many whole saves without an answer are remembered (each retry while offline is one). */
const MAX_UNANSWERED = 8;

export class UnansweredWholeSaves {
  private ids: string[] = [];
  /**
   * The last ones sent that carried the same document (the save sent as the page went, and the
   * page's own one after it; the retries while offline), and that document (its text worked out
   * once, when a draft is compared); until an answer. (Compared, not dropped at the next edit:
   * the worker's answer to a title sent as the page went is an edit, and adds nothing.)
   */
  private last: { ids: string[]; doc: KmDocument; json?: string } | null = null;

  /** The ids not answered yet, oldest first (kept in a whole-map draft). */
  get list(): readonly string[] {
    return this.ids;
  }

  /** Taken over from a whole-map draft opened again (its page's unanswered saves). */
  adopt(ids: readonly string[]): void {
    this.ids = ids.slice(-MAX_UNANSWERED);
  }

  /** A whole save of `doc` about to be sent: its id, remembered until it is answered. */
  name(doc: KmDocument): string {
    const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
    this.ids = [...this.ids.slice(1 - MAX_UNANSWERED), id];
    this.last = this.last && this.same(doc) ? { ...this.last, ids: [...this.last.ids.slice(1 - MAX_UNANSWERED), id] } : { ids: [id], doc };
    return id;
  }

  /** The ids of the whole saves sent last, unanswered, when `doc` (a draft's) is exactly what they carried. */
  exactly(doc: KmDocument | undefined): string[] | undefined {
    return doc && this.same(doc) ? [...this.last!.ids] : undefined;
  }

  private same(doc: KmDocument): boolean {
    const last = this.last;
    if (!last) return false;
    if (doc === last.doc) return true;
    last.json ??= JSON.stringify(last.doc);
    return JSON.stringify(doc) === last.json;
  }

  /** A whole save was stored (the earlier ones are behind it): none is waiting. */
  stored(): void {
    this.ids = [];
    this.last = null;
  }

  /**
   * Save `id` was answered with `e`. A refusal means it was not stored; a network failure may have
   * stored it. Resolves the version stored now when a 409 names one of this work's own saves (the
   * ids are then forgotten: that version is the base from now on), else undefined.
   */
  failed(id: string, e: unknown): number | undefined {
    if (!(e instanceof ApiFailure)) return undefined;
    this.ids = this.ids.filter((x) => x !== id);
    if (this.last?.ids.includes(id)) {
      const ids = this.last.ids.filter((x) => x !== id);
      this.last = ids.length ? { ...this.last, ids } : null;
    }
    const data = e.data as Partial<StaleSave> | undefined;
    if (e.resultCode !== 409 || !data?.saveId || typeof data.version !== 'number' || !this.ids.includes(data.saveId)) return undefined;
    this.ids = [];
    return data.version;
  }
}
