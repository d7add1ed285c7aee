// Our CSP forbids eval; Pixi's shader/uniform sync then needs its no-eval polyfills.
import { expanderAt } from './expander';
import 'pixi.js/unsafe-eval';
import { Application, Graphics } from 'pixi.js';
import { centerOn, easeInOutSine, ensureVisible, frameView, panCamera, readableZoom, screenToWorld, stepZoom, zoomAround, type Camera } from './camera';
import { fetchImage, ImageCache, type ImageLoader } from './image-cache';
import { markerAtPoint } from './node-content';
import { cullRect, needsRequery, type CullState } from './culling';
import type { LabelMode } from './label-factory';
import { lodFor } from './lod';
import { circleRadius } from './node-shape';
import { pickRenderer, type RendererKind } from './renderer-probe';
import { ScenePainter } from './scene-painter';
import { SceneStore } from './scene-store';
import type { Rect, ScenePatch } from './scene-types';
import { WheelZoomGate, ZOOM_ANIMATION_MS } from './zoom-input';

// The imperative canvas of the mind-map editor. It owns the Pixi application, the camera and
// the paint schedule; document state stays outside (patches in, hit tests out).
// Painting is on demand: any change sets a dirty flag and asks for one animation frame; an
// idle editor runs no ticker and burns no CPU.

export interface CanvasOptions {
  labels?: LabelMode;
  renderer?: RendererKind;
  /** How node images are fetched (the editor's sends the login token); default: plain fetch. */
  images?: ImageLoader;
}

export const DRAG_START_PX = 10;

export class MindmapCanvas {
  readonly store = new SceneStore();
  camera: Camera = { tx: 0, ty: 0, zoom: 1 };
  rendererKind: RendererKind = 'canvas';
  rendererInfo = '';
  private app = new Application();
  private painter!: ScenePainter;
  private cull: CullState | null = null;
  private frame = 0;
  private waiters: (() => void)[] = [];
  private anim: { from: Camera; to: Camera; start: number } | null = null;
  private gate = new WheelZoomGate((dir) => this.zoomStep(dir));
  private images = new ImageCache(fetchImage, () => this.repaint());
  /**
   * Called with the zoom the camera is going to (the target of an animated zoom, at once), so a
   * zoom label never shows an in-between value of the animation.
   */
  onZoom: (zoom: number) => void = () => {};
  private detach: (() => void)[] = [];
  private forceRepaint = false;
  /** Duration of the last frame's work (camera + culling + Pixi render), ms. */
  lastFrameMs = 0;
  /** Frames painted so far: stays flat while the editor is idle (no ticker). */
  framesPainted = 0;
  width = 0;
  height = 0;
  /** Editor highlights drawn over the scene in world coordinates (a few rects per frame). */
  private overlay = new Graphics();
  private selected: readonly string[] = [];
  private highlighted: readonly string[] = [];
  private drop: Rect | null = null;
  /**
   * Whether a pointer-down starts a pan. Default: on empty space or with the right button; the
   * editor swaps it for hand mode (pan everywhere) and marquee (shift on empty space).
   */
  panGate: (e: PointerEvent, hit: string | null) => boolean = (e, hit) => hit === null || e.button === 2;

