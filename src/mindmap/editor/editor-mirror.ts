import { Emitter, type EditorEvents } from './editor-events';
import type { ProgressPatch } from '../engine/progress/progress-index';
import { formulaKey } from '../engine/protocols/formula-drawing';
import type { EngineClient } from '../worker/client';
import type { EnginePatch } from '../worker/protocol';
import { EnginePatchAdapter } from '../canvas/engine-adapter';
import { SceneStore } from '../canvas/scene-store';
import { measureFormulas } from '../formula/index';
import type { CanvasView, EditorState } from './editor-state';
import { MapModel } from './map-model';
import { ProgressView } from './progress-view';
import { MasteryView, type MasteryData } from './mastery-view';
import { ancestorsOf, ImportSelections, remainingSelection } from './selection-memory';
import { sceneSummaries } from './summary-model';
import type { PresenceMark } from '../canvas/presence-mark';
import { ToolMachine } from './tools';

// The main thread's mirror of the worker's document: each patch applied to the tree model, the
// canvas, the summaries and the study rings (formulas in it typeset and measured here); the
// editor state and its listeners; the changes in flight, which closing waits for. EditorCore
// (editor-core.ts) builds on it what decides the changes: commands, undo/redo, import/export,
// selection. Apart because taking a patch in is one concern and sending the next is another.

export class EditorMirror {
  readonly model = new MapModel();
  /** Study progress per branch (engine roll-up), after setStudyNodes. */
  readonly progress = new ProgressView();
  private hasStudySet = false;
  /** The student's mastery on this map and its 掌握 N/M roll-up, after setMastery. */
  readonly mastery = new MasteryView();
  private heatMap = false;
  /** A patch asked for a formula (its SVG export then carries KaTeX's CSS). */
  protected hasFormulas = false;
  /** Formula labels the worker had measured here ([CSS font, text]): the PDF export draws them. */
  protected formulaLabels = new Map<string, [string, string]>();
  state: EditorState = { status: 'normal', view: 'normal', readOnly: false, selection: [], canUndo: false, canRedo: false, zoom: 1, hasClipboard: false };
  /** What the editor tells the page (editor-events.ts): several listeners each, never a property to overwrite. */
  readonly events = new Emitter<EditorEvents>();
  /** What a press on the map does now (tools.ts): the state's status and view are read from it. */
  readonly tools = new ToolMachine(() => this.state.readOnly);
  private adapter: EnginePatchAdapter;
  private listeners = new Set<() => void>();
  private closers = new Set<() => Promise<void>>();
  /** Document changes sent to the worker and not yet applied here (closing waits for them). */
  private inflight = new Set<Promise<unknown>>();
  /** Undoing an import selects again what was selected before it. */
  protected importSelections = new ImportSelections();
  protected canvas: CanvasView | null = null;
  private reviewDue: ReadonlySet<string> = new Set();
  private presence: ReadonlyMap<string, PresenceMark> = new Map();

  constructor(readonly engine: EngineClient) {
    this.adapter = new EnginePatchAdapter(new SceneStore());
    this.tools.subscribe(() => this.set({}));
  }

  /** Shows an error to the student (its `error` listeners), always in Chinese (userMessage). */
  reportError(message: string): void {
    this.events.emit('error', message);
  }

  /** Says `message` in the editor's live region (its `announce` listeners). */
  say(message: string): void {
    this.events.emit('announce', message);
  }

  attach(canvas: CanvasView): void {
    this.canvas = canvas;
    this.adapter = new EnginePatchAdapter(canvas.store);
    canvas.setReviewDue(this.reviewDue);
    canvas.setMastery?.(this.mastery.levels, this.mastery.fading);
    canvas.setHeatMap?.(this.heatMap);
    canvas.setPresence?.(this.presence);
  }

  /** The 掌握度 view: the canvas tints each topic by its mastery (canvas/mastery-mark.ts). */
  setHeatMap(on: boolean): void {
    this.heatMap = on;
    this.canvas?.setHeatMap?.(on);
  }

  /** The student's mastery (from the server): the canvas draws it, the engine rolls it up per branch. */
  async setMastery(d: MasteryData): Promise<void> {
    this.mastery.setData(d);
    this.canvas?.setMastery?.(this.mastery.levels, this.mastery.fading);
    await this.engine.setMastery(d);
    await this.pullMastery();
  }

  /** The roll-up of the tree as it is now (asked after each patch: a move or removal changes it). */
  private pullMastery(): Promise<void> {
    if (!this.mastery.active) return Promise.resolve();
    return this.engine.takeMastery().then(
      (r) => this.mastery.applyRollup(r),
      () => {},
    );
  }

  /**
   * Who else is typing a title inside the branches of `ids` (presence on a shared map): the first
   * such topic and its typist, or null. A delete would take away text not yet saved.
   */
  typingIn(ids: readonly string[]): { id: string; name: string } | null {
    if (!this.presence.size) return null;
    const gone = new Set(ids);
    for (const [id, mark] of this.presence) {
      if (!mark.editing || mark.mine) continue;
      for (let at: string | undefined = id; at; at = this.model.get(at)?.parentId ?? undefined) if (gone.has(at)) return { id, name: mark.name ?? '别人' };
    }
    return null;
  }

  /** The topics others are typing a title in (presence), with who and the title they had. */
  protected typedByOthers(): { id: string; name: string; text: string }[] {
    const out: { id: string; name: string; text: string }[] = [];
    for (const [id, mark] of this.presence) if (mark.editing) out.push({ id, name: mark.name ?? '别人', text: this.model.get(id)?.text || '分支主题' });
    return out;
  }

