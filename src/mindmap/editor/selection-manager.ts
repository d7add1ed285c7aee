import type { EnginePatch } from '../worker/protocol';
import type { DocumentView } from './document-view';
import type { EditorStore } from './editor-store';
import { nodeInDirection } from './navigation';
import { ancestorsOf, remainingSelection } from './selection-memory';
import type { Direction } from './spatial-nav';
import { summaryEditId, summaryOfEdit } from './summary-model';

/** What the selection needs of the editor's other parts (a selected line, 多选). */
export interface SelectionHooks {
  /** Whether a relationship line is selected (then no topic is, and a patch selects none). */
  lineSelected(): boolean;
  /** A summary selected ends 多选 (its banner would say 已选 0 个). */
  leaveMulti(): void;
}

// Which topics (or which summary) are selected: chosen by the student (click, keys, find), kept
// over patches (a topic gone hands its place to what is left of it), shown on the canvas.

export class SelectionManager {
  /**
   * Counts the selections made (select, a summary selected), not a patch keeping one: a command
   * answered later selects what it made only when nothing was chosen meanwhile (edit-actions.ts).
   */
  epoch = 0;

  constructor(
    private readonly store: EditorStore,
    private readonly doc: DocumentView,
    private readonly hooks: SelectionHooks,
  ) {}

  /** The topic acted on: the last one selected. */
  get primary(): string | null {
    const s = this.store.state.selection;
    return s.length ? s[s.length - 1] : null;
  }

  select(ids: string[], reveal = true): void {
    this.epoch++;
    const { model, canvas } = this.doc;
    const sel = ids.filter((id) => model.has(id));
    if (this.store.state.summary) canvas?.selectSummary?.(null);
    this.store.set({ summary: null, selection: sel });
    canvas?.setSelection(sel);
    if (reveal && sel.length) canvas?.reveal(sel[sel.length - 1]);
  }

  toggle(id: string): void {
    const s = this.store.state.selection;
    this.select(s.includes(id) ? s.filter((x) => x !== id) : [...s, id], false);
  }

  /** Ctrl+A: every visible node, the primary one kept last. */
  selectAll(): void {
    const keep = this.primary;
    const all = this.doc.model
      .flatten()
      .map((n) => n.id)
      .filter((id) => id !== keep);
    this.select(keep ? [...all, keep] : all, false);
  }

  /** Selects a drawn (or listed undrawn, summary-model.ts) summary (概要) instead of any node; null = none. */
  selectSummary(id: string | null): void {
    const { model, canvas } = this.doc;
    if (!id || !model.summaries.isListed(id, (x) => model.get(x)?.parentId)) {
      if (this.store.state.summary) this.select([], false);
      return;
    }
    this.hooks.leaveMulti();
    this.epoch++;
    this.store.set({ selection: [], summary: id });
    canvas?.setSelection([]);
    canvas?.selectSummary?.(id);
  }

  /**
   * Arrow keys (navigation.ts): spatial over the boxes on the canvas, over the tree without one.
   * With `extend` (Shift+arrow) the node reached is added to the selection and becomes primary.
   */
  navigate(dir: Direction, extend = false): void {
    const { state } = this.store;
    const { model, canvas } = this.doc;
    const from = state.summary ? summaryEditId(state.summary) : (this.primary ?? model.rootId);
    const next = nodeInDirection(model, canvas?.store ?? null, from, dir, !extend);
    if (!next) return;
    const sid = summaryOfEdit(next);
    if (sid) return this.selectSummary(sid);
    if (state.summary) return this.select([next]);
    this.select(extend ? [...state.selection.filter((x) => x !== next), next] : [next]);
  }

  /** The selected topics' ancestors, read before a patch: a topic it removes hands its place to the nearest one left. */
  beforePatch(): ReturnType<typeof ancestorsOf> {
    return ancestorsOf(this.doc.model, this.store.state.selection);
  }

  /** The selection after a patch (taken into the model already), with its undo/redo availability. */
  afterPatch(p: EnginePatch, up: ReturnType<typeof ancestorsOf>): void {
    const { state } = this.store;
    const { model, canvas } = this.doc;
    const selection = remainingSelection(model, state.selection, up);
    // A selected summary stays selected while it is drawn (then no node is).
    const summary = state.summary && model.summaries.isDrawn(state.summary) ? state.summary : null;
    this.doc.drawSummaries(p, summary);
    // A selection the patch emptied falls back to the root; one the student emptied (a click on
    // empty canvas) stays empty: typing then edits nothing, where the root would have been renamed.
    const emptied = !selection.length && state.selection.length > 0;
    this.store.set({
      canUndo: p.canUndo,
      canRedo: p.canRedo,
      summary,
      // Nor is one while a relationship line is selected (its label or handles were just saved).
      selection: !emptied || !model.rootId || summary || this.hooks.lineSelected() ? selection : [model.rootId],
    });
    canvas?.setSelection(this.store.state.selection);
  }
}
