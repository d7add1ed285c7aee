import { isMobile } from '../host';
import { fitAllView, frameView, PHONE_READABLE_PX, READABLE_PX, readableZoom, type Camera } from './camera';
import { CameraRig } from './camera-rig';
import { drawnBounds } from './drawn-bounds';
import type { SceneStore } from './scene-store';
import type { Rect } from './scene-types';
import { expanderAtScreen, markerAtScreen, nodeAtScreen, screenBoxOf } from './screen-queries';

// The camera side of MindmapCanvas (mindmap-canvas.ts extends it): where the camera is and how
// the editor moves it (camera-rig.ts does the moving), framing a map, and what lies under a
// canvas point. Apart from the canvas itself, which owns what is drawn and when (layers, the
// paint schedule, the Pixi Application); the two meet only at invalidate().

export abstract class CanvasCamera {
  /** The scene the camera frames and the queries search. */
  abstract readonly store: SceneStore;
  /** The element the canvas sits in (set on attach): the rig marks it while the camera moves. */
  protected host: HTMLElement | null = null;
  /** The camera and its movement (pans, animated zooms, rest tracking). */
  readonly rig = new CameraRig({ invalidate: () => this.invalidate(), host: () => this.host, zoom: (z) => this.onZoom(z), rest: () => this.onCameraRest() });

  /** Asks for a painted frame (the camera moved). */
  abstract invalidate(): void;

  // The camera, as the editor drives it (camera-rig.ts does the moving).
  get camera(): Camera {
    return this.rig.camera;
  }
  get width(): number {
    return this.rig.width;
  }
  get height(): number {
    return this.rig.height;
  }
  /** Called with the zoom the camera is going to (an animation's target, at once): zoom labels. */
  onZoom: (zoom: number) => void = () => {};
  /**
   * Called once the camera has come to rest after moving: whatever is placed over the canvas in
   * screen space (the IME target, the edit field) is placed again. The host carries
   * `data-camera="moving"` meanwhile.
   */
  onCameraRest: () => void = () => {};
  panBy = (dx: number, dy: number): void => this.rig.panBy(dx, dy);
  centerWorld = (wx: number, wy: number): void => this.rig.centerWorld(wx, wy);
  zoomStep = (dir: 1 | -1): void => this.rig.zoomStep(dir);
  zoomTo = (zoom: number, animate = true): void => this.rig.zoomTo(zoom, animate);
  setCamera = (c: Camera): void => this.rig.setCamera(c);
  settleZoom = (sx: number, sy: number): void => this.rig.settleZoom(sx, sy);
  get targetZoom(): number {
    return this.rig.targetZoom;
  }

  /** Scroll so that node `id` is visible; true when the camera moved. */
  reveal(id: string): boolean {
    const n = this.store.boxOf(id);
    return n ? this.rig.reveal(n) : false;
  }

  /**
   * Frames the map for reading (open, import): all of it when it fits at a zoom where the
   * smallest label is still text (≥ 8 px; ≥ 12 px on a phone), else that zoom around node `focusId`.
   */
  frameMap(focusId: string | null, maxZoom = 1): void {
    if (!this.store.slotOf.size) return;
    const bounds = this.store.bounds();
    const focus = (focusId && this.store.boxOf(focusId)) || bounds;
    const readable = readableZoom(this.store.smallestFont(), isMobile() ? PHONE_READABLE_PX : READABLE_PX);
    this.rig.moveTo(frameView(bounds, focus, this.width, this.height, readable, maxZoom), false);
  }

  /** What is drawn beyond the topics, connectors and expanders (relationship lines, summaries): world rectangles. */
  protected drawnExtras(): Rect[] {
    return [];
  }

  /** 适应画布: all that is drawn (down to MIN_ZOOM), centred on it (camera.ts fitAllView, drawn-bounds.ts). */
  fitAll(maxZoom = 2): void {
    if (!this.store.slotOf.size) return;
    const drawn = drawnBounds(this.store, this.drawnExtras()) ?? undefined;
    this.rig.moveTo(fitAllView(this.store.bounds(), this.width, this.height, maxZoom, 20, drawn), false);
  }

  // Pointer queries at canvas-relative CSS pixels (screen-queries.ts).
  markerAt = (sx: number, sy: number) => markerAtScreen(this.store, this.camera, sx, sy);
  screenBox = (id: string) => screenBoxOf(this.store, this.camera, id);
  expanderAt = (sx: number, sy: number) => expanderAtScreen(this.store, this.camera, sx, sy);
  hitTest = (sx: number, sy: number) => nodeAtScreen(this.store, this.camera, sx, sy);
}
