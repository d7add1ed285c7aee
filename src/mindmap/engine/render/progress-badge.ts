import type { Box } from '../layout/connectors';
import { percentOf, progressLabel, type Progress } from '../progress/rollup';
import { STUDY_GREEN } from './markers';

// A branch's study progress in the SVG (and so PNG) export (issue 22): a small pill on the node's
// bottom-right corner with a ring filled learnt/total and "3/8" — the root says the case's
// percentage instead. Drawn over the edge, outside the laid-out content, so a map exported with
// progress has the same layout as without. svg-node.ts paints it under the node's title, as the
// canvas does (marks under labels), so a tight sub topic's title is not covered by the pill.
// The numbers are rollup.ts's, the same as everywhere.

/** The badge's geometry and colours, shared with the canvas's drawing (canvas/progress-ring.ts). */
export const BADGE = { fontSize: 10, h: 14, r: 4, pad: 4, gap: 3, track: '#DCE3EA', ink: '#2F6B0C' } as const;
export const BADGE_FONT = `${BADGE.fontSize}px sans-serif`;
const { h: H, r: R, pad: PAD, gap: GAP, track: TRACK, ink: INK } = BADGE;

/** "3/8" beside a branch, "37%" on the root. */
export function badgeText(p: Progress, isRoot: boolean): string {
  return isRoot ? `${percentOf(p)}%` : progressLabel(p);
}

function ring(cx: number, cy: number, fraction: number): string {
  let arc = '';
  if (fraction >= 1) arc = `<circle cx="${cx}" cy="${cy}" r="${R}" fill="none" stroke="${STUDY_GREEN}" stroke-width="2"/>`;
  else if (fraction > 0) {
    const a = fraction * Math.PI * 2;
    const x = cx + R * Math.sin(a);
    const y = cy - R * Math.cos(a);
    arc = `<path d="M${cx} ${cy - R}A${R} ${R} 0 ${a > Math.PI ? 1 : 0} 1 ${round(x)} ${round(y)}" fill="none" stroke="${STUDY_GREEN}" stroke-width="2"/>`;
  }
  return `<circle cx="${cx}" cy="${cy}" r="${R}" fill="none" stroke="${TRACK}" stroke-width="2"/>${arc}`;
}

/** The badge of node box `b` with `p` (total > 0); `textWidth` measures BADGE_FONT. */
export function progressBadgeSvg(b: Box, p: Progress, isRoot: boolean, textWidth: (t: string) => number): string {
  const text = badgeText(p, isRoot);
  const w = PAD + 2 * R + GAP + Math.ceil(textWidth(text)) + PAD;
  const x = b.x + b.w - w;
  const y = b.y + b.h - H / 2;
  const cy = y + H / 2;
  const label = isRoot ? `学习进度 ${text}` : `已学 ${text}`;
  return (
    `<g data-progress="${p.learnt}/${p.total}"><title>${label}</title>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${H}" rx="${H / 2}" fill="#fff" stroke="${TRACK}"/>` +
    ring(x + PAD + R, cy, p.learnt / p.total) +
    `<text x="${x + PAD + 2 * R + GAP}" y="${cy}" dominant-baseline="central" font-size="10" fill="${INK}">${text}</text></g>`
  );
}

const round = (v: number) => Math.round(v * 100) / 100;
