import type { Graphics } from 'pixi.js';
import { markerLayout } from './markers';
import type { NodeStyle, SceneNode } from './scene-types';
import { GlyphMeasurer } from './text-measure';

// Node outlines: rounded rects, or circles for the tianpan themes (kityminder §4 "Circle
// shape": radius = round(half the diagonal of the padded box), centred on the content). The
// engine already sizes a circle node's box as that circle's bounding square (node-size.ts), so
// the box stays the culling bounds; drawing, hit tests, the selection ring, the shadow and
// where the content starts go through here so they agree on the shape.

/** kityminder draws a node's shadow as its outline moved by (+4, +5). */
export const SHADOW_DX = 4;
export const SHADOW_DY = 5;

/** Radius of a circle node's outline: its box is the circle's bounding square. */
export function circleRadius(w: number, h: number): number {
  return Math.min(w, h) / 2;
}

/** Whether world point (px, py) lies inside the outline of a node with box (x, y, w, h). */
export function shapeContains(st: NodeStyle, x: number, y: number, w: number, h: number, px: number, py: number): boolean {
  if (st.shape !== 'circle') return px >= x && px <= x + w && py >= y && py <= y + h;
  const r = circleRadius(w, h),
    dx = px - (x + w / 2),
    dy = py - (y + h / 2);
  return dx * dx + dy * dy <= r * r;
}

/** Adds the outline of a node with box (x, y, w, h) to `g`'s current path (fill/stroke by the caller). */
export function traceOutline(g: Graphics, st: NodeStyle, x: number, y: number, w: number, h: number, rounded: boolean): Graphics {
  if (st.shape === 'circle') return g.circle(x + w / 2, y + h / 2, circleRadius(w, h));
  if (rounded && st.radius > 0) return g.roundRect(x, y, w, h, st.radius);
  return g.rect(x, y, w, h);
}

let measurer: GlyphMeasurer | null = null;
const insets = new WeakMap<SceneNode, number>();

function longestLine(text: string): string {
  if (!text.includes('\n')) return text;
  return text.split('\n').reduce((a, b) => (b.length > a.length ? b : a), '');
}

/**
 * Distance from the left edge of the node's box to its first marker (or its text). A rect node
 * starts after its padding; a circle node centres markers + text in the circle, which is wider
 * than the padded content. Cached per record: a resize or restyle always brings a new record.
 */
export function contentInset(n: SceneNode): number {
  const st = n.style;
  if (st.shape !== 'circle') return st.paddingX;
  let inset = insets.get(n);
  if (inset === undefined) {
    const ml = markerLayout(n.markers, st.space);
    // OffscreenCanvas in every browser we run in; jsdom has none and gets the glyph table.
    measurer ??= new GlyphMeasurer(typeof OffscreenCanvas !== 'undefined');
    const text = measurer.width(longestLine(n.text), st.fontSize, st.bold, st.italic);
    inset = Math.max(0, (n.w - ml.leftWidth - text - ml.rightWidth) / 2);
    insets.set(n, inset);
  }
  return inset;
}
