import { markerLayout } from '../canvas/markers';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import { contentInset } from '../canvas/node-shape';

// Where the text edit field goes: over the node's TEXT (after the priority / progress badges,
// which stay visible), in the node's font size times the zoom but never under a readable
// minimum, and inside the canvas: the view pans first when the field would cross the canvas
// edge (the outline panel is beside the canvas, so it is never covered).

/** Smallest font the field uses, whatever the zoom (CSS px). */
export const MIN_EDIT_FONT = 13;
/** Field border + padding, so the typed text sits where the node's text is drawn. */
const PAD_X = 8;
const PAD_Y = 6;
const LINE = 1.4;
/** Gap kept between the field and the canvas edge. */
const EDGE = 8;

export interface EditBox {
  left: number;
  top: number;
  /** Starting width (the field grows with its text up to maxWidth, then wraps). */
  width: number;
  maxWidth: number;
  /**
   * Anchored by its right edge instead (px from the canvas's right edge): a field for a topic
   * drawn leftwards of what it belongs to (a left-side 概要) grows to the left as it is drawn.
   */
  right?: number;
  fontSize: number;
}

type Canvas = Pick<MindmapCanvas, 'store' | 'camera' | 'width' | 'height' | 'panBy' | 'reveal'>;

function measure(c: Canvas, id: string): EditBox | null {
  const n = c.store.node(id);
  const b = c.store.boxOf(id);
  if (!n || !b) return null;
  const { zoom, tx, ty } = c.camera;
  const ml = markerLayout(n.markers);
  const inset = contentInset(n);
  const fontSize = Math.max(MIN_EDIT_FONT, n.style.fontSize * zoom);
  const textLeft = (b.x + inset + ml.leftWidth) * zoom + tx;
  const textWidth = (b.w - 2 * inset - ml.leftWidth - ml.rightWidth) * zoom;
  const textTop = (b.y + b.h / 2) * zoom + ty - (fontSize * LINE) / 2;
  const width = Math.max(textWidth, fontSize * 6) + 2 * PAD_X;
  const left = textLeft - PAD_X;
  return { left, top: textTop - PAD_Y, width, maxWidth: Math.max(width, c.width - EDGE - left), fontSize };
}

/**
 * The field's box for node `id`, after panning the view so that it fits inside the canvas, or
 * inside its top `visibleHeight` px (a phone's on-screen keyboard covers the rest).
 */
export function editBox(c: Canvas, id: string, visibleHeight = c.height): EditBox | null {
  c.reveal(id);
  const m = measure(c, id);
  if (!m) return null;
  const { dx, dy } = panInto({ ...m, height: m.fontSize * LINE + 2 * PAD_Y }, c.width, Math.min(c.height, visibleHeight));
  if (!dx && !dy) return m;
  c.panBy(dx, dy);
  return measure(c, id);
}

/**
 * How far to pan the view so that a field at screen box `b` (canvas px) lies inside a canvas of
 * `width` × `height`, EDGE px from its edges (its left and top edges win when it is larger).
 */
export function panInto(b: { left: number; top: number; width: number; height: number }, width: number, height: number): { dx: number; dy: number } {
  let dx = 0;
  let dy = 0;
  if (b.left + b.width > width - EDGE) dx = width - EDGE - (b.left + b.width);
  if (b.left + dx < EDGE) dx = EDGE - b.left;
  if (b.top + b.height > height - EDGE) dy = height - EDGE - (b.top + b.height);
  if (b.top + dy < EDGE) dy = EDGE - b.top;
  return { dx, dy };
}

/**
 * Where the armed keyboard target sits: over the selected node's box, so an IME's candidate
 * window opens at the node (and the node's screen box can be read from it).
 */
export function anchorOf(c: Canvas | null, id: string | null): { left: number; top: number; width: number; height: number } {
  const b = c && id ? c.store.boxOf(id) : undefined;
  if (!c || !b) return { left: 0, top: 0, width: 1, height: 1 };
  const { zoom, tx, ty } = c.camera;
  return { left: b.x * zoom + tx, top: b.y * zoom + ty, width: Math.max(1, b.w * zoom), height: Math.max(1, b.h * zoom) };
}

/**
 * Where the map's key field waits while a line is selected and no topic is: over the line's
 * label, 12em wide as its label field, so an IME composition begun there is seen where the label goes.
 */
export function lineAnchor(
  c: Pick<MindmapCanvas, 'store' | 'camera' | 'relations'> | null,
  lineId: string | null,
): { left: number; top: number; width: number; height: number } | null {
  const m = c && lineId ? c.relations.labelCentre(c.store, lineId) : null;
  if (!c || !m) return null;
  const { zoom, tx, ty } = c.camera;
  return { left: m.x * zoom + tx - 80, top: m.y * zoom + ty - 12, width: 160, height: 24 };
}

/**
 * The field of a node being inserted next to `id` (Tab / Enter open it before the worker answers,
 * so typing starts at once): below and right of the selected node, inside the canvas.
 */
export function insertBox(c: Pick<MindmapCanvas, 'store' | 'camera' | 'width'>, id: string): EditBox | null {
  const b = c.store.boxOf(id);
  if (!b) return null;
  const { zoom, tx, ty } = c.camera;
  const left = Math.min((b.x + b.w + 30) * zoom + tx, c.width - 140);
  return { left, top: (b.y + b.h) * zoom + ty, width: 120, maxWidth: Math.max(120, c.width - 8 - left), fontSize: Math.max(MIN_EDIT_FONT, 14 * zoom) };
}
