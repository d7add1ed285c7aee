// The renderer's input: plain data, no document semantics. The engine (today directly, later
// through the worker client) produces these; the canvas only reconciles them into pooled views
// (STYLE 6: the renderer never owns document state).
//
// Alignment with the engine: node styles come from `src/engine/theme/themes.ts` TypeStyle
// values resolved per node (see engine-adapter.ts); positions of moved nodes travel
// packed (PackedMoves), matching DESIGN §3's typed-array render patches. Connector geometry is
// not sent at all: the canvas derives it from the two boxes and the connector kind, only for
// connectors it actually draws.

import type { NodeExtra } from '../engine/render/render-patch';

/** 0xRRGGBB colours; `null` means "not painted" (transparent fill, no stroke). */
export type Rgb = number | null;

export interface NodeStyle {
  fill: Rgb;
  stroke: Rgb;
  strokeWidth: number;
  textColor: number;
  fontSize: number;
  /** The engine's CSS font of the text (a formula label is typeset and rasterised in it). */
  font?: string;
  bold: boolean;
  italic: boolean;
  radius: number;
  /** Horizontal padding inside the box; markers and text start after it (rect nodes). */
  paddingX: number;
  /** Vertical padding: a node image starts this far below the top (default 0). */
  paddingY?: number;
  /** Gap after each icon and below the image (theme `space`, default 5). */
  space?: number;
  /**
   * 'circle' (tianpan themes): the box is the circle's bounding square, content centred in it;
   * absent = rounded rect.
   */
  shape?: 'circle';
  /** Theme shadow, drawn under the shape offset by (+4, +5) (kityminder §4); absent = none. */
  shadow?: { color: number; alpha: number };
}

export interface NodeMarkers {
  /** 1–9, kityminder priority badge colours. */
  priority?: number;
  /** 1–9, kityminder's progress pie (1 未开始 … 9 done). */
  progress?: number;
  /** Learnt tick (isStudy = 1). */
  isStudy?: boolean;
  /** 正在学 badge (isNow = 1). */
  isNow?: boolean;
  note?: boolean;
  link?: boolean;
  /** Resource tags (chips right of the text) and each chip's hue, per map in first-seen order. */
  resources?: string[];
  chipHues?: number[];
  /** Number of hidden descendants when collapsed; 0/undefined = expanded or leaf. */
  collapsedCount?: number;
  /** Expanded with children: shows the collapse (−) button. */
  expander?: boolean;
}

/** Connector templates of kityminder §3.6 that the canvas computes from the two boxes. */
export type ConnectorKind = 'bezier' | 'arc' | 'poly' | 'l' | 'under' | 'line' | 'fish-bone' | 'arc_tp';

export interface ConnectorStyle {
  kind: ConnectorKind;
  color: number;
  width: number;
}

/** One node box in world coordinates (top-left origin, y down). */
export interface SceneNode {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  text: string;
  /** 1 = root (Xuetu convention, engine MAX_LEVEL = 4). */
  level: number;
  style: NodeStyle;
  markers?: NodeMarkers;
  /** Node image, drawn above the text at its fitted size (≤ 200×200, aspect kept). */
  image?: { url: string; w: number; h: number };
  /** Parent id (every node but the root); the connector, if its look has one, runs from the parent's box to this one. */
  parent?: string;
  connector?: ConnectorStyle;
  /** The title is empty (`text` holds what is drawn: 分支主题). */
  blank?: true;
  /** The engine's rare fields of the node as sent (link, image URL, resources): the tree and menus read them. */
  extra?: NodeExtra;
}

/** Path opcodes of computed connector geometry (flat, allocation-light). */
export const PathOp = {
  /** x y */
  Move: 0,
  /** x y */
  Line: 1,
  /** c1x c1y c2x c2y x y */
  Cubic: 2,
  /** cx cy r a0 a1 — circular arc in centre form from angle a0 to a1 (clockwise when a1 > a0) */
  Arc: 3,
  /** x y r — filled end dot of kityminder's arc connector */
  Dot: 4,
} as const;

/**
 * Packed moves: node `ids[i]` now has its top-left at (xy[2i], xy[2i+1]), size unchanged.
 * An insert in a kityminder layout shifts half the map; sending those as typed arrays (the
 * worker transfers the buffer) instead of 25k node records keeps an edit inside one frame.
 */
export interface PackedMoves {
  ids: string[];
  xy: Float64Array;
}

/**
 * Subtree translations (the engine's RenderPatch `shifts`): node `ids[i]` and every
 * descendant the scene knows (through `parent` links) move by (deltas[2i], deltas[2i+1]).
 */
export interface PackedShifts {
  ids: string[];
  deltas: Float64Array;
}

/**
 * Reconciliation unit, applied in this order: removals; upserts (records and parent links);
 * sibling order; shifts; then the upserted boxes again and `moves` (absolute positions win
 * over shifts).
 */
export interface ScenePatch {
  nodes?: SceneNode[];
  /**
   * The engine's per-node fields (NODE_INTS rows, engine/render/render-patch.ts) of `nodes`, in
   * the same order; the store keeps them per slot (SceneStore.nodeInt). Absent = all zero.
   */
  ints?: Int32Array;
  shifts?: PackedShifts;
  moves?: PackedMoves;
  removeNodes?: string[];
  background?: number;
  /** The map's `$` are literal text (RenderPatch.literalText): no label is typeset. */
  literalText?: boolean;
  /**
   * Child order of parents whose children changed (every parent on a full load). Only lists
   * whose children use arc_tp connectors are kept: those chain from the previous sibling.
   */
  siblings?: ReadonlyArray<readonly [parentId: string, childIds: readonly string[]]>;
  /**
   * Child order of the parents an edit touched (the engine's RenderPatch.structure; none on a
   * full load, whose nodes come in preorder): the store keeps every slot's children in order.
   */
  structure?: ReadonlyArray<readonly [parentId: string, childIds: readonly string[]]>;
}

/** Axis-aligned rectangle in world or screen units. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
