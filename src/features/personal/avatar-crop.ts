/**
 * The square crop of the 个人设置 photo picker, as pure geometry: the image is drawn at
 * `scale = cover × zoom` (cover: the smallest scale at which it fills the square viewport), with
 * its top-left corner at (x, y) in viewport pixels; it always covers the whole viewport.
 */
export interface Crop {
  zoom: number;
  x: number;
  y: number;
}

export interface Frame {
  /** natural image size */
  w: number;
  h: number;
  /** the square viewport's side, CSS px */
  view: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

const scaleOf = (f: Frame, zoom: number) => (f.view / Math.min(f.w, f.h)) * zoom;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Keeps the image over the whole viewport (no empty edge) at a zoom within bounds. */
export function clampCrop(c: Crop, f: Frame): Crop {
  const zoom = clamp(c.zoom, MIN_ZOOM, MAX_ZOOM);
  const s = scaleOf(f, zoom);
  return { zoom, x: clamp(c.x, f.view - f.w * s, 0), y: clamp(c.y, f.view - f.h * s, 0) };
}

/** The image centred, filling the viewport. */
export function initialCrop(f: Frame): Crop {
  const s = scaleOf(f, 1);
  return clampCrop({ zoom: 1, x: (f.view - f.w * s) / 2, y: (f.view - f.h * s) / 2 }, f);
}

/** Moves the image by (dx, dy) viewport pixels (a drag, or an arrow key). */
export function panCrop(c: Crop, dx: number, dy: number, f: Frame): Crop {
  return clampCrop({ ...c, x: c.x + dx, y: c.y + dy }, f);
}

/** Zooms keeping the image point under the viewport's centre where it is. */
export function zoomCrop(c: Crop, zoom: number, f: Frame): Crop {
  const z = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  const ratio = scaleOf(f, z) / scaleOf(f, c.zoom);
  const mid = f.view / 2;
  return clampCrop({ zoom: z, x: mid - (mid - c.x) * ratio, y: mid - (mid - c.y) * ratio }, f);
}

/** The square of the image (natural pixels) the viewport shows: what the saved photo holds. */
export function sourceRect(c: Crop, f: Frame): { sx: number; sy: number; size: number } {
  const s = scaleOf(f, c.zoom);
  // `0 - x` rather than `-x`: no negative zero for an image at the edge
  return { sx: (0 - c.x) / s, sy: (0 - c.y) / s, size: f.view / s };
}
