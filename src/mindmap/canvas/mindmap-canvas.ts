// Our CSP forbids eval; Pixi's shader/uniform sync then needs its no-eval polyfills.
import type { ProgressPatch } from '../engine/progress/progress-index';
import 'pixi.js/unsafe-eval';
import { Application, type ApplicationOptions } from 'pixi.js';
import { screenToWorld, type Camera } from './camera';
import { CanvasCamera } from './canvas-camera';
import { bindPanInput } from './canvas-input';
import { fetchImage, ImageCache, type ImageLoader } from './image-cache';
import { FormulaTextures } from './formula-layer';
import { cullRect, needsRequery, type CullState } from './culling';
import type { LabelMode } from './label-factory';
import { lodFor } from './lod';
import { RelationLayer } from './relation-layer';
import { pickRenderer, type RendererKind } from './renderer-probe';
import { ScenePainter } from './scene-painter';
import { SceneStore } from './scene-store';
import { SummaryLayer, type SceneSummary } from './summary-layer';
import { quietSystemTicker, runSystemTasks } from './system-ticker';
import type { Rect, ScenePatch } from './scene-types';
import { WheelZoomGate } from './zoom-input';
import type { PresenceMark } from './presence-mark';

// The imperative canvas of the mind-map editor: the node layer and the paint schedule, on top
// of its camera (canvas-camera.ts: moving, framing, screen queries); document state stays
// outside (patches in, hit tests out). The Pixi Application it draws into is either React's
// (the editor mounts it with @pixi/react, editor/MapStage.tsx, which also owns the overlay
// layers) or its own (`init`, the bench page).
// Painting is on demand: any change sets a dirty flag and asks for one animation frame; an
// idle editor runs no ticker and burns no CPU. Layers above the nodes draw in frame hooks.

export interface CanvasOptions {
  labels?: LabelMode;
  renderer?: RendererKind;
  /** How node images are fetched (the editor's sends the login token); default: plain fetch. */
  images?: ImageLoader;
}

export { DRAG_START_PX } from './canvas-input';

/** Runs in every painted frame before Pixi renders, with the camera and the visible world rect. */
export type FrameHook = (camera: Camera, view: Rect) => void;

export class MindmapCanvas extends CanvasCamera {
  /** What is drawn: its own, or the editor's document view (useStore), which feeds it patches itself. */
  store = new SceneStore();
  /** Summaries (概要): braces and summary topics above the nodes (summary-layer.ts). */
  // A formula raster that becomes ready redraws the labels and summary topics that show it.
  private formulas = new FormulaTextures(() => {
    this.summaries.refresh();
    this.repaint();
  });
  readonly summaries = new SummaryLayer(this.formulas);
  rendererKind: RendererKind = 'canvas';
  rendererInfo = '';
  private app!: Application;
  /** Whether destroy() destroys the Application (only one this canvas created itself). */
  private ownsApp = false;
  private painter!: ScenePainter;
  /** Relationship lines above the nodes (relation-layer.ts); idle (no work per frame) without any. */
  readonly relations = new RelationLayer();
  private frameHooks = new Set<FrameHook>();
  /** After destroy() nothing paints again (a layer unmounting later may still ask to). */
  private destroyed = false;
  private cull: CullState | null = null;
  private frame = 0;
  private waiters: (() => void)[] = [];
  private gate = new WheelZoomGate({
    step: (dir, sx, sy) => this.rig.zoomStepAt(dir, sx, sy),
    pinch: (scale, sx, sy) => this.rig.pinchBy(scale, sx, sy),
    pinchEnd: (dir, sx, sy) => this.rig.pinchEnd(dir, sx, sy),
  });
  private images = new ImageCache(fetchImage, () => this.repaint());
  private detach: (() => void)[] = [];
  private forceRepaint = false;
  /** Duration of the last frame's work (camera + culling + Pixi render), ms. */
  lastFrameMs = 0;
  /** Frames painted so far: stays flat while the editor is idle (no ticker). */
  framesPainted = 0;
  /** Selected nodes and find matches, drawn by the editor's overlay layer (editor/map-overlays.tsx). */
  selected: readonly string[] = [];
  highlighted: readonly string[] = [];
  /**
   * Whether a pointer-down starts a pan. Default: on empty space or with the right button; the
   * editor swaps it for hand mode (pan everywhere) and marquee (shift on empty space).
   */
  panGate: (e: PointerEvent, hit: string | null) => boolean = (e, hit) => hit === null || e.button === 2;

