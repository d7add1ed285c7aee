import type { ProgressPatch } from '../engine/progress/progress-index';
import { formulaKey } from '../engine/protocols/formula-drawing';
import type { EngineClient } from '../worker/client';
import type { EnginePatch } from '../worker/protocol';
import type { SceneNode } from '../canvas/scene-types';
import type { PresenceMark } from '../canvas/presence-mark';
import { measureFormulas } from '../formula/index';
import type { CanvasView } from './editor-state';
import { SlotDocument } from './slot-document';
import { ProgressView } from './progress-view';
import { MasteryView, type MasteryData } from './mastery-view';
import { sceneSummaries } from './summary-model';
import type { Work } from './work-tracker';

// The main thread's view of the worker's document: each patch taken into ONE slot-indexed store
// (canvas/scene-store.ts) that the painter draws, and that the tree model (map-model.ts: the ARIA
// tree, navigation, menus) reads; the study rings and mastery rolled up by the engine, and the
// marks the page lays over it (review due, presence, heat map). Formulas in a patch are typeset
// and measured here and their boxes sent back.

export class DocumentView {
  private readonly slots = new SlotDocument();
  /** The visible document by slot: boxes, records, the engine's ints, parents and ordered children. */
  readonly store = this.slots.store;
  /** The tree as the ARIA tree, navigation and menus read it (over `store`). */
  readonly model = this.slots.model;
  /** Study progress per branch (engine roll-up), after setStudyNodes. */
  readonly progress = new ProgressView();
  /** The student's mastery on this map and its 掌握 N/M roll-up, after setMastery. */
  readonly mastery = new MasteryView();
  /** The canvas the patches feed (null in jsdom tests, and once the view has gone). */
  canvas: CanvasView | null = null;
  /** A patch asked for a formula (its SVG export then carries KaTeX's CSS). */
  hasFormulas = false;
  /** Formula labels the worker had measured here ([CSS font, text]): the PDF export draws them. */
  readonly formulaLabels = new Map<string, [string, string]>();
  private hasStudySet = false;
  private heatMap = false;
  private reviewDue: ReadonlySet<string> = new Set();
  private presence: ReadonlyMap<string, PresenceMark> = new Map();

  /** `reapply`: a view change the worker answered (formula boxes) goes through the editor's own patch path. */
  constructor(
    private readonly engine: EngineClient,
    private readonly work: Work,
    private readonly reapply: (p: EnginePatch) => void,
  ) {}

  attach(canvas: CanvasView): void {
    this.canvas = canvas;
    canvas.useStore(this.store);
    canvas.setReviewDue(this.reviewDue);
    canvas.setMastery?.(this.mastery.levels, this.mastery.fading);
    canvas.setHeatMap?.(this.heatMap);
    canvas.setPresence?.(this.presence);
  }

  /** The canvas is going away: changes still arriving (the last edit before leaving) update only the store. */
  detach(): void {
    this.canvas = null;
  }

  /** A worker patch into the model and the scene; the selection and summaries follow (the editor's apply). */
  take(p: EnginePatch): void {
    if (p.formulas) this.typeset(p.formulas);
    const patch = this.slots.take(p);
    // A new scene has new slots: the rings start from the counts known so far.
    if (p.full) this.store.applyProgress(this.progress.snapshot());
    this.pullProgress();
    void this.pullMastery();
    if (p.full) this.canvas?.sceneReplaced(patch);
    else this.canvas?.sceneChanged(patch);
  }

  /** Draws the summaries again when the patch changed them, `selected` (a summary id) ringed. */
  drawSummaries(p: EnginePatch, selected: string | null): void {
    if (p.full || p.items || p.summaryBoxes) this.canvas?.setSummaries?.(sceneSummaries(this.model), this.model.theme, selected);
  }

  /** The node's style as drawn (theme defaults included): the toolbar's style controls show it. */
  styleOf(id: string | null): SceneNode['style'] | undefined {
    return id ? this.store.node(id)?.style : undefined;
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

  /** The case's study nodes (知识点: nodes with resources or an exam): every branch shows learnt/total. */
  async setStudyNodes(ids: string[]): Promise<void> {
    this.hasStudySet = ids.length > 0;
    await this.engine.setStudyNodes(ids);
    this.showProgress(await this.engine.takeProgress());
    await this.pullMastery();
  }

  /** Nodes whose review card is due (the student's, from the server): the canvas marks them. */
  setReviewDue(ids: ReadonlySet<string>): void {
    this.reviewDue = ids;
    this.canvas?.setReviewDue(ids);
  }

  /** Where other members are on a shared map (the page's live socket): the canvas rings their topics. */
  setPresence(marks: ReadonlyMap<string, PresenceMark>): void {
    this.presence = marks;
    this.canvas?.setPresence?.(marks);
  }

  /**
   * Who else is typing a title inside the branches of `ids` (presence: a classmate, or the
   * student's own other page): the first such topic and its typist, or null. A delete would take
   * away text not yet saved.
   */
  typingIn(ids: readonly string[]): { id: string; name: string; mine: boolean } | null {
    if (!this.presence.size) return null;
    const gone = new Set(ids);
    for (const [id, mark] of this.presence) {
      if (!mark.editing) continue;
      for (let at: string | undefined = id; at; at = this.model.get(at)?.parentId ?? undefined)
        if (gone.has(at)) return { id, name: mark.name ?? '别人', mine: !!mark.mine };
    }
    return null;
  }

  /** The topics others are typing a title in (presence), with who and the title they had. */
  typedByOthers(): { id: string; name: string; text: string }[] {
    const out: { id: string; name: string; text: string }[] = [];
    for (const [id, mark] of this.presence) if (mark.editing) out.push({ id, name: mark.name ?? '别人', text: this.model.get(id)?.text || '分支主题' });
    return out;
  }

  /** The roll-up of the tree as it is now (asked after each patch: a move or removal changes it). */
  private pullMastery(): Promise<void> {
    if (!this.mastery.active) return Promise.resolve();
    return this.engine.takeMastery().then(
      (r) => this.mastery.applyRollup(r),
      () => {},
    );
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

  /**
   * Labels with formulas the worker laid out as plain text: typeset and measured here, their
   * boxes go back and those nodes grow to fit (a view change: no undo step, nothing to save).
   */
  private typeset(requests: Array<[string, string]>): void {
    this.hasFormulas = true;
    for (const r of requests) this.formulaLabels.set(formulaKey(r[0], r[1]), r);
    void this.work
      .track(async () => {
        const list = await measureFormulas(requests);
        if (list.length) this.reapply(await this.engine.setFormulaBoxes(list));
      })
      .catch((e: unknown) => console.warn('formulas', e));
  }
}
