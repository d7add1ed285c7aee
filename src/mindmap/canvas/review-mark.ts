import type { Graphics } from 'pixi.js';

// The 待复习 mark of a node whose review card is due (issue 20): a violet dot with 复 on the box's
// top-right corner, over the edge and outside the laid-out content like the progress pill on the
// bottom-right, so a map's layout is the same with or without cards. Which nodes are due is the
// student's, not the document's: the editor sets it (MindmapCanvas.setReviewDue) and the painter
// asks per visible node, so painting costs nothing for nodes out of view.
// Level of detail as the progress ring: the dot down to 25 %, 复 while its 11 px are readable.

export const REVIEW_MARK_FILL = 0x6b3fd1;
export const REVIEW_MARK_FONT = 11;
export const REVIEW_MARK_TEXT = '复';
const R = 9;

/** Centre of the mark of box (x, y, w): on the top edge, its right side flush with the box's. */
export function reviewMarkCentre(x: number, y: number, w: number): { cx: number; cy: number } {
  return { cx: x + w - R, cy: y };
}

export function drawReviewMark(g: Graphics, x: number, y: number, w: number): void {
  const { cx, cy } = reviewMarkCentre(x, y, w);
  g.circle(cx, cy, R).fill(REVIEW_MARK_FILL).stroke({ color: 0xffffff, width: 1.5 });
}
