import type { Graphics } from 'pixi.js';
import {
  LINK_INK,
  markerRow,
  NOW_ORANGE,
  PROGRESS_BACK,
  priorityColors as cssPriorityColors,
  progressSweep,
  rowWidth,
  STUDY_GREEN,
  type MarkerKind,
  type MarkerSpec,
} from '../engine/render/markers';
import type { KmNodeData } from '../engine/model/types';
import { parseColor } from './color';
import type { NodeMarkers } from './scene-types';
import { GlyphMeasurer } from './text-measure';

// The icons of a node as the canvas draws them. Which icons, in which order and how wide comes
// from the engine's render/markers.ts (the same list sizes the node's box and draws the SVG
// export): [progress][priority][✓][正在学] text [link][note][resource chips].

export type { MarkerKind };

/** Gap after each icon when the theme gives none (kityminder's default `space`). */
export const MARKER_GAP = 5;

export interface MarkerLayout {
  left: MarkerSpec[];
  right: MarkerSpec[];
  /** Width added before the text, gaps included. */
  leftWidth: number;
  rightWidth: number;
}

const EMPTY: MarkerLayout = { left: [], right: [], leftWidth: 0, rightWidth: 0 };

let measurer: GlyphMeasurer | null = null;
function chipWidth(text: string): number {
  // OffscreenCanvas in every browser we run in; jsdom has none and gets the glyph table.
  measurer ??= new GlyphMeasurer(typeof OffscreenCanvas !== 'undefined');
  return measurer.width(text, 12, false, false);
}

const layouts = new WeakMap<NodeMarkers, Map<number, MarkerLayout>>();

/** The node's icon row; cached per markers object (a changed node always brings a new one). */
export function markerLayout(m: NodeMarkers | undefined, space = MARKER_GAP): MarkerLayout {
  if (!m) return EMPTY;
  let bySpace = layouts.get(m);
  let ml = bySpace?.get(space);
  if (ml) return ml;
  const d: KmNodeData = {};
  if (m.progress) d.progress = m.progress;
  if (m.priority) d.priority = m.priority;
  if (m.isStudy) d.isStudy = 1;
  if (m.isNow) d.isNow = 1;
  if (m.link) d.hyperlink = '#';
  if (m.note) d.note = '.';
  if (m.resources?.length) d.resource = m.resources;
  const row = markerRow(d, chipWidth);
  ml =
    row.left.length || row.right.length
      ? { left: row.left, right: row.right, leftWidth: rowWidth(row.left, space), rightWidth: rowWidth(row.right, space) }
      : EMPTY;
  if (!bySpace) layouts.set(m, (bySpace = new Map()));
  bySpace.set(space, ml);
  return ml;
}

const num = (css: string) => parseColor(css) ?? 0;
const PRIORITY = [1, 2, 3, 4, 5, 6].map((p) => cssPriorityColors(p).map(num) as [number, number]);

export function priorityColors(p: number): [number, number] {
  return PRIORITY[Math.min(5, Math.max(0, Math.round(p) - 1))];
}

export const GREEN = num(STUDY_GREEN);
export const ORANGE = num(NOW_ORANGE);
const YELLOW = num(PROGRESS_BACK);
const INK = num(LINK_INK);

/** Text a marker carries (drawn by the label layer as a badge), or null. */
export function markerText(it: MarkerSpec, m: NodeMarkers): string | null {
  if (it.kind === 'priority') return String(m.priority);
  if (it.kind === 'now') return '正在学';
  if (it.kind === 'resource') return it.text ?? '';
  return null;
}

/** Draws one icon's shapes with its left edge at x, vertically centred on cy. */
export function drawMarker(g: Graphics, it: MarkerSpec, m: NodeMarkers, x: number, cy: number, ink: number, chipFill: (tag: string) => number): void {
  switch (it.kind) {
    case 'progress': {
      const cx = x + 10;
      const v = m.progress ?? 1;
      g.circle(cx, cy, 9).fill(YELLOW);
      if (v >= 9) g.circle(cx, cy, 9).fill(GREEN);
      else if (v > 1)
        g.moveTo(cx, cy)
          .arc(cx, cy, 9, -Math.PI / 2, -Math.PI / 2 + progressSweep(v))
          .closePath()
          .fill(GREEN);
      g.circle(cx, cy, 9).stroke({ color: 0xcccccc, width: 2 });
      if (v >= 9)
        g.moveTo(cx - 4, cy)
          .lineTo(cx - 1, cy + 3)
          .lineTo(cx + 5, cy - 3)
          .stroke({ color: 0xeeeeee, width: 2 });
      return;
    }
    case 'priority': {
      const [light, dark] = priorityColors(m.priority ?? 1);
      g.roundRect(x, cy - 10, 20, 20, 7).fill(dark);
      g.roundRect(x, cy - 10, 20, 17, 7).fill({ color: light, alpha: 0.8 });
      return;
    }
    case 'study':
      g.circle(x + 8, cy, 8).fill(GREEN);
      g.moveTo(x + 4, cy)
        .lineTo(x + 7, cy + 3)
        .lineTo(x + 12, cy - 3)
        .stroke({ color: 0xffffff, width: 2 });
      return;
    case 'now':
      g.roundRect(x, cy - 9, it.w, 18, 9).fill(ORANGE);
      return;
    case 'link':
      g.roundRect(x + 2, cy - 4, 11, 8, 4).stroke({ color: INK, width: 2 });
      g.roundRect(x + 11, cy - 4, 11, 8, 4).stroke({ color: INK, width: 2 });
      return;
    case 'note':
      g.roundRect(x + 2, cy - 8, 12, 16, 1).stroke({ color: ink, width: 1.5 });
      g.moveTo(x + 5, cy - 3)
        .lineTo(x + 11, cy - 3)
        .moveTo(x + 5, cy + 1)
        .lineTo(x + 11, cy + 1)
        .moveTo(x + 5, cy + 5)
        .lineTo(x + 9, cy + 5)
        .stroke({ color: ink, width: 1.2 });
      return;
    case 'resource':
      g.roundRect(x, cy - 10, it.w, 20, 4).fill(chipFill(it.text ?? ''));
      return;
  }
}
