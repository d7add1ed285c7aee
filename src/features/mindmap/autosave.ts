import {
  type KmDocument,
  hasNode,
  withInsert,
  withText,
  type InsertAt,
  type KeptTitle,
  type TypedText,
  type AppliedSet,
  type ChangeSet,
  type ChangeSetsToSend,
} from '../../mindmap';
import { ApiFailure } from '../../app/ui/use-remote';
import type { AutosaveDeps, SaveState } from './autosave-deps';

export type { AutosaveDeps, ChangeSaving, SaveState } from './autosave-deps';

// Debounced autosave with an optimistic version check (saveStuMind answers 409 when another
// page saved first). Order per save: draft to IndexedDB first, then the server, then the draft
// is dropped — so a crash at any point loses nothing. A 409 stops saving until the user picks
// a side in the conflict dialog; a network failure shows 离线 and retries; any other refusal
// (not applied 403, the experience account 403, too large 400) shows 未能保存, says the server's
// reason once (not once per save) and keeps the draft. Every change also refreshes an in-memory
// copy of the document, which keepNow writes synchronously when the page goes away.

export class Autosaver {
  state: SaveState = 'saved';
  version: number;
  onState: (s: SaveState) => void = () => {};
  onConflict: (mine: KmDocument) => void = () => {};
  onError: (message: string) => void = () => {};
  /** Per-topic merge notices (a change to a topic another tab deleted), Chinese. */
  onNotices: (messages: string[]) => void = () => {};
  /** The server holds a whole save newer than our version (409 of saveChanges): open it and replay the unsaved sets. */
  onReload: (pending: ChangeSetsToSend) => Promise<number> = async () => this.version;
  /**
   * A save failed for the network (not a refusal): said once per spell offline, not per retry —
   * the draft holds the work, saved when the network is back (autosave-deps OFFLINE_SAID).
   */
  onOffline: () => void = () => {};
  /** A save went through as `version` (other tabs of the map are told). */
  onSaved: (version: number) => void = () => {};
  private timer: ReturnType<typeof setTimeout> | null = null;
  private draftTimer: ReturnType<typeof setTimeout> | null = null;
  private edits = 0;
  private running: Promise<void> | null = null;
  /** A catch-up under way (catchUp). */
  private catching: Promise<void> | null = null;
  /** News heard while busy: the sets the frames brought, null to ask the server, undefined none. */
  private heard: AppliedSet[] | null | undefined = undefined;
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
  /**
   * Titles confirmed (Enter, leaving the field, the page going away) that `latest` may lack: the
   * worker has not answered yet. Kept over `latest` until a read started after them includes them.
   */
  private typed: Array<{ id: string; apply(doc: KmDocument): KmDocument; after: number; kept: KeptTitle }> = [];
  private lastStamp = 0;
  /**
   * A draft's savedAt, later than every one this page wrote before (two in the same millisecond
   * were a tie, and a tie let the older IndexedDB draft win over the copy kept as the page went).
   */
  private stamp(): number {
    return (this.lastStamp = Math.max(Date.now(), this.lastStamp + 1));
  }
  /** The refusal last told to the student; the same one is not repeated until a save succeeds. */
  private refusal: string | null = null;
  /** Going offline was told (onOffline); told again only after a save went through. */
  private offlineTold = false;

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
    this.typed = this.typed.filter((t) => n <= t.after);
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
    const t = this.deps.changes && this.version > 0 ? await this.deps.changes.take().catch(() => null) : null;
    if (t && !t.whole) this.lastSets = { sets: t.sets, seq: t.seq, version: t.version };
    const sets = t && !t.whole ? { sets: t.sets, seq: t.seq } : {};
    await this.deps.drafts
      .put(this.deps.key, { document: doc, baseVersion: t && !t.whole ? t.version : this.version, ...sets, savedAt: this.stamp() })
      .catch(() => {});
  }

  /** The unacknowledged sets last read (kept with the synchronous draft on page hide). */
  private lastSets: { sets: ChangeSet[]; seq: number; version: number } | null = null;

  /**
   * A title was confirmed and is on its way to the worker: from now on every keepNow keeps it,
   * until a read of the document (started after this call, so answered after the edit) has it.
   */
  confirm(typed: TypedText): void {
    const kept = { id: typed.id, text: typed.text };
    this.typed = [...this.typed.filter((t) => t.id !== typed.id), { id: typed.id, apply: (d) => withText(d, typed), after: this.reads, kept }];
  }

  /**
   * A title confirmed for a topic the worker has not made yet: every keepNow keeps the topic with
   * it (`at`) until the worker answered the insert (the returned call, with the topic's id) and a
   * read after that has it; from the answer on, a document read that has the topic only gets the
   * title (a read begun as the answer came). A refused insert ('') takes it out at once.
   */
  confirmInsert(at: InsertAt, text: string): (id: string) => void {
    const entry = { id: '', apply: (d: KmDocument) => withInsert(d, at, text), after: Infinity, kept: { at, text } as KeptTitle };
    this.typed = [...this.typed, entry];
    return (id) => {
      if (!id) return void (this.typed = this.typed.filter((t) => t !== entry));
      entry.after = this.reads;
      entry.kept = { id, at, text };
      entry.apply = (d) => (hasNode(d.root, id) ? withText(d, { id, text }) : withInsert(d, at, text));
    };
  }

  /**
   * The page is going away (pagehide, beforeunload, the editor closing): the last document read
   * is kept as the draft synchronously, before any await, so no later failure can lose it, with
   * the titles confirmed since (`confirm`). `typed`: the text edit just committed from the open
   * edit field (still on its way to the worker), confirmed here.
   */
  keepNow(typed?: TypedText | null): void {
    if (typed) this.confirm(typed);
    if ((this.edits === 0 && !this.typed.length) || !this.latest || !this.canSave()) return;
    const document = this.typed.reduce((d, t) => t.apply(d), this.latest);
    const sets = this.lastSets && this.lastSets.version === this.version ? { sets: this.lastSets.sets, seq: this.lastSets.seq } : {};
    // the titles are in `document` but in none of the sets: a reopening that replays the sets on
    // a newer map (the closing page's last save arrived) applies them after
    const kept = this.typed.length ? { typed: this.typed.map((t) => t.kept) } : {};
    this.deps.drafts.keepNow?.(this.deps.key, { document, baseVersion: this.version, ...sets, ...kept, savedAt: this.stamp() });
  }

  /** Save now (page hide, explicit save); resolves when the save attempt finished. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await this.running;
    if (this.edits > 0 && this.state !== 'conflict') await this.run();
  }

  /**
   * 重试 / Ctrl+S (issue 31.7): save now whatever the state (a refusal or being offline waits for
   * no further edit); a refusal that comes again is said again, as the student asked.
   */
  retry(): Promise<void> {
    this.refusal = null;
    return this.flush();
  }

  /** Resolves once no save is running; starts none. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
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
    this.running = this.save().finally(() => {
      this.running = null;
      this.catchHeard();
    });
    return this.running;
  }

  private async save(): Promise<void> {
    if (this.stopped || this.state === 'conflict' || !this.canSave()) return;
    const seen = this.edits;
    let sent: ChangeSetsToSend | null = null;
    if (this.deps.changes) {
      try {
        sent = await this.deps.changes.take();
      } catch {
        return this.keepNow();
      }
      // A map not yet saved by the student (version 0) is saved whole the first time.
      if (this.version > 0 && !sent.whole) return this.saveChanges(seen, sent);
    }
    let doc: KmDocument;
    try {
      doc = await this.current();
    } catch {
      // The engine is gone (the editor closed): the draft kept by keepNow holds the work.
      return this.keepNow();
    }
    await this.deps.drafts.put(this.deps.key, { document: doc, baseVersion: this.version, savedAt: this.stamp() }).catch(() => {});
    this.setState('saving');
    try {
      this.version = await this.deps.save(doc, this.version);
      // The sets up to the one read with the document are in it; later edits go as change sets.
      if (this.deps.changes) await this.deps.changes.wholeSaved(this.version, sent?.seq ?? 0).catch(() => {});
      this.refusal = null;
      this.offlineTold = false;
      await this.settle(seen);
    } catch (e) {
      if (e instanceof ApiFailure && e.resultCode === 409 && this.version === 0 && sent && !sent.whole) {
        // Another tab saved the map first: its map, with this page's edits replayed on it.
        this.version = await this.onReload(sent);
        this.markDirty();
      } else if (e instanceof ApiFailure && e.resultCode === 409) {
        this.setState('conflict');
        this.onConflict(doc);
      } else this.failed(e);
    }
  }

  /** A save by change sets: the sets go, the answer rebases this tab on every set since its version. */
  private async saveChanges(seen: number, sent: ChangeSetsToSend): Promise<void> {
    const changes = this.deps.changes!;
    if (!sent.sets.length) return this.saved(seen);
    const doc = await this.current().catch(() => null);
    this.lastSets = { sets: sent.sets, seq: sent.seq, version: sent.version };
    if (doc)
      await this.deps.drafts
        .put(this.deps.key, { document: doc, baseVersion: sent.version, sets: sent.sets, seq: sent.seq, savedAt: this.stamp() })
        .catch(() => {});
    this.setState('saving');
    try {
      const reply = await changes.send(sent.version, sent.sets);
      const here = await changes.receive(reply.sets);
      this.version = here.version;
      const notices = [...new Set([...(reply.notices ?? []), ...here.notices])];
      if (notices.length) this.onNotices(notices);
      this.refusal = null;
      this.offlineTold = false;
      await this.saved(seen);
    } catch (e) {
      if (e instanceof ApiFailure && e.resultCode === 409) {
        // Saved whole elsewhere since our version (an import, a restore): open that map and
        // replay what this tab has not saved on it; then save again.
        this.version = await this.onReload(sent);
        this.markDirty();
      } else this.failed(e);
    }
  }

  /** A save went through: `seen` edits are on the server; later ones are saved after the debounce. */
  private async saved(seen: number): Promise<void> {
    this.onSaved(this.version);
    await this.settle(seen);
  }

  /** `seen` edits are stored: saved, or dirty again with the later ones scheduled. */
  private async settle(seen: number): Promise<void> {
    this.edits -= seen;
    if (this.edits > 0) {
      this.setState('dirty');
      this.schedule(this.deps.delayMs ?? 1500);
    } else {
      this.setState('saved');
      await this.deps.drafts.delete(this.deps.key).catch(() => {});
    }
  }

  private failed(e: unknown): void {
    // Refused for a reason that another attempt will not change: the draft keeps the work; the
    // next change tries again (e.g. after applying for the case in another tab). A network
    // failure: the draft holds the work, tried again later.
    if (e instanceof ApiFailure) {
      this.setState('refused');
      if (this.refusal !== e.message) this.onError(e.message);
      this.refusal = e.message;
    } else {
      this.setState('offline');
      if (!this.offlineTold) this.onOffline();
      this.offlineTold = true;
      this.schedule(this.deps.retryMs ?? 5000);
    }
  }

  /**
   * Another tab or device saved (told by a broadcast, or the periodic check): its sets come in
   * while nothing is being saved here. Edits made meanwhile are rebased on them like after a save.
   */
  catchUp(known?: readonly AppliedSet[]): Promise<void> {
    // One at a time: news heard while a catch-up or a save is under way is caught up after it
    // (two at once both asked from the same version, and the later one, finding the version moved
    // by the first, dropped a set it alone had: the page stayed behind until its next edit).
    if (this.catching || this.running) {
      this.heard = known && this.heard !== null ? [...(this.heard ?? []), ...known] : null;
      return this.catching ?? Promise.resolve();
    }
    this.catching = this.catchUpOnce(known).finally(() => {
      this.catching = null;
      this.catchHeard();
    });
    return this.catching;
  }

  /** The news heard while busy, caught up now (from the frames' sets when they follow on, else asked). */
  private catchHeard(): void {
    if (this.heard === undefined || this.catching || this.running) return;
    const heard = this.heard;
    this.heard = undefined;
    void this.catchUp(heard ?? undefined);
  }

  private async catchUpOnce(known?: readonly AppliedSet[]): Promise<void> {
    const changes = this.deps.changes;
    if (!changes || this.stopped || this.running || this.version === 0 || !this.canSave()) return;
    if (this.state === 'conflict' || this.state === 'refused') return;
    const at = this.version;
    try {
      // The sets a live frame brought, when they follow on from this version: applied as they
      // are, without asking the server again (a round trip less between a save and its paint).
      const fresh = known?.filter((s) => s.version > at);
      if (fresh && !fresh.length) return;
      const got = fresh && follows(fresh, at) ? { sets: fresh } : await changes.fetch(at);
      if (this.running || this.version !== at || !got.sets.length) return;
      const here = await changes.receive(got.sets);
      this.version = here.version;
      if (here.notices.length) this.onNotices(here.notices);
    } catch (e) {
      if (e instanceof ApiFailure && e.resultCode === 409 && !this.running && this.version === at) {
        const pending = await changes.take().catch(() => null);
        if (pending) {
          this.version = await this.onReload(pending);
          if (pending.sets.length) this.markDirty();
        }
      }
      // offline: the next check tries again
    }
  }

  private setState(s: SaveState): void {
    if (this.state === s) return;
    this.state = s;
    this.onState(s);
  }
}

/** Whether `sets` are the versions right after `at`, each once, in order (else the page asks for them). */
function follows(sets: readonly AppliedSet[], at: number): boolean {
  return sets.every((s, i) => s.version === at + 1 + i);
}
