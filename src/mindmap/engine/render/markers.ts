import type { KmNodeData } from '../model/types';

// The icons of one node, in kityminder's render composition (reference §3.1, §5):
// [progress][priority][✓ | 正在学 …] text [link][note][resource chips…], image above all.
// Node sizing (layout/node-size.ts), the canvas and the SVG export all place icons from this one
// list, so the box the layout reserved is exactly the room the icons are drawn in.

export type MarkerKind = 'progress' | 'priority' | 'study' | 'now' | 'link' | 'note' | 'resource';

export interface MarkerSpec {
  kind: MarkerKind;
  /** Width and height of the icon's box (the gap after it is the theme's `space`). */
  w: number;
  h: number;
  /** Chip text of a resource tag. */
  text?: string;
}

export interface MarkerRow {
  left: MarkerSpec[];
  right: MarkerSpec[];
}

/** Font of the 正在学 badge and the resource chips (kityminder chips use 12 px). */
export const CHIP_FONT = '12px sans-serif';
export const NOW_TEXT = '正在学';

/** Priority 1–9, else null (kityminder stores null for 0/falsy). */
export function priorityOf(d: Pick<KmNodeData, 'priority'>): number | null {
  const p = Number(d.priority);
  return p >= 1 && p <= 9 ? Math.trunc(p) : null;
}

/** Progress 1–9 (1 未开始 … 9 done), else null. */
export function progressOf(d: Pick<KmNodeData, 'progress'>): number | null {
  const p = Number(d.progress);
  return p >= 1 && p <= 9 ? Math.trunc(p) : null;
}

export function resourcesOf(d: Pick<KmNodeData, 'resource'>): string[] {
  return Array.isArray(d.resource) ? d.resource.filter((r): r is string => typeof r === 'string') : [];
}

const EMPTY: MarkerRow = { left: [], right: [] };

/**
 * The icons of a node, left and right of its text. `chipWidth(text)` measures 12 px text (the
 * 正在学 badge and resource chips). Nodes without icons share one frozen empty row.
 */
export function markerRow(d: KmNodeData, chipWidth: (text: string) => number): MarkerRow {
  const progress = progressOf(d);
  const priority = priorityOf(d);
  const study = Number(d.isStudy) === 1;
  const now = Number(d.isNow) === 1;
  const res = d.resource;
  if (!progress && !priority && !study && !now && !d.hyperlink && !d.note && !(Array.isArray(res) && res.length)) return EMPTY;
  const left: MarkerSpec[] = [];
  const right: MarkerSpec[] = [];
  if (progress) left.push({ kind: 'progress', w: 20, h: 20 });
  if (priority) left.push({ kind: 'priority', w: 20, h: 20 });
  // A node can be both learnt and being studied: both marks show, ✓ first.
  if (study) left.push({ kind: 'study', w: 16, h: 16 });
  if (now) left.push({ kind: 'now', w: Math.round(chipWidth(NOW_TEXT)) + 8, h: 18 });
  if (d.hyperlink) right.push({ kind: 'link', w: 24, h: 22 });
  if (d.note) right.push({ kind: 'note', w: 16, h: 17 });
  for (const r of resourcesOf(d)) right.push({ kind: 'resource', w: Math.round(chipWidth(r)) + 16, h: 20, text: r });
  return { left, right };
}

/** Width a row of icons takes, each followed by the gap `space`. */
export function rowWidth(items: readonly MarkerSpec[], space: number): number {
  let w = 0;
  for (const it of items) w += it.w + space;
  return w;
}

export function rowHeight(row: MarkerRow): number {
  let h = 0;
  for (const it of row.left) h = Math.max(h, it.h);
  for (const it of row.right) h = Math.max(h, it.h);
  return h;
}

/** Priority badge colours [light, dark] for 1–9 (reference §5). */
export const PRIORITY_COLORS: readonly (readonly [string, string])[] = [
  ['#FF1200', '#840023'],
  ['#0074FF', '#01467F'],
  ['#00AF00', '#006300'],
  ['#FF962E', '#B25000'],
  ['#A464FF', '#4720C4'],
  ['#A3A3A3', '#515151'],
];

export function priorityColors(p: number): readonly [string, string] {
  return PRIORITY_COLORS[Math.min(5, Math.max(0, Math.round(p) - 1))];
}

/** Resource chip fills, assigned per map in first-seen order (reference §5), hsl(h,100%,85%). */
const CHIP_HUES = [51, 303, 75, 200, 157, 0, 26, 254];

/** Hue of a resource chip: the map's n-th distinct tag takes the n-th hue, later ones a hash. */
export class ChipHues {
  private seen = new Map<string, number>();

  hue(tag: string): number {
    let h = this.seen.get(tag);
    if (h === undefined) {
      const n = this.seen.size;
      if (n < CHIP_HUES.length) h = CHIP_HUES[n];
      else {
        let x = 0;
        for (let i = 0; i < tag.length; i++) x = (x * 31 + tag.charCodeAt(i)) >>> 0;
        h = x % 360;
      }
      this.seen.set(tag, h);
    }
    return h;
  }
}

/** Study mark colours: ✓ green (kityminder's progress green) and the 正在学 badge orange. */
export const STUDY_GREEN = '#43BC00';
export const NOW_ORANGE = '#D9480F';
export const PROGRESS_BACK = '#FFED83';
export const LINK_INK = '#666666';

/** Progress pie: the sweep of value v (1 = empty, 9 = full) in radians. */
export function progressSweep(v: number): number {
  return ((Math.max(1, Math.min(9, v)) - 1) / 8) * Math.PI * 2;
}

export function hslToRgb(h: number, s: number, l: number): number {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return (f(0) << 16) | (f(8) << 8) | f(4);
}
