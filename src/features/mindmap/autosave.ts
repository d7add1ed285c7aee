import type { Draft, KmDocument, InsertAt, KeptTitle, TypedText, AppliedSet, ChangeSetsToSend } from '../../mindmap';
import { ApiFailure } from '../../app/ui/use-remote';
import type { AutosaveDeps, SaveState } from './autosave-deps';
import { MemoryCopy, type Unsaved } from './autosave-memory-copy';
import { CatchUp } from './autosave-catch-up';
import { FailureTelling } from './autosave-failure-telling';
import { UnansweredWholeSaves } from './autosave-whole-saves';
import { DraftMaker } from './autosave-draft-maker';
import { sendUnsavedAsPageGoes } from './autosave-as-page-goes';
import { SaveTimer } from './autosave-save-timer';

export type { AutosaveDeps, ChangeSaving, SaveState } from './autosave-deps';

// Debounced autosave: draft to IndexedDB first, then the server, then the draft is dropped — a
// crash at any point loses nothing. A network failure shows 离线 and retries; a refusal (not
// applied, the experience account, too large) shows 未能保存, says the reason once and keeps the
// draft. Every change refreshes an in-memory copy of the unsaved work (autosave-memory-copy.ts),
// kept synchronously as the page goes; other tabs' saves come in between (autosave-catch-up.ts).

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
  private draftTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the next save runs (autosave-save-timer.ts). */
  private readonly saveTimer: SaveTimer;
  private edits = 0;
  private running: Promise<void> | null = null;
  private stopped = false;
  /**
   * The page went with keys still on their way (keepNow's `going`): the copy it kept is the whole
   * of its work, and no later draft or save of this page — made while the keys drain, each knowing
   * only part of them — replaces it or deletes it, until the page is shown again (back).
   */
  private leaving = false;
  /** The unsaved work read after a change, and the titles confirmed since (kept synchronously on page hide). */
  private readonly copy: MemoryCopy;
  /** What other tabs saved, taken in between saves. */
  private readonly catchUps: CatchUp;
  /** Makes and stamps the drafts (autosave-draft-maker.ts). */
  private readonly draftMaker = new DraftMaker();
  /** Says a refusal once, and going offline once a spell (onError, onOffline). */
  private readonly failures = new FailureTelling();
  /** The whole saves sent with no answer heard: a 409 naming one is this work's own save (autosave-whole-saves.ts). */
  private readonly unanswered = new UnansweredWholeSaves();

  constructor(
    private readonly deps: AutosaveDeps,
    version: number,
  ) {
    this.version = version;
    this.saveTimer = new SaveTimer(() => void this.run(), deps.delayMs, deps.maxWaitMs);
    this.copy = new MemoryCopy(
      () => this.readUnsaved(),
      () => this.stopped,
    );
    this.catchUps = new CatchUp({
      changes: deps.changes,
      version: () => this.version,
      moveTo: (v) => void (this.version = v),
      saving: () => this.running !== null,
      mayCatchUp: () => !this.stopped && this.canSave() && this.state !== 'conflict' && this.state !== 'refused',
      notices: (messages) => this.onNotices(messages),
      reload: (pending) => this.onReload(pending),
      markDirty: () => this.markDirty(),
    });
  }

  /** A change was made: save after the debounce (each new change restarts it). */
  markDirty(): void {
    if (this.stopped || !this.canSave()) return;
    this.edits++;
    if (this.state !== 'conflict' && this.state !== 'refused') this.setState(this.state === 'offline' ? 'offline' : 'dirty');
    this.copy.changed();
    this.saveTimer.changed();
    // The draft is written long before the server save, for a tab closed or a browser killed
    // within the debounce: change sets (bytes) as soon as the worker answers — a browser killed
    // 50 ms after a burst lost them while they waited —, a whole map (megabytes) once per 100 ms.
    this.draftTimer ??= setTimeout(() => void this.writeDraft(), this.deps.draftDelayMs ?? (this.keptWhole() ? 100 : 0));
  }

  /** The unsaved work is (or may be) the whole map: never saved, or last read whole. */
  private keptWhole(): boolean {
    return this.version === 0 || !this.deps.changes || !!this.copy.latest?.document;
  }

  private canSave(): boolean {
    return this.deps.canSave?.() ?? true;
  }

  /** A text edit began: the unsaved work is read now (if never read), so a page closed while typing keeps the text. */
  prime(): void {
    if (!this.copy.latest && !this.stopped && this.canSave()) this.copy.refresh();
  }

  /**
   * The work not saved yet: the change sets not acknowledged (saving by change sets), else the
   * whole map (never saved, or replaced by an import or a restore: the next save sends it whole).
   */
  private async readUnsaved(): Promise<Unsaved> {
    const t = this.deps.changes ? await this.deps.changes.take() : null;
    if (t && !t.whole && this.version > 0) return { version: t.version, sets: t.sets, seq: t.seq };
    // never saved: with the sets made on the official map, so that two pages' drafts merge (mergeDrafts)
    const sets = t && !t.whole && t.version === 0 ? { sets: t.sets, seq: t.seq } : {};
    return { version: this.version, document: await this.deps.snapshot(), ...sets };
  }

  private async writeDraft(): Promise<void> {
    this.draftTimer = null;
    if (this.stopped || this.edits === 0 || !this.canSave() || this.leaving) return;
    // (a busy worker answers the read after the change late: meanwhile, the last read with the titles confirmed since)
    const known = !this.copy.fresh && this.draftNow(null);
    if (known) void this.deps.drafts.put(this.deps.key, known).catch(() => {});
    const unsaved = await this.copy.current().catch(() => null);
    const draft = unsaved && !this.leaving && this.draftNow(unsaved);
    if (draft) await this.deps.drafts.put(this.deps.key, draft).catch(() => {});
  }

  /**
   * `unsaved` as a draft stamped now, with the titles confirmed that the worker has not answered:
   * every draft carries them, since the newest draft wins on reopening — one written just after
   * the page kept its copy (a write under way as it went) must not drop them.
   */
  private draftNow(unsaved: Unsaved | null, ahead: readonly KeptTitle[] = this.deps.keysAhead?.() ?? []): Draft | null {
    const kept = this.copy.withTyped(unsaved, ahead);
    return kept && this.draftMaker.make(kept.unsaved, kept.typed, this.version, this.unanswered.list, this.unanswered.exactly(kept.unsaved.document));
  }

  /** A title was confirmed and is on its way to the worker: every keepNow keeps it until a read has it (MemoryCopy.confirm). */
  confirm(typed: TypedText): void {
    this.copy.confirm(typed);
    this.keepTyped();
  }

  /** A title confirmed for a topic the worker has not made yet; the returned call takes the worker's answer (MemoryCopy.confirmInsert). */
  confirmInsert(at: InsertAt, text: string, name?: string): (id: string) => void {
    const answered = this.copy.confirmInsert(at, text, name);
    this.keepTyped();
    return answered;
  }

  /** A confirmed title, or keys queued behind an insert, into the draft now: behind a burst the worker answers tens of ms later. */
  keepTyped(): void {
    if (this.stopped || !this.canSave() || this.leaving || this.keptWhole()) return;
    const known = this.draftNow(this.copy.latest ? null : this.noSetsYet());
    if (known) void this.deps.drafts.put(this.deps.key, known).catch(() => {});
  }

  /**
   * The page is going away (pagehide, beforeunload, the editor closing): the unsaved work last
   * read is kept as the draft synchronously, before any await, so no later failure can lose it,
   * with the titles confirmed since (`confirm`). `typed`: the text edit just committed from the
   * open edit field (still on its way to the worker), confirmed here; `going`: the titles the open
   * field and the keys still queued behind an unanswered insert would make (keys-ahead.ts);
   * `gone`: the page is hidden or the editor closing (not only asked, as by beforeunload).
   */
  keepNow(typed?: TypedText | null, going?: readonly KeptTitle[], gone = false): void {
    if (typed) this.confirm(typed);
    // gone with keys on their way, a copy without them (no `going` worked out) must not replace that one
    if (this.leaving && !going) return;
    const ahead = going ?? [];
    if ((this.edits === 0 && !this.copy.typedCount && !ahead.length) || !this.canSave()) return;
    // (only once the page is really going: a beforeunload may be followed by no unload at all)
    if (ahead.length && gone) this.leaving = true;
    const known = this.noSetsYet();
    // the titles are in none of the sets: the reopening applies them after replaying the sets
    const draft = this.draftNow(known, ahead);
    if (draft) this.deps.drafts.keepNow?.(this.deps.key, draft);
  }

  /**
   * Nothing unsaved but titles not answered (the worker busy): no read is needed to know there are
   * no sets — one started as the field opened may still be on its way; the titles do not wait.
   */
  private noSetsYet(): Unsaved | null {
    return this.edits === 0 && this.deps.changes && this.version > 0 ? { version: this.version, sets: [], seq: 0 } : null;
  }

  /** A draft is being opened: until the opening knows what of it is unsaved (restoredWhole, resolve), 未保存 — never 已保存. */
  restoring(): void {
    if (this.state === 'saved') this.setState('dirty');
  }

  /**
   * A whole-map draft was opened (draft-opening.ts): it is saved whole after the debounce, and
   * `sending` (Draft.sending) are the whole saves of the page that kept it which never answered.
   */
  restoredWhole(sending: readonly string[]): void {
    this.unanswered.adopt(sending);
    this.markDirty();
  }

  /** The page is going (pagehide): its unsaved work goes to the server in a request that outlives it (autosave-as-page-goes.ts). */
  sendAsItGoes(going: readonly KeptTitle[] = []): void {
    if (this.stopped || !this.canSave() || this.state === 'conflict' || this.state === 'refused') return;
    const { deps, copy, unanswered, version, edits } = this;
    sendUnsavedAsPageGoes({ deps, copy, unanswered, version, edits, keepAgain: (g) => this.keepNow(null, g, true) }, going);
  }

  /** The page is shown again after it went (kept in the back/forward cache): it saves as before. */
  back(): void {
    if (!this.leaving) return;
    this.leaving = false;
    this.markDirty();
  }

  /** Save now (page hide, explicit save); resolves when the save attempt finished. */
  async flush(): Promise<void> {
    this.saveTimer.stop();
    if (this.running) await this.running;
    if (this.edits > 0 && this.state !== 'conflict') await this.run();
  }

  /**
   * 重试 / Ctrl+S (issue 31.7): save now whatever the state (a refusal or being offline waits for
   * no further edit); a refusal that comes again is said again, as the student asked.
   */
  retry(): Promise<void> {
    this.failures.askedAgain();
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
    // Read at once (a few bytes saving by change sets; a map never saved, the official one), so a
    // page closed right after its first edit (before that edit's own read answers, on a loaded
    // device) keeps at least what it knew, with the titles confirmed since, instead of nothing.
    else if (this.deps.changes && !this.stopped && this.canSave()) this.copy.refresh();
  }

  dispose(): void {
    this.stopped = true;
    this.saveTimer.stop();
    if (this.draftTimer) clearTimeout(this.draftTimer);
  }

  private run(): Promise<void> {
    if (this.running) return this.running.then(() => (this.edits && this.state !== 'conflict' ? this.run() : undefined));
    this.running = this.save().finally(() => {
      this.running = null;
      this.catchUps.catchHeard();
    });
    return this.running;
  }

  private async save(): Promise<void> {
    // after a catch-up under way (CatchUp.settled): a save from the version it is moving away from was taken for a conflict
    await this.catchUps.settled();
    if (this.stopped || this.leaving || this.state === 'conflict' || !this.canSave()) return;
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
    let read: Unsaved & { document: KmDocument };
    try {
      const u = await this.copy.current();
      read = u.document ? u : { version: this.version, document: await this.deps.snapshot() };
    } catch {
      // The engine is gone (the editor closed): the draft kept by keepNow holds the work.
      return this.keepNow();
    }
    // (the page may have gone while the map was read)
    if (this.leaving) return;
    // named before the draft is written: a page gone while it is on its way keeps its name (Draft.sending)
    const doc = read.document;
    const saveId = this.unanswered.name(doc);
    const draft = this.draftNow(read); // (with the sets made on the official map, as read: DraftMaker)
    if (draft) await this.deps.drafts.put(this.deps.key, draft).catch(() => {});
    this.setState('saving');
    try {
      this.version = await this.deps.save(doc, this.version, saveId);
      this.unanswered.stored();
      // The sets up to the one read with the document are in it; later edits go as change sets —
      // and the whole map last read is no longer the unsaved work: read again (as those sets), so
      // a page that goes now keeps and sends them, not the whole map over what it just saved.
      if (this.deps.changes) {
        await this.deps.changes.wholeSaved(this.version, sent?.seq ?? 0).catch(() => {});
        this.copy.changed();
      }
      this.failures.saved();
      await this.settle(seen);
    } catch (e) {
      const stored = this.unanswered.failed(saveId, e);
      if (stored !== undefined) {
        // The map stored now is a whole save of this work whose answer never came (the page that
        // sent it went, or the network dropped it): no other page saved; the map is sent whole
        // again on top of it, with what was edited since.
        this.version = stored;
        this.markDirty();
      } else if (e instanceof ApiFailure && e.resultCode === 409 && this.version === 0 && sent && !sent.whole) {
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
    if (this.leaving) return;
    const draft = this.draftNow({ version: sent.version, sets: sent.sets, seq: sent.seq });
    if (draft) await this.deps.drafts.put(this.deps.key, draft).catch(() => {});
    this.setState('saving');
    try {
      const reply = await changes.send(sent.version, sent.sets);
      const here = await changes.receive(reply.sets);
      this.version = here.version;
      const notices = [...new Set([...(reply.notices ?? []), ...here.notices])];
      if (notices.length) this.onNotices(notices);
      this.failures.saved();
      await this.saved(seen);
      if (here.madeHere) this.markDirty();
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
      this.saveTimer.changed();
    } else {
      this.setState('saved');
      // (a page gone with keys on their way: its kept copy still holds them)
      if (!this.leaving) await this.deps.drafts.delete(this.deps.key).catch(() => {});
    }
  }

  private failed(e: unknown): void {
    // Refused for a reason that another attempt will not change: the draft keeps the work; the
    // next change tries again (e.g. after applying for the case in another tab). A network
    // failure: the draft holds the work, tried again later.
    if (e instanceof ApiFailure) {
      this.setState('refused');
      this.failures.refused(e.message, (m) => this.onError(m));
    } else {
      this.setState('offline');
      this.failures.offline(() => this.onOffline());
      this.saveTimer.in(this.deps.retryMs ?? 5000);
    }
  }

  /** Another tab or device saved: its sets come in while nothing is being saved here (autosave-catch-up.ts). */
  catchUp(known?: readonly AppliedSet[]): Promise<void> {
    return this.catchUps.request(known);
  }

  private setState(s: SaveState): void {
    if (this.state === s) return;
    this.state = s;
    this.onState(s);
  }
}
