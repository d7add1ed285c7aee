import { markerLayout, type MarkerLayout } from './markers';
import { contentInset } from './node-shape';
import type { SceneNode } from './scene-types';

// Where a node's content goes inside its box, the way the engine sized it (node-size.ts): the
// image on top (centred, `paddingY` below the top edge), then the row [left icons] text [right
// icons] centred in what is left. Left icons start at the content inset, right icons end at it.
// Used for drawing icons, placing labels and hit-testing icons, so all three agree.

export interface ContentRow {
  ml: MarkerLayout;
  /** Vertical centre of the icon/text row. */
  cy: number;
  /** Left edge of the first left icon; the text starts at `x0 + ml.leftWidth`. */
  x0: number;
  /** Left edge of the first right icon. */
  xr: number;
}

export function contentRow(n: SceneNode, x: number, y: number, w: number, h: number): ContentRow {
  const st = n.style;
  const space = st.space ?? 5;
  const ml = markerLayout(n.markers, space);
  const inset = contentInset(n);
  let cy = y + h / 2;
  if (n.image) {
    const pad = st.paddingY ?? 0;
    cy = (y + pad + n.image.h + space + y + h - pad) / 2;
  }
  return { ml, cy, x0: x + inset, xr: x + w - inset - ml.rightWidth + space };
}

/** The image's rect in world coordinates (centred, at its fitted size), or null. */
export function imageRect(n: SceneNode, x: number, y: number, w: number): { x: number; y: number; w: number; h: number } | null {
  const im = n.image;
  if (!im) return null;
  return { x: x + (w - im.w) / 2, y: y + (n.style.paddingY ?? 0), w: im.w, h: im.h };
}

/** The icon of node `n` (box x, y, w, h) under world point (wx, wy), or null. */
export function markerAtPoint(n: SceneNode, x: number, y: number, w: number, h: number, wx: number, wy: number): string | null {
  if (!n.markers) return null;
  const row = contentRow(n, x, y, w, h);
  const space = n.style.space ?? 5;
  const hit = (list: MarkerLayout['left'], x0: number): string | null => {
    let mx = x0;
    for (const it of list) {
      if (wx >= mx && wx <= mx + it.w && Math.abs(wy - row.cy) <= it.h / 2 + 1) return it.kind;
      mx += it.w + space;
    }
    return null;
  };
  return hit(row.ml.left, row.x0) ?? hit(row.ml.right, row.xr);
}
