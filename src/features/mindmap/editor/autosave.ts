import type { KmDocument, KmNode } from '../../../engine/model/types';
import { ApiFailure } from '../../../app/ui/use-remote';
import type { TypedText } from './editor-state';
import type { DraftStore } from './draft-store';

// Debounced autosave with an optimistic version check (saveStuMind answers 409 when another
// page saved first). Order per save: draft to IndexedDB first, then the server, then the draft
// is dropped — so a crash at any point loses nothing. A 409 stops saving until the user picks
// a side in the conflict dialog; a network failure shows 离线 and retries; any other refusal
// (not applied 403, the experience account 403, too large 400) shows 未能保存, says the server's
// reason once (not once per save) and keeps the draft. Every change also refreshes an in-memory
// copy of the document, which keepNow writes synchronously when the page goes away.

export type SaveState = 'saved' | 'saving' | 'dirty' | 'offline' | 'conflict' | 'refused';

export const SAVE_LABEL: Record<SaveState, string> = {
  saved: '已保存',
  saving: '保存中…',
  dirty: '未保存',
  offline: '离线',
  conflict: '版本冲突',
  refused: '未能保存',
};

export interface AutosaveDeps {
  snapshot(): Promise<KmDocument>;
  save(doc: KmDocument, version: number): Promise<number>;
  drafts: DraftStore;
  key: string;
  delayMs?: number;
  draftDelayMs?: number;
  retryMs?: number;
  /** False while no map is open (opening failed): nothing is saved or kept over the stored map. */
  canSave?: () => boolean;
}

export class Autosaver {
  state: SaveState = 'saved';
  version: number;
  onState: (s: SaveState) => void = () => {};
  onConflict: (mine: KmDocument) => void = () => {};
  onError: (message: string) => void = () => {};
  private timer: ReturnType<typeof setTimeout> | null = null;
  private draftTimer: ReturnType<typeof setTimeout> | null = null;
  private edits = 0;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** The last document read after a change (kept synchronously on page hide). */
  private latest: KmDocument | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  /** Reads of the document started so far (a read started after `typed` was committed includes it). */
  private reads = 0;
  /** Changes marked so far, and how many had been marked when `latest` / the read under way started. */
  private changes = 0;
  private latestAt = -1;
  private readingAt = -1;
  /** Text committed as the page went away, kept over `latest` until a read includes it. */
  private typed: (TypedText & { after: number }) | null = null;
  /** The refusal last told to the student; the same one is not repeated until a save succeeds. */
  private refusal: string | null = null;

  constructor(
    private readonly deps: AutosaveDeps,
    version: number,
  ) {
    this.version = version;
  }

