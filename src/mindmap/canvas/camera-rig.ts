import { centerOn, easeInOutSine, ensureVisible, nearestZoom, panCamera, stepZoom, zoomAround, type Camera } from './camera';
import type { Rect } from './scene-types';
import { ZOOM_ANIMATION_MS } from './zoom-input';

// Where the canvas looks and how it gets there: pans, animated zooms (300 ms, easeInOutSine),
// reveal/centre moves that respect an animation under way, and rest tracking (a camera that has
// not moved for 100 ms is at rest: screen-space things over the canvas are placed again). The
// canvas owns painting; this only says, per frame, which camera to paint with.

export interface RigEvents {
  /** Asks for a frame (the camera changed or is animating). */
  invalidate(): void;
  /** The element that carries `data-camera="moving"` while the camera moves (null: none yet). */
  host(): HTMLElement | null;
  /** The zoom the camera is going to (an animation's target, at once). */
  zoom(zoom: number): void;
  /** The camera came to rest after moving. */
  rest(): void;
}

export class CameraRig {
  camera: Camera = { tx: 0, ty: 0, zoom: 1 };
  width = 0;
  height = 0;
  private anim: { from: Camera; to: Camera; start: number } | null = null;
  private lastCamera: Camera | null = null;
  private restTimer = 0;
  /** The zoom a trackpad pinch began at (null: none under way). */
  private pinchFrom: number | null = null;
  private readonly invalidate: () => void;

  constructor(private readonly on: RigEvents) {
    this.invalidate = on.invalidate;
  }

  panBy(dx: number, dy: number): void {
    this.anim = null;
    this.camera = panCamera(this.camera, dx, dy);
    this.invalidate();
  }

  centerWorld(wx: number, wy: number): void {
    this.retarget((c) => centerOn(c, wx, wy, this.width / 2, this.height / 2));
  }

  /** Scroll so that world rect `box` is visible; true when the camera moved. */
  reveal(box: Rect): boolean {
    return this.retarget((c) => ensureVisible(c, box, this.width, this.height));
  }

  /**
   * Moves the camera where it is going: during a zoom animation that is the animation's end (the
   * next frame would otherwise overwrite a pan made now, and the node asked for stays off-screen).
   */
  private retarget(move: (c: Camera) => Camera): boolean {
    const from = this.anim ? this.anim.to : this.camera;
    const next = move(from);
    if (next === from) return false;
    if (this.anim) this.anim.to = next;
    else this.camera = next;
    this.invalidate();
    return true;
  }

  zoomStep(dir: 1 | -1): void {
    this.zoomTo(stepZoom(this.targetZoom, dir));
  }

  /** Animated zoom about the viewport centre. */
  zoomTo(zoom: number, animate = true): void {
    // About where the camera is going: a step pressed mid-animation neither drifts nor jumps.
    this.moveTo(zoomAround(this.anim ? this.anim.to : this.camera, zoom, this.width / 2, this.height / 2), animate);
  }

  /** Ctrl+wheel notches: one ladder step, the world point under the pointer (sx, sy) kept there. */
  zoomStepAt(dir: 1 | -1, sx: number, sy: number): void {
    const from = this.anim ? this.anim.to : this.camera;
    this.moveTo(zoomAround(from, stepZoom(from.zoom, dir), sx, sy), true);
  }

  /** A trackpad pinch (ctrl+wheel) moved: zoom × `scale` at once, free between steps, about (sx, sy). */
  pinchBy(scale: number, sx: number, sy: number): void {
    this.pinchFrom ??= this.targetZoom;
    this.setCamera(zoomAround(this.camera, this.camera.zoom * scale, sx, sy));
  }

  /**
   * The trackpad pinch ended: to the nearest ladder step about (sx, sy), or, when that is where it
   * began though the fingers moved (`dir`), one step on: a small pinch is not undone.
   */
  pinchEnd(dir: 1 | -1 | 0, sx: number, sy: number): void {
    const from = this.pinchFrom ?? this.camera.zoom;
    this.pinchFrom = null;
    let z = nearestZoom(this.camera.zoom);
    if (dir && Math.abs(z - from) < 1e-6 && Math.abs(this.camera.zoom - from) > 1e-6) z = stepZoom(from, dir);
    this.moveTo(zoomAround(this.camera, z, sx, sy), true);
  }

  /** Shows camera `c` at once, its zoom possibly between ladder steps (a pinch under way). */
  setCamera(c: Camera): void {
    this.anim = null;
    this.camera = c;
    this.invalidate();
  }

  /** Ends a pinch: animates to the nearest ladder zoom (SPEC §9 steps) about (sx, sy). */
  settleZoom(sx: number, sy: number): void {
    this.moveTo(zoomAround(this.camera, nearestZoom(this.camera.zoom), sx, sy), true);
  }

  /** The zoom the camera shows, or is animating to. */
  get targetZoom(): number {
    return this.anim ? this.anim.to.zoom : this.camera.zoom;
  }

  moveTo(to: Camera, animate: boolean): void {
    if (!animate) {
      this.anim = null;
      this.camera = to;
    } else this.anim = { from: this.camera, to, start: performance.now() };
    this.on.zoom(to.zoom);
    this.invalidate();
  }

  /** Keeps the content centred when the viewport changes size, as kityminder does. */
  resize(w: number, h: number): void {
    this.camera = panCamera(this.camera, (w - this.width) / 2, (h - this.height) / 2);
    this.width = w;
    this.height = h;
  }

  /** The camera of the frame painted at `now` (advancing an animation), with movement noted. */
  frame(now: number): Camera {
    if (this.anim) {
      const t = Math.min(1, (now - this.anim.start) / ZOOM_ANIMATION_MS);
      const e = easeInOutSine(t);
      const { from, to } = this.anim;
      this.camera = { zoom: from.zoom + (to.zoom - from.zoom) * e, tx: from.tx + (to.tx - from.tx) * e, ty: from.ty + (to.ty - from.ty) * e };
      if (t >= 1) this.anim = null;
      else this.invalidate();
    }
    this.noteMovement(this.camera);
    return this.camera;
  }

  /** Tracks camera movement frame by frame; rest = no movement for 100 ms and no animation. */
  private noteMovement(c: Camera): void {
    const last = this.lastCamera;
    this.lastCamera = c;
    if (!last || (last.zoom === c.zoom && last.tx === c.tx && last.ty === c.ty)) return;
    const host = this.on.host();
    if (host) host.dataset.camera = 'moving';
    clearTimeout(this.restTimer);
    this.restTimer = window.setTimeout(() => {
      if (this.anim) return; // the animation's last frame notes movement again
      const h = this.on.host();
      if (h) delete h.dataset.camera;
      this.on.rest();
    }, 100);
  }

  dispose(): void {
    clearTimeout(this.restTimer);
  }
}
