import { Graphics } from 'pixi.js';
import { connectorPath } from './connector-path';
import type { Lod } from './lod';
import type { SceneStore } from './scene-store';
import { PathOp, type Rect } from './scene-types';

// The parent–child connectors of one paint (scene-painter.ts calls it on each re-query): one
// Graphics, the links grouped per stroke style so each style is one stroke instruction, and the
// path ops of connector-path.ts traced into it. Apart from the painter because it is the one
// layer drawn from the link index rather than from the visible nodes.

export class ConnectorPainter {
  readonly root = new Graphics();

  /** Draws the connectors of the links in `rect`; returns how many (the bench's count). `scratch` is the painter's reused slot list. */
  paint(store: SceneStore, rect: Rect, lod: Lod, scratch: number[]): number {
    const g = this.root.clear();
    const slots = store.queryLinks(rect, scratch);
    const recs = store.records;
    // Group per stroke style so each style is one stroke instruction.
    const groups = new Map<string, number[]>();
    for (const s of slots) {
      const c = recs[s]?.connector;
      if (!c) continue;
      const key = `${c.color}|${c.width}`;
      const list = groups.get(key);
      if (list) list.push(s);
      else groups.set(key, [s]);
    }
    const dots: number[] = [];
    const path: number[] = [];
    for (const list of groups.values()) {
      const { color, width } = recs[list[0]]!.connector!;
      for (const s of list) {
        const ps = store.parentSlot[s];
        const kind = recs[s]!.connector!.kind;
        // tianpan arcs start at the previous sibling (the parent for the first child)
        const prev = kind === 'arc_tp' ? store.prevSibling(s) : -1;
        path.length = 0;
        connectorPath(kind, store.box(ps), store.box(s), path, recs[ps]?.level === 1, prev >= 0 ? store.box(prev) : undefined);
        traceConnector(g, path, lod.straightConnectors, dots);
      }
      g.stroke({ color, width, alignment: 0.5 });
      if (dots.length) {
        for (let i = 0; i < dots.length; i += 3) g.circle(dots[i], dots[i + 1], dots[i + 2]);
        g.fill(color);
        dots.length = 0;
      }
    }
    return slots.length;
  }
}

function traceConnector(g: Graphics, p: ArrayLike<number>, straight: boolean, dots: number[]): void {
  for (let i = 0; i < p.length;) {
    const op = p[i++];
    if (op === PathOp.Move) {
      g.moveTo(p[i], p[i + 1]);
      i += 2;
    } else if (op === PathOp.Line) {
      g.lineTo(p[i], p[i + 1]);
      i += 2;
    } else if (op === PathOp.Cubic) {
      if (straight) g.lineTo(p[i + 4], p[i + 5]);
      else g.bezierCurveTo(p[i], p[i + 1], p[i + 2], p[i + 3], p[i + 4], p[i + 5]);
      i += 6;
    } else if (op === PathOp.Arc) {
      const cx = p[i],
        cy = p[i + 1],
        r = p[i + 2],
        a0 = p[i + 3],
        a1 = p[i + 4];
      if (straight) g.lineTo(cx + r * Math.cos(a1), cy + r * Math.sin(a1));
      else g.arc(cx, cy, r, a0, a1, a1 < a0);
      i += 5;
    } else {
      if (!straight) dots.push(p[i], p[i + 1], p[i + 2]);
      i += 3;
    }
  }
}
