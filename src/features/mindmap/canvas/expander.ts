import type { Graphics } from 'pixi.js';
import type { SceneStore } from './scene-store';
import type { Rect } from './scene-types';

// The expand/collapse button of a node with children (kityminder's expander): a small circle
// with − while expanded, a larger one with the child count while collapsed. It sits outside the
// box on the side the children grow: below for organisation charts (poly / l connectors), else
// left or right, away from the parent. The root has none. Drawn and hit-tested from the same
// geometry, so what is seen is what is clicked.

export interface Expander {
  x: number;
  y: number;
  r: number;
  collapsed: boolean;
  count: number;
}

export const OPEN_R = 6;
export const COLLAPSED_R = 9;

export function expanderOf(store: SceneStore, slot: number): Expander | null {
  const n = store.records[slot];
  const m = n?.markers;
  const ps = store.parentSlot[slot];
  if (!n || !m || ps < 0 || !(m.collapsedCount || m.expander)) return null;
  const collapsed = !!m.collapsedCount;
  const r = collapsed ? COLLAPSED_R : OPEN_R;
  const b = store.box(slot);
  const kind = n.connector?.kind;
  if (kind === 'poly' || kind === 'l') return { x: b.x + (kind === 'l' ? 20 : b.w / 2), y: b.y + b.h + r + 2, r, collapsed, count: m.collapsedCount ?? 0 };
  const p = store.box(ps);
  const left = b.x + b.w / 2 < p.x + p.w / 2;
  return { x: left ? b.x - r - 2 : b.x + b.w + r + 2, y: b.y + b.h / 2, r, collapsed, count: m.collapsedCount ?? 0 };
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
