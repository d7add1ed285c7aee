import { arcTpBounds, connectorBounds } from './connector-path';
import { expanderOf } from './expander';
import type { SceneStore } from './scene-store';
import type { Rect } from './scene-types';

// What the canvas draws of a map, as one world rectangle: the frame 适应画布 fits. The topics'
// boxes alone miss what is drawn outside them: tianpan's arcs bulge far past their ends (the
// spiral's outer arc swung below the map, 适应画布 zoomed in and cut it off), the expander
// buttons sit beside the boxes, relationship lines bow out to their control points, summaries
// stand beside their range.

const scratch: Rect = { x: 0, y: 0, w: 0, h: 0 };

/** Union of the topics, their expanders and connectors, and `extra` (null: nothing drawn). */
export function drawnBounds(store: SceneStore, extra: Iterable<Rect> = []): Rect | null {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  const add = (r: Rect, pad = 0) => {
    if (!(r.w >= 0 && r.h >= 0)) return;
    x0 = Math.min(x0, r.x - pad);
    y0 = Math.min(y0, r.y - pad);
    x1 = Math.max(x1, r.x + r.w + pad);
    y1 = Math.max(y1, r.y + r.h + pad);
  };
  store.records.forEach((n, s) => {
    if (!n) return;
    const b = store.box(s);
    add(b);
    const e = expanderOf(store, s);
    if (e) add({ x: e.x - e.r, y: e.y - e.r, w: 2 * e.r, h: 2 * e.r }, 1);
    const ps = store.parentSlot[s];
    if (ps < 0 || !store.records[ps]) return;
    if (n.connector?.kind === 'arc_tp') {
      const pv = store.prevSibling(s);
      // +3: the dot at the arc's end
      add(arcTpBounds(store.box(pv >= 0 ? pv : ps), b, pv < 0, scratch), 3);
    } else add(connectorBounds(store.box(ps), b));
  });
  for (const r of extra) add(r);
  return x0 === Infinity ? null : { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}
