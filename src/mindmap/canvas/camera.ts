import type { Rect } from './scene-types';

// Camera math, pure. screen = world * zoom + t (CSS pixels). Zoom is restricted to the
// SPEC §9 ladder 25–200 % in steps of 25; callers step along it rather than scaling freely
// so that label textures are only ever needed at eight sizes.

export interface Camera {
  tx: number;
  ty: number;
  zoom: number;
}

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 2;
export const ZOOM_STEPS: readonly number[] = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

export function clampZoom(z: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
}

/** Next ladder value above (dir > 0) or below (dir < 0) `z`; stays put at the ends. */
export function stepZoom(z: number, dir: number): number {
  const eps = 1e-6;
  if (dir > 0) {
    for (const s of ZOOM_STEPS) if (s > z + eps) return s;
    return MAX_ZOOM;
  }
  for (let i = ZOOM_STEPS.length - 1; i >= 0; i--) if (ZOOM_STEPS[i] < z - eps) return ZOOM_STEPS[i];
  return MIN_ZOOM;
}

/** The ladder value nearest `z` (a pinch settles there when the fingers lift). */
export function nearestZoom(z: number): number {
  let best = ZOOM_STEPS[0];
  for (const s of ZOOM_STEPS) if (Math.abs(s - z) < Math.abs(best - z)) best = s;
  return best;
}

/**
 * The camera during a pinch that began with camera `start` and fingers around (sx0, sy0): zoom
 * `start.zoom × scale` (clamped, free between ladder values while the fingers are down), the
 * world point first under the fingers kept under their midpoint (sx, sy) now.
 */
export function pinchCamera(start: Camera, scale: number, sx0: number, sy0: number, sx: number, sy: number): Camera {
  const z = clampZoom(start.zoom * scale);
  const [wx, wy] = screenToWorld(start, sx0, sy0);
  return { zoom: z, tx: sx - wx * z, ty: sy - wy * z };
}

export function worldToScreen(c: Camera, wx: number, wy: number): [number, number] {
  return [wx * c.zoom + c.tx, wy * c.zoom + c.ty];
}

export function screenToWorld(c: Camera, sx: number, sy: number): [number, number] {
  return [(sx - c.tx) / c.zoom, (sy - c.ty) / c.zoom];
}

/** Zoom to `zoom` keeping the world point under screen point (sx, sy) fixed. */
export function zoomAround(c: Camera, zoom: number, sx: number, sy: number): Camera {
  const z = clampZoom(zoom);
  const [wx, wy] = screenToWorld(c, sx, sy);
  return { zoom: z, tx: sx - wx * z, ty: sy - wy * z };
}

export function panCamera(c: Camera, dx: number, dy: number): Camera {
  return { zoom: c.zoom, tx: c.tx + dx, ty: c.ty + dy };
}

/** Place world point (wx, wy) at the screen point (sx, sy). */
export function centerOn(c: Camera, wx: number, wy: number, sx: number, sy: number): Camera {
  return { zoom: c.zoom, tx: sx - wx * c.zoom, ty: sy - wy * c.zoom };
}

/** World rectangle seen through a viewport of vw×vh CSS px, grown by `marginPx` screen px per side. */
export function viewRect(c: Camera, vw: number, vh: number, marginPx = 0): Rect {
  const [x, y] = screenToWorld(c, -marginPx, -marginPx);
  return { x, y, w: (vw + 2 * marginPx) / c.zoom, h: (vh + 2 * marginPx) / c.zoom };
}

/**
 * Smallest pan that brings world rect `r` inside the viewport with `pad` px to spare
 * (kityminder scrolls by the overflow + 50 px). Returns the same camera when already visible.
 */
export function ensureVisible(c: Camera, r: Rect, vw: number, vh: number, pad = 50): Camera {
  const [x0, y0] = worldToScreen(c, r.x, r.y);
  const x1 = x0 + r.w * c.zoom,
    y1 = y0 + r.h * c.zoom;
  let dx = 0,
    dy = 0;
  if (x0 < 0) dx = -x0 + pad;
  else if (x1 > vw) dx = vw - x1 - pad;
  if (y0 < 0) dy = -y0 + pad;
  else if (y1 > vh) dy = vh - y1 - pad;
  return dx === 0 && dy === 0 ? c : panCamera(c, dx, dy);
}

/** easeInOutSine, kityminder's zoom easing. */
export function easeInOutSine(t: number): number {
  return -(Math.cos(Math.PI * Math.min(1, Math.max(0, t))) - 1) / 2;
}

