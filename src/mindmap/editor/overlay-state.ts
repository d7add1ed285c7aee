import type { Graphics } from 'pixi.js';
import type { Camera } from '../canvas/camera';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import { circleRadius } from '../canvas/node-shape';
import type { Rect } from '../canvas/scene-types';

// What the editor's overlay layers (map-overlays.tsx) show, and how the per-frame marks are drawn.

export interface OverlayState {
  /** Shift-drag selection rectangle, canvas-relative CSS px. */
  marquee: Rect | null;
  /** Where a dragged node would land (world rect), or null. */
  drop: Rect | null;
  /** The drop there would be refused (the depth rule): drawn as a refusal, not as a target. */
  dropRefused: boolean;
  /** The node being dragged, drawn under the pointer (canvas-relative CSS px), or null. */
  ghost: Ghost | null;
}

/** A dragged node's stand-in: its text in a box of its on-screen size, grabbed where the drag began. */
export interface Ghost extends Rect {
  text: string;
  fontSize: number;
  /** How many other topics move with the one shown (a dragged multi-selection): a +N badge. */
  more?: number;
}

export class OverlayStore {
  private state: OverlayState = { marquee: null, drop: null, dropRefused: false, ghost: null };
  private listeners = new Set<() => void>();

  readonly subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };

  readonly get = () => this.state;

  set(change: Partial<OverlayState>): void {
    this.state = { ...this.state, ...change };
    for (const l of this.listeners) l();
  }
}

/** Selection rings (3 screen px outside each node's outline) and find highlights near the view. */
export function drawMarks(g: Graphics, canvas: Pick<MindmapCanvas, 'store' | 'selected' | 'highlighted'>, camera: Camera, view: Rect): void {
  g.clear();
  const px = 1 / camera.zoom;
  for (const id of canvas.highlighted) {
    const b = canvas.store.boxOf(id);
    if (!b || b.x > view.x + view.w || b.y > view.y + view.h || b.x + b.w < view.x || b.y + b.h < view.y) continue;
    g.roundRect(b.x - 2 * px, b.y - 2 * px, b.w + 4 * px, b.h + 4 * px, 4 * px)
      .fill({ color: 0xffd400, alpha: 0.3 })
      .stroke({ color: 0xf5a300, width: 2 * px });
  }
  for (const id of canvas.selected) {
    const b = canvas.store.boxOf(id);
    if (!b) continue;
    if (canvas.store.node(id)?.style.shape === 'circle') g.circle(b.x + b.w / 2, b.y + b.h / 2, circleRadius(b.w, b.h) + 3 * px);
    else g.roundRect(b.x - 3 * px, b.y - 3 * px, b.w + 6 * px, b.h + 6 * px, 4 * px);
    g.stroke({ color: 0x1677ff, width: 2 * px });
  }
}
