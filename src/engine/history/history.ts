import { invertChanges, type Change } from '../model/change';
import type { MindDoc } from '../model/doc';

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
}

/**
 * Undo/redo by inverting recorded diffs (no snapshots, no whole-tree JSON diff as kityminder did).
 * Grouping: begin()/end() marks bracket a gesture (a drag, a paste of many nodes) into one step;
 * a mergeKey (e.g. "text:<id>") folds a typing burst into the previous step while nothing else
 * happened in between. View changes ('view' mode) pass by without touching either stack: the
 * recorded diffs are absolute (set before/after, add/remove by id), so later undo/redo replays
 * stay valid around them. Selection, camera and loading never reach this class.
 */
export class History {
  private undoStack: Entry[] = [];
  private redoStack: Entry[] = [];
  private open: Entry | null = null;
  private depth = 0;
  private sealed = true;

  constructor(readonly limit = 500) {}

  get canUndo(): boolean {
    return this.undoStack.length > 0 || (this.open?.changes.length ?? 0) > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  get undoDepth(): number {
    return this.undoStack.length;
  }

  begin(): void {
    if (this.depth++ === 0) this.open = { changes: [] };
  }

  end(): void {
    if (this.depth === 0) return;
    if (--this.depth === 0) {
      const e = this.open!;
      this.open = null;
      if (e.changes.length) this.push(e);
    }
  }

  /** Prevents the next mergeKey'd record from folding into the last step (e.g. after a pause). */
  seal(): void {
    this.sealed = true;
  }

  record(changes: Change[], mergeKey?: string, mode: HistoryMode = 'record'): void {
    if (!changes.length || mode === 'view') return;
    if (this.open) {
      this.open.changes.push(...changes);
      this.redoStack = [];
      return;
    }
    const last = this.undoStack[this.undoStack.length - 1];
    if (mergeKey && !this.sealed && last && last.mergeKey === mergeKey && !this.redoStack.length) {
      last.changes.push(...changes);
      return;
    }
    this.push({ changes, mergeKey });
    this.sealed = !mergeKey;
  }

  private push(e: Entry): void {
    this.undoStack.push(e);
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack = [];
    this.sealed = true;
  }

  /** Returns the changes applied to the document, for relayout and render patches. */
  undo(doc: MindDoc): Change[] | null {
    while (this.depth > 0) this.end();
    const e = this.undoStack.pop();
    if (!e) return null;
    const inverse = invertChanges(e.changes);
    replay(doc, inverse);
    this.redoStack.push(e);
    this.sealed = true;
    return inverse;
  }

  redo(doc: MindDoc): Change[] | null {
    const e = this.redoStack.pop();
    if (!e) return null;
    replay(doc, e.changes);
    this.undoStack.push(e);
    this.sealed = true;
    return e.changes;
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
    this.open = null;
    this.depth = 0;
  }
}

function replay(doc: MindDoc, changes: readonly Change[]): void {
  const saved = doc.recorder;
  doc.recorder = null;
  try {
    for (const c of changes) doc.apply(c);
  } finally {
    doc.recorder = saved;
  }
}
