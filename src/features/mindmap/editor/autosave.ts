import type { KmDocument } from '../../../engine/model/types';
import { ApiFailure } from '../../../app/ui/use-remote';
import type { DraftStore } from './draft-store';

// Debounced autosave with an optimistic version check (saveStuMind answers 409 when another
// page saved first). Order per save: draft to IndexedDB first, then the server, then the draft
// is dropped — so a crash at any point loses nothing. A 409 stops saving until the user picks
// a side in the conflict dialog; a network failure shows 离线 and retries.

export type SaveState = 'saved' | 'saving' | 'dirty' | 'offline' | 'conflict';

export const SAVE_LABEL: Record<SaveState, string> = { saved: '已保存', saving: '保存中…', dirty: '未保存', offline: '离线', conflict: '版本冲突' };

export interface AutosaveDeps {
  snapshot(): Promise<KmDocument>;
  save(doc: KmDocument, version: number): Promise<number>;
  drafts: DraftStore;
  key: string;
  delayMs?: number;
  draftDelayMs?: number;
  retryMs?: number;
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

  constructor(
    private readonly deps: AutosaveDeps,
    version: number,
  ) {
    this.version = version;
  }

  /** A change was made: save after the debounce (each new change restarts it). */
  markDirty(): void {
    if (this.stopped) return;
    this.edits++;
    if (this.state !== 'conflict') this.setState(this.state === 'offline' ? 'offline' : 'dirty');
    this.schedule(this.deps.delayMs ?? 1500);
    // The draft is written soon after every change, long before the server save: a tab
    // closed within the debounce still leaves its work behind.
    if (this.draftTimer) clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => void this.writeDraft(), this.deps.draftDelayMs ?? 200);
  }

  private async writeDraft(): Promise<void> {
    this.draftTimer = null;
    if (this.stopped || this.edits === 0) return;
    const doc = await this.deps.snapshot();
    await this.deps.drafts.put(this.deps.key, { document: doc, baseVersion: this.version, savedAt: Date.now() }).catch(() => {});
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
    if (this.stopped || this.state === 'conflict') return;
    const seen = this.edits;
    const doc = await this.deps.snapshot();
    await this.deps.drafts.put(this.deps.key, { document: doc, baseVersion: this.version, savedAt: Date.now() }).catch(() => {});
    this.setState('saving');
    try {
      this.version = await this.deps.save(doc, this.version);
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
        this.setState('dirty');
        this.onError(e.message);
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
