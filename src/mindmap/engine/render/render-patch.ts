import { safeHref } from '../commands/hyperlink';
import type { Connector } from '../layout/kinds';
import { fontOf, fontSizeOfData } from '../layout/node-size';
import type { NodeRec } from '../model/doc';
import type { DocItems } from '../model/items';
import type { ImportNotice } from '../protocols/notices';
import type { SummaryPlace } from '../layout/summary-space';
import { nodeTypeForLevel, type Theme } from '../theme/themes';
import { priorityOf, progressOf, resourcesOf } from './markers';

// The render patch is the one currency from the engine to the canvas: built here straight from
// the document (no per-node style objects), sent over the worker boundary as is (protocol.ts
// only joins its string lists), and read by the canvas into its slot arrays. A node's shared
// look travels once per patch in a look table; what differs per node travels as a row of ints
// (NODE_INTS, the one per-node field list), its text, parent and, sparsely, rare extras.

/**
 * The per-node integer fields, in wire order. A field added here gets its column in the patch,
 * travels with it and lands in the canvas's slot data (SceneStore.nodeInt); writeNode fills it.
 */
export const NODE_INTS = ['index', 'level', 'priority', 'progress', 'flags', 'childCount'] as const;
export type NodeIntName = (typeof NODE_INTS)[number];
/** Column of each per-node field: `ints[i * NODE_STRIDE + NodeInt.level]`. */
export const NodeInt = Object.freeze(Object.fromEntries(NODE_INTS.map((k, i) => [k, i]))) as { readonly [K in NodeIntName]: number };
export const NODE_STRIDE = NODE_INTS.length;

/** Bits of the `flags` column. */
export const NodeFlag = { study: 1, now: 2, note: 4, collapsed: 8 } as const;

/** A look shared by many nodes (the theme look of a level), sent once per patch. */
export interface Look {
  font: string;
  fontSize: number;
  lineHeight: number;
  color: string;
  fill: string;
  stroke: string;
  strokeWidth: number;
  radius: number;
  /** Theme padding [vertical, horizontal] and the gap after icons / below an image. */
  padding: readonly [number, number];
  space: number;
  shape: 'rect' | 'circle';
  shadow: string | null;
  connector: Connector | null;
  connectColor: string;
  connectWidth: number;
}

/** Rare per-node fields, sent only for the nodes that have them. */
export interface NodeExtra {
  /** Whitelisted href (http, https, ftp, mailto) or '#'. */
  href: string | null;
  image: string | null;
  imageSize: { width: number; height: number } | null;
  resource: string[];
}

/** Child order of parents whose children changed (the ARIA tree and keyboard navigation need order). */
export type Structure = Array<[parentId: string, childIds: string[]]>;

/**
 * Render patch for changed nodes only. Apply in this order:
 *  1. `removed`: nodes deleted or hidden under a collapse — drop their views.
 *  2. `shifts`: translate each listed node AND all its visible descendants by
 *     (shiftDeltas[2i], shiftDeltas[2i+1]); their size and look are unchanged.
 *  3. `ids`/`boxes`: new absolute box x, y, w, h (document coordinates, root centred on 0,0)
 *     per id; `look[i]` ≥ 0 when the node is new or changed (then its ints row, text, parent
 *     and extras are valid), -1 when only its box moved.
 * `full` = discard everything first (load, import, theme/template switch). Typed arrays are
 * fresh per patch so the worker can transfer their buffers.
 */
