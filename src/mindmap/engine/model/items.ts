// Document-level items: things that belong to the map but not to one node (issue 19):
// relationship lines between any two nodes and summaries (概要) over a run of siblings.
// They live in .km as extra top-level keys (`relationships`, `summaries`) after `version`;
// kityminder 1.4 reads only root/template/theme, so it ignores them safely, and a map without
// any writes no key at all (byte-identical to before).
//
// Items refer to nodes by id, and always to live ones: a command that removes or reorders topics
// carries the items along in the same undo step (item-follow.ts), and loading repairs a file whose
// items point at missing topics (protocols/item-repair.ts).

import type { Offset } from './types';

export interface Relationship {
  id: string;
  /** Node ids of the two ends (the arrow points at `to`). */
  from: string;
  to: string;
  /** Optional label drawn at the curve's middle. */
  title?: string;
  /**
   * The two Bézier control points as offsets from the centre of the `from` and `to` node
   * respectively (so the curve follows when either end moves). Absent = automatic curve.
   */
  controls?: [Offset, Offset];
  [key: string]: unknown;
}

export interface Summary {
  id: string;
  /** The parent whose children the brace spans, and the first and last child (inclusive). */
  parent: string;
  first: string;
  last: string;
  /** The summary's own topic text. */
  text: string;
  [key: string]: unknown;
}

export interface DocItems {
  relationships: Relationship[];
  summaries: Summary[];
}

export type ItemColl = keyof DocItems;
export type Item = Relationship | Summary;
export const ITEM_COLLS: readonly ItemColl[] = ['relationships', 'summaries'];

/** At most this many of each kind in one map (far beyond what a person draws; bounds a hostile file). */
export const MAX_ITEMS = 2000;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e6;
const isOffset = (v: unknown): v is Offset => isObject(v) && isNum(v.x) && isNum(v.y);

/** A well-formed relationship, or null (a malformed one in a file is dropped, never half-used). */
export function restoreRelationship(v: unknown): Relationship | null {
  if (!isObject(v) || !isId(v.id) || !isId(v.from) || !isId(v.to) || v.from === v.to) return null;
  const out: Relationship = { ...v, id: v.id, from: v.from, to: v.to };
  if (v.title !== undefined && typeof v.title !== 'string') delete out.title;
  if (v.controls !== undefined && !(Array.isArray(v.controls) && v.controls.length === 2 && v.controls.every(isOffset))) delete out.controls;
  return out;
}

export function restoreSummary(v: unknown): Summary | null {
  if (!isObject(v) || !isId(v.id) || !isId(v.parent) || !isId(v.first) || !isId(v.last)) return null;
  return { ...v, id: v.id, parent: v.parent, first: v.first, last: v.last, text: typeof v.text === 'string' ? v.text : '' };
}

/** The items of a parsed file: valid ones, unique ids, at most MAX_ITEMS per kind. */
export function restoreItems(raw: Record<string, unknown>): Partial<DocItems> {
  const out: Partial<DocItems> = {};
  const seen = new Set<string>();
  const keep = <T extends Item>(list: unknown, fix: (v: unknown) => T | null): T[] => {
    const res: T[] = [];
    if (!Array.isArray(list)) return res;
    for (const v of list) {
      const it = fix(v);
      if (!it || seen.has(it.id)) continue;
      seen.add(it.id);
      res.push(it);
      if (res.length >= MAX_ITEMS) break;
    }
    return res;
  };
  const rels = keep(raw.relationships, restoreRelationship);
  const sums = keep(raw.summaries, restoreSummary);
  if (rels.length) out.relationships = rels;
  if (sums.length) out.summaries = sums;
  return out;
}
