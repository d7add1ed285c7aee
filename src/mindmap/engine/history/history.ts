import { invertChanges, type Change } from '../model/change';
import type { MindDoc } from '../model/doc';
import { applyLenient } from '../model/change-set';

/**
 * How a change list enters history. 'record': an undo step (a new one clears redo). 'view':
 * expand/collapse/expand-to-level — applied and saved with the map, but not an undo step and
 * never clearing redo (STYLE 13: view changes are not edits). Selection and camera never reach
 * the engine at all.
 */
export type HistoryMode = 'record' | 'view';

interface Entry {
  changes: Change[];
  mergeKey?: string;
  /**
   * A whole-document swap (an import): the document on the other side of the step, the one
   * before it while the entry is on the undo stack, the one after it on the redo stack. Held by
   * reference, never copied; the steps below it on the stack are diffs of that document.
   */
  doc?: MindDoc;
}

/**
 * What an undo or redo did: diffs applied to the document (and, in Chinese, what of the step could
 * not apply any more because another tab or member changed the map since), or the document to switch to.
 */
export type Step = { applied: Change[]; skipped: string[] } | { swapTo: MindDoc };

/**
 * Whole documents kept for undoing imports: each one of a 50k-node map holds its node records,
 * so only the last few imports can be undone (and the steps before them with them).
 */
export const MAX_SWAPS = 5;

/**
 * Undo/redo by inverting recorded diffs (no snapshots, no whole-tree JSON diff as kityminder did).
 * Grouping: one command is one step whatever it does (a drag is ONE moveNode on release, a paste
 * of many nodes or an applied outline one recording); a mergeKey (e.g. a colour picker's drag)
 * folds repeated calls into the previous step while nothing else happened in between. View changes ('view' mode) pass by without touching either stack: the
 * recorded diffs are absolute (set before/after, add/remove by id), so later undo/redo replays
 * stay valid around them. Selection, camera and loading never reach this class.
 */
export class History {
  private undoStack: Entry[] = [];
  private redoStack: Entry[] = [];
  private sealed = true;

  constructor(readonly limit = 500) {}

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  get undoDepth(): number {
    return this.undoStack.length;
  }

  /** Prevents the next mergeKey'd record from folding into the last step (e.g. after a pause). */
  seal(): void {
    this.sealed = true;
  }

  record(changes: Change[], mergeKey?: string, mode: HistoryMode = 'record'): void {
    if (!changes.length || mode === 'view') return;
    const last = this.undoStack[this.undoStack.length - 1];
    if (mergeKey && !this.sealed && last && last.mergeKey === mergeKey && !this.redoStack.length) {
      last.changes.push(...changes);
      return;
    }
    this.push({ changes, mergeKey });
    this.sealed = !mergeKey;
  }

  /** The document was replaced (an import): one undo step back to `previous`. */
  recordSwap(previous: MindDoc): void {
    this.push({ changes: [], doc: previous });
    // Beyond MAX_SWAPS, forget the oldest import and every step before it (they edit its document).
    const swaps = this.undoStack.filter((e) => e.doc).length;
    if (swaps > MAX_SWAPS) this.undoStack.splice(0, this.undoStack.findIndex((e) => e.doc) + 1);
  }

  private push(e: Entry): void {
    this.undoStack.push(e);
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack = [];
    this.sealed = true;
  }

  /**
   * Returns the changes applied to `doc` (the current document), for relayout and render
   * patches, or for an import the document to switch back to.
   */
  undo(doc: MindDoc): Step | null {
    const e = this.undoStack.pop();
    if (!e) return null;
    if (e.doc) return this.swap(e, doc, this.redoStack);
    const step = replay(doc, invertChanges(e.changes), true);
    this.keep(this.redoStack, e, step, true);
    return step;
  }

  redo(doc: MindDoc): Step | null {
    const e = this.redoStack.pop();
    if (!e) return null;
    if (e.doc) return this.swap(e, doc, this.undoStack);
    const step = replay(doc, e.changes);
    this.keep(this.undoStack, e, step, false);
    return step;
  }

  /**
   * After an undo or redo, what of the step there is to take the other way: all of it when it
   * applied whole; only what applied when a part was skipped (its topic deleted elsewhere); nothing
   * when none of it applied — a step that was skipped (or was already so) leaves nothing to redo,
   * instead of a 重做 that can only answer 这一步无法重做.
   */
  private keep(to: Entry[], e: Entry, step: { applied: Change[]; skipped: string[] }, undone: boolean): void {
    this.sealed = true;
    if (!step.applied.length) return;
    // (`applied` is in the direction just taken: an undo's inverse changes, turned back for the redo)
    to.push(step.skipped.length ? { changes: undone ? invertChanges(step.applied) : step.applied, mergeKey: e.mergeKey } : e);
  }

  /** Undo or redo of an import: the entry now holds the document being left, for the way back. */
  private swap(e: Entry, current: MindDoc, to: Entry[]): Step {
    const swapTo = e.doc!;
    e.doc = current;
    to.push(e);
    this.sealed = true;
    return { swapTo };
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
  }
}

/**
 * Applies a step and answers what it did. Leniently: with change sets from another tab merged in
 * since the step was made, a part of it may no longer apply (its topic was deleted there) — that
 * part is skipped, the rest is undone or redone (model/change-set.ts has the rules).
 */
function replay(doc: MindDoc, changes: readonly Change[], undo = false): { applied: Change[]; skipped: string[] } {
  const saved = doc.recorder;
  doc.recorder = null;
  try {
    const { applied, notices } = applyLenient(doc, changes, { undo, history: true });
    return { applied, skipped: notices };
  } finally {
    doc.recorder = saved;
  }
}