  /**
   * Options for the Pixi Application, with the renderer chosen by capability (renderer-probe.ts:
   * WebGL only on a real GPU, else Pixi's Canvas renderer). Rendering is on demand: no ticker.
   */
  applicationOptions(renderer?: RendererKind): Partial<ApplicationOptions> {
    const pick = pickRenderer();
    this.rendererKind = renderer ?? pick.kind;
    this.rendererInfo = pick.probe?.rendererString ?? 'no webgl';
    return {
      preference: this.rendererKind,
      resolution: globalThis.devicePixelRatio || 1,
      autoDensity: true,
      antialias: true,
      autoStart: false,
      sharedTicker: false,
      background: this.store.background,
    };
  }

  /** Creates its own Application in `host` (the bench page; the editor mounts one with React). */
  async init(host: HTMLElement, opts: CanvasOptions = {}): Promise<void> {
    const app = new Application();
    await app.init({ ...this.applicationOptions(opts.renderer), width: host.clientWidth || 1, height: host.clientHeight || 1 });
    host.appendChild(app.canvas);
    this.attach(app, host, opts);
    this.ownsApp = true;
  }

  /** Draws into an initialised `app` whose canvas sits in `host` (sized to it, and kept so). */
  attach(app: Application, host: HTMLElement, opts: CanvasOptions = {}): void {
    this.app = app;
    this.rig.width = host.clientWidth || 1;
    this.rig.height = host.clientHeight || 1;
    if (app.renderer.width !== this.width || app.renderer.height !== this.height) app.renderer.resize(this.width, this.height);
    app.ticker?.stop();
    quietSystemTicker(app);
    this.host = host;
    if (opts.images) this.images.setLoader(opts.images);
    this.images.allowTainted = this.rendererKind === 'canvas';
    this.painter = new ScenePainter(opts.labels ?? 'text', app.renderer.resolution, this.images, this.formulas);
    // Below whatever else the stage holds (the editor's overlay layers).
    app.stage.addChildAt(this.painter.root, 0);
    app.stage.addChildAt(this.relations.root, 1);
    this.painter.root.addChild(this.summaries.root);
    this.detach.push(
      bindPanInput(app.canvas, {
        gate: this.gate,
        panBy: (dx, dy) => this.panBy(dx, dy),
        startsPan: (e) => this.panGate(e, this.hitTest(e.offsetX, e.offsetY)),
      }),
    );
    this.painter.warmUp(() => app.renderer.render(app.stage));
    const ro = new ResizeObserver(() => this.resize(host.clientWidth, host.clientHeight));
    ro.observe(host);
    this.detach.push(() => ro.disconnect());
  }

  /** Adds a layer's per-frame drawing; returns its removal. */
  addFrameHook(hook: FrameHook): () => void {
    this.frameHooks.add(hook);
    this.invalidate();
    return () => {
      this.frameHooks.delete(hook);
      this.invalidate();
    };
  }

  /** The canvas element (pointer input of the editor binds to it). */
  get element(): HTMLCanvasElement {
    return this.app.canvas;
  }

  /** Outlines the selected nodes. */
  setSelection(ids: readonly string[]): void {
    this.selected = ids;
    this.invalidate();
  }

  /** Marks find (Ctrl+F) matches; only those near the viewport are drawn. */
  setHighlights(ids: readonly string[]): void {
    this.highlighted = ids;
    this.invalidate();
  }

  /** Name of the renderer Pixi actually created. */
  get activeRenderer(): string {
    return this.app.renderer.name;
  }

  /** Draws `store` from now on; its owner applies patches to it and then calls sceneReplaced / sceneChanged. */
  useStore(store: SceneStore): void {
    this.store = store;
    this.sceneReplaced({});
  }

  setScene(p: ScenePatch): void {
    this.store.replace(p);
    this.sceneReplaced(p);
  }

  /** The store was loaded anew (`p`, the patch it took). */
  sceneReplaced(p: Pick<ScenePatch, 'literalText'>): void {
    this.formulas.literal = !!p.literalText;
    if (this.app) this.app.renderer.background.color = this.store.background;
    this.relations.touch(this.store.background);
    this.repaint();
  }

  applyPatch(p: ScenePatch): void {
    this.store.apply(p);
    this.sceneChanged(p);
  }

  /** The store took patch `p`. */
  sceneChanged(p: Pick<ScenePatch, 'literalText'>): void {
    if (p.literalText !== undefined) this.formulas.literal = p.literalText;
    this.relations.touch(this.store.background);
    this.repaint();
  }

