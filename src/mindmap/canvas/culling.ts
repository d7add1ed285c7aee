import { viewRect, type Camera } from './camera';
import type { Rect } from './scene-types';

// Culling with hysteresis: the visible set is queried for the viewport plus a margin, and
// re-queried only when the bare viewport (plus a quarter margin) pokes out of the last query
// rect or the zoom changed. Between re-queries panning is a transform change only.

export const CULL_MARGIN_PX = 384;

export interface CullState {
  rect: Rect;
  zoom: number;
}

export function cullRect(c: Camera, vw: number, vh: number, margin = CULL_MARGIN_PX): Rect {
  return viewRect(c, vw, vh, margin);
}

export function contains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
}

export function needsRequery(last: CullState | null, c: Camera, vw: number, vh: number, margin = CULL_MARGIN_PX): boolean {
  if (!last || last.zoom !== c.zoom) return true;
  return !contains(last.rect, viewRect(c, vw, vh, margin / 4));
}

export interface VisibleDiff {
  enter: number[];
  exit: number[];
}

/** Items entering/leaving between two visible sets; `next` becomes the caller's new set. */
export function diffVisible(prev: ReadonlySet<number>, next: ReadonlySet<number>): VisibleDiff {
  const enter: number[] = [];
  const exit: number[] = [];
  for (const i of next) if (!prev.has(i)) enter.push(i);
  for (const i of prev) if (!next.has(i)) exit.push(i);
  return { enter, exit };
}