export interface RenderPatch {
  version: number;
  full: boolean;
  ids: string[];
  boxes: Float64Array;
  shifts: string[];
  shiftDeltas: Float64Array;
  removed: string[];
  looks: Look[];
  look: Int32Array;
  ints: Int32Array;
  texts: string[];
  /** Parent id per node ('' = root or unstyled). */
  parents: string[];
  /** Rare fields of the nodes that have any, in node order. */
  extras: Array<[index: number, extra: NodeExtra]>;
  /** Child orders of the parents an edit touched (empty on a full patch: rebuild from `index`). */
  structure: Structure;
  template: string;
  theme: string;
  /** true on every patch of a map whose `$` are literal text (KmDocument.formulas 'none'): nothing is typeset or said as 公式. */
  literalText?: true;
  background: string;
  canUndo: boolean;
  canRedo: boolean;
  /**
   * Every relationship line and summary of the map (few, so sent whole): on every full patch and
   * on a patch whose edit changed one; absent = unchanged. Items whose nodes are not drawn are the
   * canvas's to skip (model/items.ts).
   */
  items?: DocItems;
  /** Only on a load: what the map held that could not be kept (items pointing at missing topics). */
  notices?: ImportNotice[];
  /**
   * Brace and topic boxes of every drawn summary (layout/summary-space.ts). On a full patch absent
   * = none; on other patches absent = unchanged (sent only when some box moved, appeared or went).
   */
  summaryBoxes?: SummaryPlace[];
  /**
   * Set on the patch of an undo or redo that swapped the whole document, i.e. took an import
   * back or made it again (the editor then restores the selection from before the import).
   */
  swapped?: true;
  /**
   * On an undo or redo: what of the step could no longer apply (its topic was deleted or moved
   * away in another tab or by another member since), one Chinese sentence each; `whole` when
   * nothing of the step applied. The rest of the step applied.
   */
  skipped?: { notices: string[]; whole: boolean };
  /**
   * On the patch of an undo or redo: the topics its step put into the document (each subtree's
   * top), drawn or not — what the editor selects as brought back. Topics a step only shows (a
   * folded branch it unfolds) are not among them.
   */
  added?: string[];
  /**
   * [CSS font, text] of labels with `$…$` formulas laid out as plain text so far: the main thread
   * typesets and measures them and answers with `MindEditor.setFormulaBoxes` (issue 19.3).
   */
  formulas?: Array<[string, string]>;
}

/**
 * Builds the look table while a patch is written. Nodes without a look of their own (no colour,
 * background or font set on them) share their level's look per connector without any key
 * string; a node with its own look is keyed by the look itself (rare, so the JSON is cheap).
 */
export class LookTable {
  readonly looks: Look[] = [];
  private plain: Array<{ connector: Connector | null; k: number } | undefined> = [];
  private keyed = new Map<string, number>();

  constructor(private readonly theme: Theme) {}

  indexOf(n: NodeRec, level: number, connector: Connector | null): number {
    const d = n.data;
    // The node data lookOf reads (protocol.test sets each of these in turn).
    const own =
      (typeof d.color === 'string' && d.color !== '') ||
      (typeof d.background === 'string' && d.background !== '') ||
      d['font-size'] !== undefined ||
      d['font-weight'] !== undefined ||
      d['font-style'] !== undefined ||
      d['font-family'] !== undefined;
    if (!own) {
      const hit = this.plain[level];
      if (hit && hit.connector === connector) return hit.k;
      const k = this.add(lookOf(n, level, this.theme, connector));
      this.plain[level] = { connector, k };
      return k;
    }
    return this.add(lookOf(n, level, this.theme, connector));
  }

  private add(l: Look): number {
    const key = JSON.stringify(l);
    let k = this.keyed.get(key);
    if (k === undefined) {
      k = this.looks.length;
      this.looks.push(l);
      this.keyed.set(key, k);
    }
    return k;
  }
}

export function lookOf(n: NodeRec, level: number, theme: Theme, connector: Connector | null): Look {
  const d = n.data;
  const type = nodeTypeForLevel(level);
  const st = theme[type];
  return {
    font: fontOf(d, st),
    fontSize: fontSizeOfData(d, st),
    lineHeight: theme.lineHeight,
    color: typeof d.color === 'string' && d.color ? d.color : st.color,
    fill: typeof d.background === 'string' && d.background ? d.background : st.background,
    stroke: st.stroke,
    strokeWidth: st.strokeWidth,
    radius: st.radius,
    padding: st.padding,
    space: st.space,
    shape: st.shape,
    shadow: st.shadow,
    connector,
    connectColor: theme.connectColor,
    connectWidth: type === 'main' ? theme.mainConnectWidth : theme.connectWidth,
  };
}

