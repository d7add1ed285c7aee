import type { Graphics } from 'pixi.js';
import type { NodeMarkers } from './scene-types';

// Marker geometry shared by layout (box width) and drawing, so they cannot disagree.
// Order follows kityminder §5 for priority (left of text) and note/link/resource (right of
// text); the Xuetu study markers sit after the priority: [priority][✓ | 正在学] text [icons].

export type MarkerKind = 'priority' | 'study' | 'now' | 'note' | 'link' | 'image' | 'resource';

export interface MarkerItem {
  kind: MarkerKind;
  w: number;
}

export const MARKER_GAP = 4;
const WIDTH: Record<MarkerKind, number> = { priority: 20, study: 16, now: 40, note: 14, link: 16, image: 16, resource: 14 };

/** Priority badge colours [light, dark] for 1–9 (kityminder §5). */
export const PRIORITY_COLORS: readonly [number, number][] = [
  [0xff1200, 0x840023],
  [0x0074ff, 0x01467f],
  [0x00af00, 0x006300],
  [0xff962e, 0xb25000],
  [0xa464ff, 0x4720c4],
  [0xa3a3a3, 0x515151],
];

export function priorityColors(p: number): [number, number] {
  return PRIORITY_COLORS[Math.min(5, Math.max(0, Math.round(p) - 1))];
}

export interface MarkerLayout {
  left: MarkerItem[];
  right: MarkerItem[];
  /** Width added before the text, gap included. */
  leftWidth: number;
  rightWidth: number;
}

const EMPTY: MarkerLayout = { left: [], right: [], leftWidth: 0, rightWidth: 0 };

export function markerLayout(m: NodeMarkers | undefined): MarkerLayout {
  if (!m) return EMPTY;
  const left: MarkerItem[] = [];
  const right: MarkerItem[] = [];
  const push = (list: MarkerItem[], kind: MarkerKind) => list.push({ kind, w: WIDTH[kind] });
  if (m.priority && m.priority >= 1 && m.priority <= 9) push(left, 'priority');
  if (m.isNow) push(left, 'now');
  else if (m.isStudy) push(left, 'study');
  if (m.note) push(right, 'note');
  if (m.link) push(right, 'link');
  if (m.image) push(right, 'image');
  if (m.resource) push(right, 'resource');
  if (!left.length && !right.length) return EMPTY;
  const width = (l: MarkerItem[]) => l.reduce((s, i) => s + i.w + MARKER_GAP, 0);
  return { left, right, leftWidth: width(left), rightWidth: width(right) };
}

/** Text that a marker carries (drawn by the label layer), or null. */
export function markerText(kind: MarkerKind, m: NodeMarkers): string | null {
  if (kind === 'priority') return String(m.priority);
  if (kind === 'now') return '正在学';
  return null;
}

/** Draws one marker's shapes with its left edge at x, vertically centred on cy. */
export function drawMarker(g: Graphics, kind: MarkerKind, m: NodeMarkers, x: number, cy: number, ink: number): void {
  switch (kind) {
    case 'priority': {
      const [light, dark] = priorityColors(m.priority ?? 1);
      g.roundRect(x, cy - 10, 20, 20, 7).fill(dark);
      g.roundRect(x, cy - 10, 20, 17, 7).fill({ color: light, alpha: 0.8 });
      return;
    }
    case 'study':
      g.circle(x + 8, cy, 8).fill(0x43bc00);
      g.moveTo(x + 4, cy).lineTo(x + 7, cy + 3).lineTo(x + 12, cy - 3).stroke({ color: 0xffffff, width: 2 });
      return;
    case 'now':
      g.roundRect(x, cy - 8, 40, 16, 8).fill(0xff8a00);
      return;
    case 'note':
      g.rect(x + 1, cy - 7, 12, 14).stroke({ color: ink, width: 1 });
      g.moveTo(x + 4, cy - 2).lineTo(x + 10, cy - 2).moveTo(x + 4, cy + 2).lineTo(x + 10, cy + 2).stroke({ color: ink, width: 1 });
      return;
    case 'link':
      g.roundRect(x, cy - 3, 9, 6, 3).stroke({ color: 0x666666, width: 1.5 });
      g.roundRect(x + 7, cy - 3, 9, 6, 3).stroke({ color: 0x666666, width: 1.5 });
      return;
    case 'image':
      g.rect(x, cy - 6, 16, 12).stroke({ color: ink, width: 1 });
      g.moveTo(x + 2, cy + 4).lineTo(x + 6, cy - 1).lineTo(x + 9, cy + 2).lineTo(x + 11, cy).lineTo(x + 14, cy + 4).stroke({ color: ink, width: 1 });
      return;
    case 'resource':
      g.roundRect(x, cy - 6, 14, 12, 3).fill(0xb3e5ff);
      return;
  }
}
