import type { Graphics } from 'pixi.js';

// Mastery on the canvas (issue 34 item 2). Each graded topic carries a small Harvey ball on its
// box's top-left corner, over the edge like the 复 mark (top-right) and the progress pill
// (bottom-right), so the layout is the same with or without it: a third filled for 学过, two
// thirds for 熟悉, full for 掌握 — read by its fill, not its hue, so it holds in grey scale and
// on every theme (white disc, dark ink). A fading topic's ball has an orange rim.
// The 掌握度 view tints whole boxes instead: a ramp whose lightness falls with the level (grey
// scale keeps the order) with dark text on every tint, and a thick orange outline on fading topics.
// Like the review mark, the levels are the student's, asked per visible node (SceneStore.masteryOf).

export const MASTERY_INK = 0x1f6f43;
export const FADING_RIM = 0xc2410c;
const R = 6;

/** Centre of the ball of box (x, y): on the top edge, its left side flush with the box's. */
export function masteryMarkCentre(x: number, y: number): { cx: number; cy: number } {
  return { cx: x + R, cy: y };
}

/** The ball of a topic at `level` (1-3); nothing for 未学. */
export function drawMasteryMark(g: Graphics, x: number, y: number, level: number, fading: boolean): void {
  if (level <= 0) return;
  const { cx, cy } = masteryMarkCentre(x, y);
  g.circle(cx, cy, R).fill(0xffffff);
  const f = Math.min(level, 3) / 3;
  if (f >= 1) g.circle(cx, cy, R).fill(MASTERY_INK);
  else
    g.moveTo(cx, cy)
      .arc(cx, cy, R, -Math.PI / 2, -Math.PI / 2 + f * Math.PI * 2)
      .lineTo(cx, cy)
      .fill(MASTERY_INK);
  g.circle(cx, cy, R).stroke({ color: fading ? FADING_RIM : MASTERY_INK, width: fading ? 2 : 1.25 });
}

/** Box tints of the 掌握度 view by level (0 未学 … 3 掌握): lightness falls as mastery grows. */
export const HEAT_FILLS = [0xf4f4f5, 0xfde2c4, 0xb7e4a8, 0x6fbf73] as const;
/** Text on every tint (contrast ≥ 7:1 on the darkest). */
export const HEAT_INK = 0x111827;
const HEAT_EDGE = 0x9ca3af;

export function heatFill(level: number): number {
  return HEAT_FILLS[Math.max(0, Math.min(3, level))];
}

/** Outline of a tinted box: thin grey, or the thick orange rim of a fading topic. */
export function heatStroke(fading: boolean): { color: number; width: number } {
  return fading ? { color: FADING_RIM, width: 3 } : { color: HEAT_EDGE, width: 1 };
}