/** Writes node `i`'s row of NODE_INTS (every column, written out: a keyed loop packed 2-4× slower). */
export function writeNode(ints: Int32Array, i: number, n: NodeRec, level: number, index: number): void {
  const d = n.data;
  const o = i * NODE_STRIDE;
  ints[o + NodeInt.index] = index;
  ints[o + NodeInt.level] = level;
  ints[o + NodeInt.priority] = priorityOf(d) ?? 0;
  ints[o + NodeInt.progress] = progressOf(d) ?? 0;
  ints[o + NodeInt.flags] =
    (Number(d.isStudy) === 1 ? NodeFlag.study : 0) |
    (Number(d.isNow) === 1 ? NodeFlag.now : 0) |
    (typeof d.note === 'string' && d.note !== '' ? NodeFlag.note : 0) |
    (d.expandState === 'collapse' ? NodeFlag.collapsed : 0);
  ints[o + NodeInt.childCount] = n.children.length;
}

/** The rare fields of a node, or null when it has none. */
export function extraOf(n: NodeRec): NodeExtra | null {
  const d = n.data;
  const img = d.imageSize && typeof d.imageSize === 'object' ? d.imageSize : null;
  const hasRes = Array.isArray(d.resource) && d.resource.length > 0;
  if (!d.hyperlink && !d.image && !img && !hasRes) return null;
  // (an image is a URL: a file's object there — `{"toString": 1}` from JSON — is no picture, and String() of it threw)
  return {
    href: d.hyperlink ? safeHref(d.hyperlink) : null,
    image: typeof d.image === 'string' && d.image ? d.image : null,
    imageSize: img,
    resource: resourcesOf(d),
  };
}

/** One node of a patch as plain fields (the main thread's tree mirror, tests). */
export interface PatchNode {
  id: string;
  parentId: string | null;
  index: number;
  level: number;
  text: string;
  priority: number | null;
  progress: number | null;
  isStudy: boolean;
  isNow: boolean;
  hasNote: boolean;
  collapsed: boolean;
  childCount: number;
  href: string | null;
  image: string | null;
  imageSize: { width: number; height: number } | null;
  resource: string[];
}

/** Node `i` of a patch, or null when only its box changed. `extras` from extrasOf(p) (one map per patch). */
export function nodeAt(p: RenderPatch, i: number, extras: ReadonlyMap<number, NodeExtra>): PatchNode | null {
  if (p.look[i] < 0) return null;
  const o = i * NODE_STRIDE;
  const flags = p.ints[o + NodeInt.flags];
  const x = extras.get(i);
  return {
    id: p.ids[i],
    parentId: p.parents[i] || null,
    index: p.ints[o + NodeInt.index],
    level: p.ints[o + NodeInt.level],
    text: p.texts[i],
    priority: p.ints[o + NodeInt.priority] || null,
    progress: p.ints[o + NodeInt.progress] || null,
    isStudy: (flags & NodeFlag.study) !== 0,
    isNow: (flags & NodeFlag.now) !== 0,
    hasNote: (flags & NodeFlag.note) !== 0,
    collapsed: (flags & NodeFlag.collapsed) !== 0,
    childCount: p.ints[o + NodeInt.childCount],
    href: x?.href ?? null,
    image: x?.image ?? null,
    imageSize: x?.imageSize ?? null,
    resource: x?.resource ?? [],
  };
}

export const extrasOf = (p: Pick<RenderPatch, 'extras'>): Map<number, NodeExtra> => new Map(p.extras);
