import type { Graphics } from 'pixi.js';
import { BADGE } from '../engine/render/progress-badge';
import { GREEN } from './markers';
import { GlyphMeasurer } from './text-measure';

// A branch's study progress on the canvas (issue 22): a small pill on the node's bottom-right
// corner, a ring filled learnt/total and "3/8" (the root: the case's percentage). The same look
// and place as the SVG/PNG export's badge (engine/render/progress-badge.ts): over the box edge,
// outside the laid-out content, so a map's layout is the same with or without progress.
// Level of detail: the text only while 10 px text is readable, the bare ring down to 25 %,
// nothing below (a 4 px ring is a dot there).

const hex = (css: string) => parseInt(css.slice(1), 16);
export const BADGE_FONT_SIZE = BADGE.fontSize;
export const BADGE_H = BADGE.h;
const { r: R, pad: PAD, gap: GAP } = BADGE;
const TRACK = hex(BADGE.track);
export const BADGE_INK = hex(BADGE.ink);

let measurer: GlyphMeasurer | null = null;
function textWidth(text: string): number {
  measurer ??= new GlyphMeasurer(typeof OffscreenCanvas !== 'undefined');
  return measurer.width(text, BADGE_FONT_SIZE, false, false);
}

/** Where the badge of box (x, y, w, h) with `text` goes: its left edge, width and centre line. */
export interface BadgePlace {
  x: number;
  w: number;
  cy: number;
  /** Left edge of the text. */
  tx: number;
}

export function badgePlace(x: number, y: number, w: number, h: number, text: string, out: BadgePlace): BadgePlace {
  const bw = PAD + 2 * R + GAP + Math.ceil(textWidth(text)) + PAD;
  out.x = x + w - bw;
  out.w = bw;
  out.cy = y + h;
  out.tx = out.x + PAD + 2 * R + GAP;
  return out;
}

/** Draws the pill (when `pill`) and the ring filled learnt/total; the text is a label of its own. */
export function drawProgressBadge(g: Graphics, b: BadgePlace, learnt: number, total: number, pill: boolean): void {
  const cx = b.x + PAD + R;
  const cy = b.cy;
  if (pill)
    g.roundRect(b.x, cy - BADGE_H / 2, b.w, BADGE_H, BADGE_H / 2)
      .fill(0xffffff)
      .stroke({ color: TRACK, width: 1 });
  else g.circle(cx, cy, R + 2).fill(0xffffff);
  g.circle(cx, cy, R).stroke({ color: TRACK, width: 2 });
  const f = total > 0 ? learnt / total : 0;
  if (f >= 1) g.circle(cx, cy, R).stroke({ color: GREEN, width: 2 });
  else if (f > 0)
    g.moveTo(cx, cy - R)
      .arc(cx, cy, R, -Math.PI / 2, -Math.PI / 2 + f * Math.PI * 2)
      .stroke({ color: GREEN, width: 2 });
}