  /** The drawn summaries (概要), the theme they take their look from and the selected one. */
  setSummaries(items: SceneSummary[], theme: string, selected: string | null): void {
    this.summaries.set(items, theme, selected);
    this.invalidate();
  }

  selectSummary(id: string | null): void {
    this.summaries.select(id);
    this.invalidate();
  }

  /** The summary (its topic or brace) under a canvas point. */
  summaryAt = (sx: number, sy: number): string | null => {
    if (!this.summaries.count) return null;
    const [wx, wy] = screenToWorld(this.camera, sx, sy);
    return this.summaries.hit(wx, wy);
  };

  /** Study roll-up counts that changed (the progress channel): their rings are drawn anew. */
  applyProgress(p: ProgressPatch): void {
    if (this.store.applyProgress(p)) this.repaint();
  }

  /** Nodes whose review card is due: their 待复习 marks are drawn (review-mark.ts). */
  /** Other members' selected topics (live co-editing): a ring and their initial on each. */
  setPresence(marks: ReadonlyMap<string, PresenceMark>): void {
    if (this.store.setPresence(marks)) this.repaint();
  }

  setReviewDue(ids: ReadonlySet<string>): void {
    if (this.store.setReviewDue(ids)) this.repaint();
  }

  /** The student's mastery: each graded topic's ball, and the tints of the 掌握度 view (mastery-mark.ts). */
  setMastery(levels: ReadonlyMap<string, number>, fading: ReadonlySet<string>): void {
    if (this.store.setMastery(levels, fading)) this.repaint();
  }

  /** The 掌握度 view: boxes tinted by mastery, dark text on every tint. */
  setHeatMap(on: boolean): void {
    if (this.store.setHeatMap(on)) this.repaint();
  }

  /** Scene content changed: re-query and redraw on the next frame. */
  repaint(): void {
    this.forceRepaint = true;
    this.invalidate();
  }

  invalidate(): void {
    if (this.frame || this.destroyed) return;
    this.frame = requestAnimationFrame((t) => this.onFrame(t));
  }

  /** Resolves after the next painted frame. */
  nextPaint(): Promise<void> {
    this.invalidate();
    return new Promise((r) => this.waiters.push(r));
  }

  /** Paint now, synchronously (used when a caller must know the frame is on the canvas). */
  paintNow(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.onFrame(performance.now());
  }

  // Pointer queries at canvas-relative CSS pixels (the node ones in canvas-camera.ts).
  relationAt = (sx: number, sy: number, px?: number) => this.relations.hitTest(this.store, this.camera, sx, sy, px);

  protected override drawnExtras(): Rect[] {
    return [...this.relations.extents(this.store), ...this.summaries.extents()];
  }

  resize(w: number, h: number): void {
    if (!w || !h || (w === this.width && h === this.height)) return;
    this.rig.resize(w, h);
    this.app.renderer.resize(w, h);
    this.repaint();
  }

  get stats() {
    return { ...this.painter.last, pool: this.painter.poolStats, renderer: this.activeRenderer, zoom: this.camera.zoom };
  }

  destroy(): void {
    this.destroyed = true;
    this.gate.dispose();
    this.images.destroy();
    this.formulas.destroy();
    for (const d of this.detach) d();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.rig.dispose();
    if (this.ownsApp) this.app.destroy(true, { children: true });
    else {
      this.painter?.root.destroy({ children: true });
      this.relations.destroy();
      this.frameHooks.clear();
    }
  }

  private onFrame(now: number): void {
    this.frame = 0;
    if (this.destroyed) return;
    const t0 = performance.now();
    const c = this.rig.frame(now);
    if (this.forceRepaint || needsRequery(this.cull, c, this.width, this.height)) {
      const rect = cullRect(c, this.width, this.height);
      this.painter.paint(this.store, rect, lodFor(c.zoom, this.store.slotOf.size));
      this.cull = { rect, zoom: c.zoom };
      this.forceRepaint = false;
    }
    if (!this.relations.idle) this.relations.frame(this.store, c);
    if (this.frameHooks.size) {
      const view = cullRect(c, this.width, this.height);
      for (const hook of this.frameHooks) hook(c, view);
    }
    this.painter.root.position.set(c.tx, c.ty);
    this.painter.root.scale.set(c.zoom);
    this.app.renderer.render(this.app.stage);
    runSystemTasks(now);
    this.lastFrameMs = performance.now() - t0;
    this.framesPainted++;
    this.store.reindexWhenIdle();
    const w = this.waiters;
    this.waiters = [];
    for (const r of w) r();
  }
}