  /** Where other members are on a shared map (the page's live socket): the canvas rings their topics. */
  setPresence(marks: ReadonlyMap<string, PresenceMark>): void {
    this.presence = marks;
    this.canvas?.setPresence?.(marks);
  }

  /** Nodes whose review card is due (the student's, from the server): the canvas marks them. */
  setReviewDue(ids: ReadonlySet<string>): void {
    this.reviewDue = ids;
    this.canvas?.setReviewDue(ids);
  }

  /** The canvas is going away: changes still arriving (the last edit before leaving) update only the model. */
  detach(): void {
    this.canvas = null;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getState = (): EditorState => this.state;

  /** Sets part of the state; its status and view always follow the tools (tools.ts) and the selection. */
  protected set(partial: Partial<Omit<EditorState, 'status' | 'view'>>): void {
    const wasReadOnly = this.state.readOnly;
    this.state = { ...this.state, ...partial };
    // (ending an editing tool calls set({}) again, through the tools' listener: that call tells)
    if (this.state.readOnly && !wasReadOnly && this.tools.readOnlyNow()) return;
    this.state.status = this.tools.status(this.state.selection.length > 0 || !!this.state.summary);
    this.state.view = this.tools.view();
    for (const fn of this.listeners) fn();
  }

  /** The case's study nodes (知识点: nodes with resources or an exam): every branch shows learnt/total. */
  async setStudyNodes(ids: string[]): Promise<void> {
    this.hasStudySet = ids.length > 0;
    await this.engine.setStudyNodes(ids);
    this.showProgress(await this.engine.takeProgress());
    await this.pullMastery();
  }

  /** A progress patch to the tree/outline's view and the canvas's rings. */
  private showProgress(p: ProgressPatch): void {
    this.progress.apply(p);
    this.canvas?.applyProgress(p);
  }

  /** Counts changed by the last patch (asked after it, so the worker answers in order). */
  private pullProgress(): void {
    if (!this.hasStudySet) return;
    this.engine.takeProgress().then(
      (p) => this.showProgress(p),
      () => {},
    );
  }

  apply(p: EnginePatch, changed = true): void {
    if (p.formulas) this.typeset(p.formulas);
    const up = ancestorsOf(this.model, this.state.selection);
    this.model.apply(p);
    this.pullProgress();
    void this.pullMastery();
    const { patch } = this.adapter.convert(p);
    if (this.canvas) {
      if (p.full) {
        this.canvas.setScene(patch);
        // A new scene has new slots: the rings start from the counts known so far.
        this.canvas.applyProgress(this.progress.snapshot());
      } else this.canvas.applyPatch(patch);
    }
    this.importSelections.forget(p.canUndo, p.canRedo);
    const selection = remainingSelection(this.model, this.state.selection, up);
    // A selected summary stays selected while it is drawn (then no node is).
    const summary = this.state.summary && this.model.summaries.isDrawn(this.state.summary) ? this.state.summary : null;
    if (p.full || p.items || p.summaryBoxes) this.canvas?.setSummaries?.(sceneSummaries(this.model), this.model.theme, summary);
    // A selection the patch emptied falls back to the root; one the student emptied (a click on
    // empty canvas) stays empty: typing then edits nothing, where the root would have been renamed.
    const emptied = !selection.length && this.state.selection.length > 0;
    this.set({
      canUndo: p.canUndo,
      canRedo: p.canRedo,
      summary,
      // Nor is one while a relationship line is selected (its label or handles were just saved).
      selection: !emptied || !this.model.rootId || summary || this.lineSelected() ? selection : [this.model.rootId],
    });
    this.canvas?.setSelection(this.state.selection);
    if (changed) this.events.emit('change');
  }

  /**
   * Labels with formulas the worker laid out as plain text: typeset and measured here, their
   * boxes go back and those nodes grow to fit (a view change: no undo step, nothing to save).
   */
  private typeset(requests: Array<[string, string]>): void {
    this.hasFormulas = true;
    for (const r of requests) this.formulaLabels.set(formulaKey(r[0], r[1]), r);
    void this.track(async () => {
      const list = await measureFormulas(requests);
      if (list.length) this.apply(await this.engine.setFormulaBoxes(list), false);
    }).catch((e: unknown) => console.warn('formulas', e));
  }

  /** Whether a relationship line is selected (the controller's RelationTool). */
  protected lineSelected(): boolean {
    return false;
  }

  protected track<T>(work: () => Promise<T>): Promise<T> {
    const p = work();
    this.inflight.add(p);
    const done = () => void this.inflight.delete(p);
    p.then(done, done);
    return p;
  }

  /** Resolves once every change sent so far is applied (and reported through onChange). */
  async settled(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  /**
   * Runs `fn` when the editor closes, BEFORE the worker ends (the autosaver's last save reads the
   * document from it). Returns the unregistration.
   */
  beforeClose(fn: () => Promise<void>): () => void {
    this.closers.add(fn);
    return () => this.closers.delete(fn);
  }

  /** Closes the editor: the beforeClose work first (whatever its outcome), then the worker. */
  dispose(): Promise<void> {
    this.listeners.clear();
    const pending = [...this.closers].map((fn) =>
      Promise.resolve()
        .then(fn)
        .catch((e: unknown) => console.warn('closing the editor:', e)),
    );
    this.closers.clear();
    return Promise.all(pending).then(() => this.engine.close());
  }
}
