import { screenToWorld, type Camera } from './camera';
import { expanderAt } from './expander';
import { markerAtPoint } from './node-content';
import type { SceneStore } from './scene-store';
import type { Rect } from './scene-types';

// What is under a canvas-relative CSS pixel, and where a node is on screen: the scene's spatial
// index seen through the camera (pointer input, menus and the edit field ask these).

/** Node id under (sx, sy), via the spatial index. */
export function nodeAtScreen(store: SceneStore, camera: Camera, sx: number, sy: number): string | null {
  const [wx, wy] = screenToWorld(camera, sx, sy);
  const s = store.hitTest(wx, wy);
  return s < 0 ? null : (store.records[s]?.id ?? null);
}

/** Node icon (link, note, …) under (sx, sy), with its node id; none below 50 % zoom. */
export function markerAtScreen(store: SceneStore, camera: Camera, sx: number, sy: number): { id: string; kind: string } | null {
  const [wx, wy] = screenToWorld(camera, sx, sy);
  const s = store.hitTest(wx, wy);
  const n = s < 0 ? undefined : store.records[s];
  if (!n || camera.zoom < 0.5) return null;
  const b = store.box(s);
  const kind = markerAtPoint(n, b.x, b.y, b.w, b.h, wx, wy);
  return kind ? { id: n.id, kind } : null;
}

/** The node whose expand/collapse button is under (sx, sy). */
export function expanderAtScreen(store: SceneStore, camera: Camera, sx: number, sy: number): { id: string; collapsed: boolean } | null {
  const [wx, wy] = screenToWorld(camera, sx, sy);
  return expanderAt(store, wx, wy);
}

/** Screen rect (canvas-relative CSS px) of a node's box. */
export function screenBoxOf(store: SceneStore, c: Camera, id: string): Rect | null {
  const b = store.boxOf(id);
  return b ? { x: b.x * c.zoom + c.tx, y: b.y * c.zoom + c.ty, w: b.w * c.zoom, h: b.h * c.zoom } : null;
}
