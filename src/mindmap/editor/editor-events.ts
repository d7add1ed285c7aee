import type { ImportNotice } from '../engine/protocols/formats';
import type { InsertAt, TypedText } from './editor-state';
import type { KeptTitle } from './kept-titles';

/**
 * What the editor tells the page, one typed event each. Several listeners may listen to one event
 * (the view says an announcement in its live region while a test records it); each `on` answers
 * the function that stops that listener, for an effect's cleanup.
 */
export interface EditorEvents {
  /** A user change of the document was made (autosave marks itself dirty). */
  change: () => void;
  /** An engine error (depth limit, bad import) for the student, always in Chinese (userMessage). */
  error: (message: string) => void;
  /** A sentence for the editor's live region: an edit's announcement (announce.ts), a tool's hint. */
  announce: (message: string) => void;
  /** An import was undone (true) or redone (false): its notice ("可按 Ctrl+Z 撤销") is out of date. */
  importStep: (undone: boolean, what: string) => void;
  /**
   * What opening the map could not keep (relationship lines or summaries pointing at topics the
   * file does not have, written by older versions): repaired, and said rather than dropped unseen.
   */
  openNotices: (notices: ImportNotice[]) => void;
  /** A text edit began in the edit field (autosave reads the document, to keep the text if the page goes). */
  textEditOpen: () => void;
  /** The open text edit is to close without being committed (its page may no longer save it). */
  textEditDiscard: () => void;
  /**
   * A title was confirmed (Enter, leaving the field), before the worker has it: autosave keeps it
   * in the copy left behind when the page goes, whenever that is.
   */
  textConfirmed: (t: TypedText) => void;
  /**
   * A title confirmed for a topic still being inserted: kept likewise, the topic with it (`name`:
   * what the topic is kept by until the worker answers). A listener may answer what to call when
   * the worker answered the insert (the new topic's id, '' when refused).
   */
  insertConfirmed: (at: InsertAt, text: string, name?: string) => ((id: string) => void) | void;
  /**
   * The page is going away: listeners answer the titles that what is still on its way (the open
   * field, keys queued behind an unanswered insert) would make, for the copy it leaves behind.
   */
  leaving: () => KeptTitle[];
  /**
   * A key was queued behind one the worker has not answered: autosave keeps what the keys ahead
   * would make (`leaving`'s answers) in the draft now — a browser killed before they drain.
   */
  keysQueued: () => void;
  /**
   * Asked before topics are marked 已学 (`on`) or unmarked: a listener may answer a refusal to show
   * (我的学习导图: the server decides and records it for the official map's topics); nothing
   * changes then.
   */
  markingLearnt: (ids: readonly string[], on: boolean) => Promise<string | null> | void;
  /**
   * Asked before 标记正在学 puts the mark on `nodeId` (`on`) or takes it off (a member's page on a
   * classmate's map: the server keeps the member's own mark): a refusal to show, or null.
   */
  markingNow: (nodeId: string, on: boolean) => Promise<string | null> | void;
  /**
   * Awaited before an import or a restore replaces the whole document: 我的学习导图 keeps the saved
   * map as a version first, so what was there is never folded into what replaces it. A failure
   * (offline, the experience account) never stops the replacement.
   */
  replacing: () => Promise<void> | void;
  /** The map's keyboard target is to take the focus (a restore from a panel, a dialog closed). */
  focusMap: () => void;
}

/** The first refusal the listeners of an asking event answered (null: none refused), all awaited. */
export async function firstRefusal(answers: ReadonlyArray<Promise<string | null> | void>): Promise<string | null> {
  for (const a of await Promise.all(answers)) if (a) return a;
  return null;
}

type Listener = (...args: never[]) => unknown;

/** A small typed event emitter (the one the editor's parts share; no DOM events, no strings outside `E`). */
export class Emitter<E extends { [K in keyof E]: Listener }> {
  private readonly listeners = new Map<keyof E, Set<E[keyof E]>>();

  on<K extends keyof E>(type: K, listener: E[K]): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  /** Calls every listener of `type` in the order they came, and answers what each returned. */
  emit<K extends keyof E>(type: K, ...args: Parameters<E[K]>): ReturnType<E[K]>[] {
    const set = this.listeners.get(type);
    if (!set?.size) return [];
    return [...set].map((f) => (f as (...a: Parameters<E[K]>) => ReturnType<E[K]>)(...args));
  }

  /** How many listen to `type` (an event nobody listens to may have a default). */
  count(type: keyof E): number {
    return this.listeners.get(type)?.size ?? 0;
  }
}
