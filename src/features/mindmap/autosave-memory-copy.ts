import { type ChangeSet, type KmDocument, hasNode, withInsert, withText, type InsertAt, type KeptTitle, type TypedText } from '../../mindmap';

// The autosaver's in-memory copy of the unsaved work (autosave.ts): every change starts a read of
// it from the worker, so that a page going away can keep it as its draft synchronously, with the
// titles confirmed since that the worker has not answered yet. Saving by change sets, the work is
// the change sets not yet acknowledged on top of a server version — a few hundred bytes an edit;
// only a map that must be saved whole (never saved, just imported) is read as the whole document.
// (Read whole after every change, a 40k-topic map was ~3.4 MB cloned onto the main thread per
// edit, and a draft too large for the synchronous copy on page hide.)

/** The unsaved work as last read: change sets on top of `version`, or the whole `document`. */
export type Unsaved =
  | { version: number; sets: ChangeSet[]; seq: number; document?: never }
  /** (never saved: with the sets made on the official map, version 0) */
  | { version: number; document: KmDocument; sets?: ChangeSet[]; seq?: number };

/** A title confirmed that the last read may lack, and how to put it into a document. */
interface TypedTitle {
  id: string;
  apply(doc: KmDocument): KmDocument;
  /** Reads started before it was confirmed; a read numbered above this includes it. */
  after: number;
  kept: KeptTitle;
}

export class MemoryCopy {
  /** The unsaved work last read after a change (kept synchronously on page hide). */
  latest: Unsaved | null = null;
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
  private typed: TypedTitle[] = [];

  constructor(
    private readonly snapshot: () => Promise<Unsaved>,
    /** The saver was disposed: a read that ends starts no other. */
    private readonly stopped: () => boolean,
  ) {}

  /** A change was made: the copy is read again. */
  changed(): void {
    this.changes++;
    this.refresh();
  }

  /** The last read started after the last change (no change is waiting for a read). */
  get fresh(): boolean {
    return !!this.latest && this.latestAt === this.changes;
  }

  /** Titles confirmed that the last read may lack. */
  get typedCount(): number {
    return this.typed.length;
  }

  /** One read of the unsaved work from the worker, kept as `latest`. */
  private async read(): Promise<Unsaved> {
    const n = ++this.reads;
    const at = this.changes;
    const doc = await this.snapshot();
    this.latest = doc;
    this.latestAt = at;
    this.typed = this.typed.filter((t) => n <= t.after);
    return doc;
  }

  /**
   * The unsaved work as it is now: `latest` when no change was marked since its read started (or
   * the read under way started after the last change), else a new read. The draft and the save
   * share the read made right after the change: one read per save, not one per step.
   */
  async current(): Promise<Unsaved> {
    if (this.reading && this.readingAt === this.changes) await this.reading;
    if (this.latest && this.latestAt === this.changes) return this.latest;
    return this.read();
  }

  /** Reads the document into `latest` now; changes made during a read start one more read after it. */
  refresh(): void {
    if (this.reading) return void (this.readAgain = true);
    this.readingAt = this.changes;
    this.reading = this.read()
      .then(() => {})
      .catch(() => {})
      .finally(() => {
        this.reading = null;
        if (this.readAgain && !this.stopped()) {
          this.readAgain = false;
          this.refresh();
        }
      });
  }

  /**
   * A title was confirmed and is on its way to the worker: from now on every keepNow keeps it,
   * until a read of the document (started after this call, so answered after the edit) has it.
   */
  confirm(typed: TypedText): void {
    const { id, text } = typed;
    // A topic this page inserted may be missing from the last read too: kept with where it was
    // made (the field opened for the insert, or the insert's own entry below, replaced here).
    const at = typed.at ?? this.typed.find((t) => t.id === id)?.kept.at;
    this.add(at ? { id, at, text } : { id, text }, this.reads);
  }

  private add(kept: KeptTitle, after: number): void {
    this.typed = [...this.typed.filter((t) => !kept.id || t.id !== kept.id), entryOf(kept, after)];
  }

  /**
   * A title confirmed for a topic the worker has not made yet: every keepNow keeps the topic with
   * it (`at`) until the worker answered the insert (the returned call, with the topic's id) and a
   * read after that has it; from the answer on, a document read that has the topic only gets the
   * title (a read begun as the answer came). A refused insert ('') takes it out at once.
   */
  confirmInsert(at: InsertAt, text: string, name?: string): (id: string) => void {
    // (the name is the id the topic is made with: a read that has it already only gets the title)
    const entry = entryOf(name ? { id: name, at, text } : { at, text }, Infinity);
    this.typed = [...this.typed.filter((t) => !name || t.id !== name), entry];
    return (id) => {
      if (!id) return void (this.typed = this.typed.filter((t) => t !== entry));
      entry.id = id;
      entry.after = this.reads;
      entry.kept = { id, at, text };
      entry.apply = (d) => (hasNode(d.root, id) ? withText(d, { id, text }) : withInsert(d, at, text, id));
    };
  }

  /**
   * The titles confirmed since the last read on topics the worker has made (with `ahead`, later
   * ones of the same topic winning): what a rename can carry to the server without the worker. A
   * topic whose insert the worker has not answered has no id yet: it stays in the draft only.
   */
  namedTitles(ahead: readonly KeptTitle[] = []): { id: string; text: string }[] {
    const byId = new Map<string, string>();
    for (const k of [...this.typed.map((t) => t.kept), ...ahead]) if (k.id) byId.set(k.id, k.text);
    return [...byId].map(([id, text]) => ({ id, text }));
  }

  /**
   * The work last read (or `known` without a read) with the titles confirmed since (null: neither),
   * and those titles as kept in a draft: laid over a whole document, beside change sets (replayed
   * after them).
   */
  withTyped(known: Unsaved | null = null, ahead: readonly KeptTitle[] = []): { unsaved: Unsaved; typed: KeptTitle[] } | null {
    const u = known ?? this.latest;
    if (!u) return null;
    // `ahead` only in this copy (the page is going, or may come back and type on)
    const later = new Set(ahead.map((k) => k.id).filter(Boolean));
    const all = [...this.typed.filter((t) => !later.has(t.id)), ...ahead.map((k) => entryOf(k, Infinity))];
    const typed = all.map((t) => t.kept);
    return { unsaved: u.document ? { ...u, document: all.reduce((d, t) => t.apply(d), u.document) } : u, typed };
  }
}

/** A kept title and how to put it into a document: its topic renamed, or made where it was (with its id, which later titles may be placed next to). */
function entryOf(kept: KeptTitle, after: number): TypedTitle {
  const { id, at, text } = kept;
  const apply = (d: KmDocument) => (at && !(id && hasNode(d.root, id)) ? withInsert(d, at, text, id) : id ? withText(d, { id, text }) : d);
  return { id: id ?? '', apply, after, kept };
}
