import type { Rect } from '../canvas/scene-types';

// Arrow keys move as the map looks (kityminder keynav.js): from the selected box, the nearest
// box strictly on that side by gap distance — vertical gap when the boxes overlap horizontally,
// horizontal gap when they overlap vertically, else Euclidean — with siblings' distances /10 and
// the parent's /5, and from the root its main topics' /5 (→ goes to a main topic, as in XMind, not
// to a nearer grandchild; deeper, ↑/↓ keep to siblings over the children stacked beside). So ← on
// a left-side branch goes away from the root, as on screen. Computed
// for the one key pressed (O(visible nodes)), not as kityminder's O(n²) table after each layout.

export type Direction = 'up' | 'down' | 'left' | 'right';

export interface NavBox extends Rect {
  id: string;
  parentId: string | null;
}

function gap(a: Rect, b: Rect): number {
  const xDist = Math.max(a.x + a.w, b.x + b.w) - Math.min(a.x, b.x) - a.w - b.w;
  const yDist = Math.max(a.y + a.h, b.y + b.h) - Math.min(a.y, b.y) - a.h - b.h;
  if (xDist < 0) return yDist;
  if (yDist < 0) return xDist;
  return Math.hypot(xDist, yDist);
}

function onSide(c: Rect, f: Rect, dir: Direction): boolean {
  if (dir === 'left') return c.x + c.w < f.x;
  if (dir === 'right') return c.x > f.x + f.w;
  if (dir === 'up') return c.y + c.h < f.y;
  return c.y > f.y + f.h;
}

/**
 * Whether ← / → would cross the parent to reach sibling `c` (a main topic across the root). Only
 * sideways: children stacked beside their parent lie above and below its middle, and ↑ / ↓ between
 * them is the sibling move itself.
 */
function across(parent: Rect | undefined, c: Rect, from: Rect, dir: Direction): boolean {
  if (!parent || (dir !== 'left' && dir !== 'right')) return false;
  const mid = (r: Rect) => r.x + r.w / 2;
  return (mid(parent) - mid(c)) * (mid(parent) - mid(from)) < 0;
}

/**
 * The id an arrow key moves to from `from`, or null when nothing lies on that side (`boxes` may
 * yield one reused object). `parent`: the box of `from`'s parent — a sibling on its far side (a
 * main topic across the root) is no nearer for being a sibling.
 */
export function nearestInDirection(from: NavBox, boxes: Iterable<NavBox>, dir: Direction, parent?: Rect): string | null {
  let best: string | null = null;
  let bestDist = Infinity;
  for (const c of boxes) {
    if (c.id === from.id || !c.w || !c.h || !onSide(c, from, dir)) continue;
    let d = gap(c, from);
    if (from.parentId !== null && c.parentId === from.parentId && !across(parent, c, from, dir)) d /= 10;
    if (from.parentId === c.id || (from.parentId === null && c.parentId === from.id)) d /= 5;
    if (d < bestDist) {
      bestDist = d;
      best = c.id;
    }
  }
  return best;
}
