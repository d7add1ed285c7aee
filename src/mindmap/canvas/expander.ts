import type { Graphics } from 'pixi.js';
import type { SceneStore } from './scene-store';
import type { Rect } from './scene-types';
import { EXPANDER_COLLAPSED_R, EXPANDER_OPEN_R, expanderCircle } from '../engine/layout/expander-geometry';

// The expand/collapse button of a node with children (kityminder's expander): a small circle
// with − while expanded, a larger one with the child count while collapsed. It sits outside the
// box on the side the children grow: below for organisation charts (poly / l connectors), else
// left or right, away from the parent. The root has none. Drawn and hit-tested from the same
// geometry (engine/layout/expander-geometry.ts, which the layout keeps summaries clear of), so
// what is seen is what is clicked.

export interface Expander {
  x: number;
  y: number;
  r: number;
  collapsed: boolean;
  count: number;
}

export const OPEN_R = EXPANDER_OPEN_R;
export const COLLAPSED_R = EXPANDER_COLLAPSED_R;

export function expanderOf(store: SceneStore, slot: number): Expander | null {
  const n = store.records[slot];
  const m = n?.markers;
  const ps = store.parentSlot[slot];
  if (!n || !m || ps < 0 || !(m.collapsedCount || m.expander)) return null;
  const collapsed = !!m.collapsedCount;
  const c = expanderCircle(store.box(slot), store.box(ps), n.connector?.kind, collapsed);
  return { ...c, collapsed, count: m.collapsedCount ?? 0 };
}

export function drawExpander(g: Graphics, e: Expander): void {
  g.circle(e.x, e.y, e.r).fill(0xffffff).stroke({ color: 0x999999, width: 1 });
  if (!e.collapsed)
    g.moveTo(e.x - 3, e.y)
      .lineTo(e.x + 3, e.y)
      .stroke({ color: 0x666666, width: 1.5 });
}

/** The node whose expander contains world point (wx, wy), looked up through the spatial index. */
export function expanderAt(store: SceneStore, wx: number, wy: number): { id: string; collapsed: boolean } | null {
  const reach = COLLAPSED_R * 2 + 24; // the button lies at most this far outside its node's box
  const near: Rect = { x: wx - reach, y: wy - reach, w: reach * 2, h: reach * 2 };
  for (const s of store.queryNodes(near, [])) {
    const e = expanderOf(store, s);
    if (e && Math.hypot(wx - e.x, wy - e.y) <= e.r + 2) return { id: store.records[s]!.id, collapsed: e.collapsed };
  }
  return null;
}
