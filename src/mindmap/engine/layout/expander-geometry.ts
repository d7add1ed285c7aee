import type { Connector } from './kinds';

// Where a node's expand/collapse button (kityminder's expander) sits, shared by the canvas
// (features/mindmap/canvas/expander.ts draws and hit-tests it) and the layout, which keeps
// summaries (summary-space.ts) clear of it: a circle outside the box on the side the children
// grow — below for organisation charts and file trees (poly / l connectors), else left or right,
// away from the parent. Larger while collapsed (it shows the child count).

export const EXPANDER_OPEN_R = 6;
export const EXPANDER_COLLAPSED_R = 9;
/** Gap between the box and the circle. */
const GAP = 2;

interface BoxLike {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ExpanderCircle {
  x: number;
  y: number;
  r: number;
}

/** The expander of a node with box `b` under a parent with box `p`, reached by `connector`. */
export function expanderCircle(b: BoxLike, p: BoxLike, connector: Connector | null | undefined, collapsed: boolean): ExpanderCircle {
  const r = collapsed ? EXPANDER_COLLAPSED_R : EXPANDER_OPEN_R;
  if (connector === 'poly' || connector === 'l') return { x: b.x + (connector === 'l' ? 20 : b.w / 2), y: b.y + b.h + r + GAP, r };
  const left = b.x + b.w / 2 < p.x + p.w / 2;
  return { x: left ? b.x - r - GAP : b.x + b.w + r + GAP, y: b.y + b.h / 2, r };
}