  async init(host: HTMLElement, opts: CanvasOptions = {}): Promise<void> {
    const pick = pickRenderer();
    this.rendererKind = opts.renderer ?? pick.kind;
    this.rendererInfo = pick.probe?.rendererString ?? 'no webgl';
    this.width = host.clientWidth || 1;
    this.height = host.clientHeight || 1;
    const resolution = globalThis.devicePixelRatio || 1;
    await this.app.init({
      preference: this.rendererKind,
      width: this.width,
      height: this.height,
      resolution,
      autoDensity: true,
      antialias: true,
      autoStart: false,
      sharedTicker: false,
      background: this.store.background,
    });
    this.app.ticker?.stop();
    host.appendChild(this.app.canvas);
    if (opts.images) this.images.setLoader(opts.images);
    this.images.allowTainted = this.rendererKind === 'canvas';
    this.painter = new ScenePainter(opts.labels ?? 'text', resolution, this.images);
    this.app.stage.addChild(this.painter.root);
    this.painter.root.addChild(this.overlay);
    this.bindInput(this.app.canvas);
    this.painter.warmUp(() => this.app.renderer.render(this.app.stage));
    const ro = new ResizeObserver(() => this.resize(host.clientWidth, host.clientHeight));
    ro.observe(host);
    this.detach.push(() => ro.disconnect());
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

  /** Drop preview of a tree drag (world rect of the target slot), or null. */
  setDropPreview(r: Rect | null): void {
    this.drop = r;
    this.invalidate();
  }

  /** Name of the renderer Pixi actually created. */
  get activeRenderer(): string {
    return this.app.renderer.name;
  }

  setScene(p: ScenePatch): void {
    this.store.replace(p);
    this.app.renderer.background.color = this.store.background;
    this.repaint();
  }

  applyPatch(p: ScenePatch): void {
    this.store.apply(p);
    this.repaint();
  }

  /** Scene content changed: re-query and redraw on the next frame. */
  repaint(): void {
    this.forceRepaint = true;
    this.invalidate();
  }

  invalidate(): void {
    if (this.frame) return;
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

  panBy(dx: number, dy: number): void {
    this.anim = null;
    this.camera = panCamera(this.camera, dx, dy);
    this.invalidate();
  }

  centerWorld(wx: number, wy: number): void {
    this.camera = centerOn(this.camera, wx, wy, this.width / 2, this.height / 2);
    this.invalidate();
  }

  /** Scroll so that node `id` is visible; true when the camera moved. */
  reveal(id: string): boolean {
    const n = this.store.boxOf(id);
    if (!n) return false;
    const next = ensureVisible(this.camera, n, this.width, this.height);
    if (next === this.camera) return false;
    this.camera = next;
    this.invalidate();
    return true;
  }

  zoomStep(dir: 1 | -1): void {
    const target = this.anim ? this.anim.to.zoom : this.camera.zoom;
    this.zoomTo(stepZoom(target, dir));
  }

  /** Animated zoom about the viewport centre (300 ms, easeInOutSine). */
  zoomTo(zoom: number, animate = true): void {
    this.moveTo(zoomAround(this.camera, zoom, this.width / 2, this.height / 2), animate);
  }

  /** The zoom the camera shows, or is animating to. */
  get targetZoom(): number {
    return this.anim ? this.anim.to.zoom : this.camera.zoom;
  }

  private moveTo(to: Camera, animate: boolean): void {
    if (!animate) {
      this.anim = null;
      this.camera = to;
    } else this.anim = { from: this.camera, to, start: performance.now() };
    this.onZoom(to.zoom);
    this.invalidate();
  }

  /**
   * Frames the map for reading (open, 适应画布): all of it when it fits at a zoom where the
   * smallest label is still text (≥ 8 px), else that zoom around node `focusId`.
   */
  frameMap(focusId: string | null, maxZoom = 1): void {
    if (!this.store.slotOf.size) return;
    const bounds = this.store.bounds();
    const focus = (focusId && this.store.boxOf(focusId)) || bounds;
    this.moveTo(frameView(bounds, focus, this.width, this.height, readableZoom(this.store.smallestFont()), maxZoom), false);
  }

  /** Node icon (link, note, …) under a canvas-relative CSS pixel, with its node id. */
  markerAt(sx: number, sy: number): { id: string; kind: string } | null {
    const [wx, wy] = screenToWorld(this.camera, sx, sy);
    const s = this.store.hitTest(wx, wy);
    const n = s < 0 ? undefined : this.store.records[s];
    if (!n || this.camera.zoom < 0.5) return null;
    const b = this.store.box(s);
    const kind = markerAtPoint(n, b.x, b.y, b.w, b.h, wx, wy);
    return kind ? { id: n.id, kind } : null;
  }

  /** Screen rect (canvas-relative CSS px) of a node's box. */
  screenBox(id: string): Rect | null {
    const b = this.store.boxOf(id);
    if (!b) return null;
    const c = this.camera;
    return { x: b.x * c.zoom + c.tx, y: b.y * c.zoom + c.ty, w: b.w * c.zoom, h: b.h * c.zoom };
  }

  /** The node whose expand/collapse button is under a canvas-relative CSS pixel (spatial index). */
  expanderAt(sx: number, sy: number): { id: string; collapsed: boolean } | null {
    const [wx, wy] = screenToWorld(this.camera, sx, sy);
    return expanderAt(this.store, wx, wy);
  }

  /** Node id under a canvas-relative CSS pixel, via the spatial index. */
  hitTest(sx: number, sy: number): string | null {
    const [wx, wy] = screenToWorld(this.camera, sx, sy);
    const s = this.store.hitTest(wx, wy);
    return s < 0 ? null : (this.store.records[s]?.id ?? null);
  }

  resize(w: number, h: number): void {
    if (!w || !h || (w === this.width && h === this.height)) return;
    // Keep the content centred, as kityminder does on window resize.
    this.camera = panCamera(this.camera, (w - this.width) / 2, (h - this.height) / 2);
    this.width = w;
    this.height = h;
    this.app.renderer.resize(w, h);
    this.repaint();
  }

  get stats() {
    return { ...this.painter.last, pool: this.painter.poolStats, renderer: this.activeRenderer, zoom: this.camera.zoom };
  }

  destroy(): void {
    this.gate.dispose();
    this.images.destroy();
    for (const d of this.detach) d();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.app.destroy(true, { children: true });
  }

  private onFrame(now: number): void {
    this.frame = 0;
    const t0 = performance.now();
    if (this.anim) {
      const t = Math.min(1, (now - this.anim.start) / ZOOM_ANIMATION_MS);
      const e = easeInOutSine(t);
      const { from, to } = this.anim;
      this.camera = { zoom: from.zoom + (to.zoom - from.zoom) * e, tx: from.tx + (to.tx - from.tx) * e, ty: from.ty + (to.ty - from.ty) * e };
      if (t >= 1) this.anim = null;
      else this.invalidate();
    }
    const c = this.camera;
    if (this.forceRepaint || needsRequery(this.cull, c, this.width, this.height)) {
      const rect = cullRect(c, this.width, this.height);
      this.painter.paint(this.store, rect, lodFor(c.zoom));
      this.cull = { rect, zoom: c.zoom };
      this.forceRepaint = false;
    }
    this.drawOverlay(c.zoom);
    this.painter.root.position.set(c.tx, c.ty);
    this.painter.root.scale.set(c.zoom);
    this.app.renderer.render(this.app.stage);
    this.lastFrameMs = performance.now() - t0;
    this.framesPainted++;
    this.store.reindexWhenIdle();
    const w = this.waiters;
    this.waiters = [];
    for (const r of w) r();
  }

  private drawOverlay(zoom: number): void {
    const g = this.overlay.clear();
    const px = 1 / zoom;
    if (this.highlighted.length) {
      const view = cullRect(this.camera, this.width, this.height);
      for (const id of this.highlighted) {
        const b = this.store.boxOf(id);
        if (!b || b.x > view.x + view.w || b.y > view.y + view.h || b.x + b.w < view.x || b.y + b.h < view.y) continue;
        g.roundRect(b.x - 2 * px, b.y - 2 * px, b.w + 4 * px, b.h + 4 * px, 4 * px).fill({ color: 0xffd400, alpha: 0.3 }).stroke({ color: 0xf5a300, width: 2 * px });
      }
    }
    for (const id of this.selected) {
      const b = this.store.boxOf(id);
      if (!b) continue;
      // The ring follows the node's outline, 3 screen px outside it.
      if (this.store.node(id)?.style.shape === 'circle') g.circle(b.x + b.w / 2, b.y + b.h / 2, circleRadius(b.w, b.h) + 3 * px);
      else g.roundRect(b.x - 3 * px, b.y - 3 * px, b.w + 6 * px, b.h + 6 * px, 4 * px);
      g.stroke({ color: 0x1677ff, width: 2 * px });
    }
    if (this.drop) g.roundRect(this.drop.x, this.drop.y, this.drop.w, this.drop.h, 4 * px).fill({ color: 0xff9900, alpha: 0.35 }).stroke({ color: 0xff9900, width: 2 * px });
    // keep the overlay above labels
    this.painter.root.addChild(this.overlay);
  }

  private bindInput(el: HTMLCanvasElement): void {
    const onWheel = (e: WheelEvent) => {
      if (this.gate.wheel(e.deltaY, e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        return;
      }
      e.preventDefault();
      this.panBy(-e.deltaX / 2.5, -e.deltaY / 2.5);
    };
    let down: { x: number; y: number; panning: boolean } | null = null;
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0 && e.button !== 2) return;
      if (!this.panGate(e, this.hitTest(e.offsetX, e.offsetY))) return;
      down = { x: e.clientX, y: e.clientY, panning: false };
      el.setPointerCapture(e.pointerId);
    };
    const onMove = (e: PointerEvent) => {
      if (!down) return;
      if (!down.panning && Math.hypot(e.clientX - down.x, e.clientY - down.y) < DRAG_START_PX) return;
      down.panning = true;
      this.panBy(e.clientX - down.x, e.clientY - down.y);
      down.x = e.clientX;
      down.y = e.clientY;
    };
    const onUp = () => {
      down = null;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onUp);
    this.detach.push(() => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onUp);
    });
  }
}