/** Labels are text from ~8 px on screen; a view meant for reading keeps the smallest one there. */
export const READABLE_PX = 8;
/**
 * On a phone (SPEC §9) the screen is small and 8-9 px CJK labels cannot be read without zooming
 * first: a view meant for reading keeps the smallest label at 12 px there (the body text size).
 */
export const PHONE_READABLE_PX = 12;

/** Smallest ladder zoom at which a `fontSize` label is at least `px` (READABLE_PX) on screen. */
export function readableZoom(fontSize: number, px = READABLE_PX): number {
  for (const s of ZOOM_STEPS) if (fontSize * s >= px - 1e-9) return s;
  return MAX_ZOOM;
}

/** Largest ladder zoom (≤ maxZoom) at which world rect `r` plus `pad` px per side fits the viewport. */
export function fitZoom(r: Rect, vw: number, vh: number, maxZoom = MAX_ZOOM, pad = 20): number {
  const z = Math.min(vw / (r.w + 2 * pad), vh / (r.h + 2 * pad));
  let best = MIN_ZOOM;
  for (const s of ZOOM_STEPS) if (s <= z + 1e-9 && s <= maxZoom + 1e-9) best = s;
  return best;
}

/**
 * The view to open a map with, or to fit it: everything, when that fits at a zoom where labels
 * stay readable (`minZoom`); else the readable zoom centred on `focus` (the selection, or the
 * node being studied), moved only as far as needed so that no empty space shows beyond the map's
 * edge while the map overflows the viewport on that axis.
 */
export function frameView(bounds: Rect, focus: Rect, vw: number, vh: number, minZoom: number, maxZoom: number, pad = 20): Camera {
  const fit = fitZoom(bounds, vw, vh, maxZoom, pad);
  if (fit >= minZoom - 1e-9) return centerOn({ zoom: fit, tx: 0, ty: 0 }, bounds.x + bounds.w / 2, bounds.y + bounds.h / 2, vw / 2, vh / 2);
  const z = clampZoom(Math.min(minZoom, maxZoom));
  const c = centerOn({ zoom: z, tx: 0, ty: 0 }, focus.x + focus.w / 2, focus.y + focus.h / 2, vw / 2, vh / 2);
  const axis = (t: number, lo: number, size: number, view: number): number => {
    if (size * z + 2 * pad <= view) return view / 2 - (lo + size / 2) * z;
    // the map's near edge no further in than `pad`, its far edge no further in than view - pad
    return Math.min(pad - lo * z, Math.max(view - pad - (lo + size) * z, t));
  };
  return { zoom: z, tx: axis(c.tx, bounds.x, bounds.w, vw), ty: axis(c.ty, bounds.y, bounds.h, vh) };
}

/**
 * The view of the explicit 适应画布 command: the WHOLE map, at the zoom that just holds it (between
 * ladder steps, as XMind and kityminder fit: floored to the ladder, a map needing 45 % fell to 25 %,
 * issue 31.15; Ctrl+± step on from there to the ladder), down to MIN_ZOOM, centred on the map; a
 * map too big even for MIN_ZOOM is centred at MIN_ZOOM. (Opening a map keeps frameView's ladder and
 * readable rule.)
 */
export function fitAllView(bounds: Rect, vw: number, vh: number, maxZoom: number, pad = 20, drawn?: Rect): Camera {
  const holds = (r: Rect) => clampZoom(Math.min(maxZoom, vw / (r.w + 2 * pad), vh / (r.h + 2 * pad)));
  const view = (r: Rect) => centerOn({ zoom: holds(r), tx: 0, ty: 0 }, r.x + r.w / 2, r.y + r.h / 2, vw / 2, vh / 2);
  const cam = view(bounds);
  if (!drawn) return cam;
  // Framed by the topics, unless that cuts off something drawn beyond them (tianpan arcs, a
  // bowed relationship line): then by both. A map whose drawings stay in the margin keeps its frame.
  const [x0, y0] = worldToScreen(cam, drawn.x, drawn.y);
  const [x1, y1] = worldToScreen(cam, drawn.x + drawn.w, drawn.y + drawn.h);
  if (x0 >= DRAWN_MARGIN_PX && y0 >= DRAWN_MARGIN_PX && x1 <= vw - DRAWN_MARGIN_PX && y1 <= vh - DRAWN_MARGIN_PX) return cam;
  const x = Math.min(bounds.x, drawn.x);
  const y = Math.min(bounds.y, drawn.y);
  return view({ x, y, w: Math.max(bounds.x + bounds.w, drawn.x + drawn.w) - x, h: Math.max(bounds.y + bounds.h, drawn.y + drawn.h) - y });
}

/** How far inside the viewport's edges everything drawn stays after 适应画布 (CSS px). */
export const DRAWN_MARGIN_PX = 6;