  /** A change was made: save after the debounce (each new change restarts it). */
  markDirty(): void {
    if (this.stopped) return;
    if (!this.canSave()) return;
    this.edits++;
    this.changes++;
    if (this.state !== 'conflict' && this.state !== 'refused') this.setState(this.state === 'offline' ? 'offline' : 'dirty');
    this.refresh();
    this.schedule(this.deps.delayMs ?? 1500);
    // The draft is written soon after every change, long before the server save: a tab
    // closed within the debounce still leaves its work behind.
    if (this.draftTimer) clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => void this.writeDraft(), this.deps.draftDelayMs ?? 200);
  }

  private canSave(): boolean {
    return this.deps.canSave?.() ?? true;
  }

  /** A text edit began: the document is read now (if never read), so a page closed while typing keeps the text. */
  prime(): void {
    if (!this.latest && !this.stopped && this.canSave()) this.refresh();
  }

  /** One read of the document from the worker (a full copy of the map), kept as `latest`. */
  private async read(): Promise<KmDocument> {
    const n = ++this.reads;
    const at = this.changes;
    const doc = await this.deps.snapshot();
    this.latest = doc;
    this.latestAt = at;
    if (this.typed && n > this.typed.after) this.typed = null;
    return doc;
  }

  /**
   * The document as it is now: `latest` when no change was marked since its read started (or the
   * read under way started after the last change), else a new read. The draft and the save share
   * the read made right after the change: one copy of the map per save, not one per step.
   */
  private async current(): Promise<KmDocument> {
    if (this.reading && this.readingAt === this.changes) await this.reading;
    if (this.latest && this.latestAt === this.changes) return this.latest;
    return this.read();
  }

  /** Reads the document into `latest` now; changes made during a read start one more read after it. */
  private refresh(): void {
    if (this.reading) return void (this.readAgain = true);
    this.readingAt = this.changes;
    this.reading = this.read()
      .then(() => {})
      .catch(() => {})
      .finally(() => {
        this.reading = null;
        if (this.readAgain && !this.stopped) {
          this.readAgain = false;
          this.refresh();
        }
      });
  }

  private async writeDraft(): Promise<void> {
    this.draftTimer = null;
    if (this.stopped || this.edits === 0 || !this.canSave()) return;
    const doc = await this.current().catch(() => null);
    if (!doc) return;
    await this.deps.drafts.put(this.deps.key, { document: doc, baseVersion: this.version, savedAt: Date.now() }).catch(() => {});
  }

  /**
   * The page is going away (pagehide, beforeunload, the editor closing): the last document read
   * is kept as the draft synchronously, before any await, so no later failure can lose it.
   * `typed`: the text edit just committed from the open edit field (still on its way to the
   * worker) — kept in the draft, and in every later keepNow until a read includes it.
   */
  keepNow(typed?: TypedText | null): void {
    if (typed) this.typed = { ...typed, after: this.reads };
    if ((this.edits === 0 && !this.typed) || !this.latest || !this.canSave()) return;
    const document = this.typed ? withText(this.latest, this.typed) : this.latest;
    this.deps.drafts.keepNow?.(this.deps.key, { document, baseVersion: this.version, savedAt: Date.now() });
  }

  /** Save now (page hide, explicit save); resolves when the save attempt finished. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await this.running;
    if (this.edits > 0 && this.state !== 'conflict') await this.run();
  }

  /** After the conflict choice: continue from `version` (and save `pending` edits if any). */
  resolve(version: number, dirty: boolean): void {
    this.version = version;
    this.setState('saved');
    this.edits = 0;
    if (dirty) this.markDirty();
  }

  dispose(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.draftTimer) clearTimeout(this.draftTimer);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
  }

  private run(): Promise<void> {
    if (this.running) return this.running.then(() => (this.edits && this.state !== 'conflict' ? this.run() : undefined));
    this.running = this.save().finally(() => (this.running = null));
    return this.running;
  }

  private async save(): Promise<void> {
    if (this.stopped || this.state === 'conflict' || !this.canSave()) return;
    const seen = this.edits;
    let doc: KmDocument;
    try {
      doc = await this.current();
    } catch {
      // The engine is gone (the editor closed): the draft kept by keepNow holds the work.
      return this.keepNow();
    }
    await this.deps.drafts.put(this.deps.key, { document: doc, baseVersion: this.version, savedAt: Date.now() }).catch(() => {});
    this.setState('saving');
    try {
      this.version = await this.deps.save(doc, this.version);
      this.refusal = null;
      this.edits -= seen;
      if (this.edits > 0) {
        this.setState('dirty');
        this.schedule(this.deps.delayMs ?? 1500);
      } else {
        this.setState('saved');
        await this.deps.drafts.delete(this.deps.key).catch(() => {});
      }
    } catch (e) {
      if (e instanceof ApiFailure && e.resultCode === 409) {
        this.setState('conflict');
        this.onConflict(doc);
      } else if (e instanceof ApiFailure) {
        // Refused for a reason that another attempt will not change: the draft keeps the work;
        // the next change tries again (e.g. after applying for the case in another tab).
        this.setState('refused');
        if (this.refusal !== e.message) this.onError(e.message);
        this.refusal = e.message;
      } else {
        // network: the draft holds the work; try again later
        this.setState('offline');
        this.schedule(this.deps.retryMs ?? 5000);
      }
    }
  }

  private setState(s: SaveState): void {
    if (this.state === s) return;
    this.state = s;
    this.onState(s);
  }
}

/** `doc` with node `id`'s text set: the nodes on the way to it are copied, the rest shared. */
export function withText(doc: KmDocument, { id, text }: TypedText): KmDocument {
  const copy = (n: KmNode): KmNode | null => {
    if (n.data.id === id) return { ...n, data: { ...n.data, text } };
    const kids = n.children ?? [];
    for (let i = 0; i < kids.length; i++) {
      const c = copy(kids[i]);
      if (c) return { ...n, children: kids.map((k, j) => (j === i ? c : k)) };
    }
    return null;
  };
  const root = copy(doc.root);
  return root ? { ...doc, root } : doc;
}
