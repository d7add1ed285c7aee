import type { ExportFormat, RenderPatch } from '../engine/editor';
import type { KmDocument, KmNode, KmNodeData } from '../engine/model/types';
import type { ImportNotice, ImportOptions, TextFormat } from '../engine/protocols/formats';
import type { FindOptions } from '../engine/search/find';
import type { NodeStyle } from '../engine/render/node-style';

// The one contract between the main thread and the engine worker. Intents go in as plain
// arguments; every change comes back as a versioned WirePatch for changed nodes only, whose
// numeric payload (boxes, subtree shift deltas) travels in typed arrays that are transferred,
// not copied. Ids, texts and parent ids travel as joined strings and styles as a few shared
// looks plus typed arrays (packStyles): one structured-clone string instead of 50k objects.

const SEP = '\u0001';

/** Child order of parents whose children changed (the ARIA tree and keyboard navigation need order). */
export type Structure = Array<[parentId: string, childIds: string[]]>;

/** The part of a NodeStyle shared by many nodes (theme look of a level): sent once per patch. */
type Look = Pick<NodeStyle, 'font' | 'fontSize' | 'lineHeight' | 'color' | 'fill' | 'stroke' | 'strokeWidth' | 'radius' | 'shape' | 'shadow' | 'connector' | 'connectColor' | 'connectWidth'>;
const LOOK_KEYS = ['font', 'fontSize', 'lineHeight', 'color', 'fill', 'stroke', 'strokeWidth', 'radius', 'shape', 'shadow', 'connector', 'connectColor', 'connectWidth'] as const;
/** Rarely set per-node fields, sent only for the nodes that have them. */
type Extra = Pick<NodeStyle, 'href' | 'image' | 'imageSize' | 'resource'>;

/**
 * Styles packed for the wire: per styled node (in `ids` order, look index -1 = no style) a look
 * index, the ints [index, level, priority, flags, childCount] and joined texts/parent ids; the
 * looks once; rare fields sparsely. 50k nodes clone as a few strings and typed arrays.
 */
export interface PackedStyles {
  looks: Look[];
  look: Int32Array;
  ints: Int32Array;
  texts: string;
  parents: string;
  extras: Array<[number, Extra]>;
}

const F_STUDY = 1, F_NOW = 2, F_NOTE = 4, F_COLLAPSED = 8;

export function packStyles(styles: Array<NodeStyle | null>): PackedStyles {
  const looks: Look[] = [];
  const lookOf = new Map<string, number>();
  const lastOfLevel: number[] = [];
  const look = new Int32Array(styles.length);
  const ints = new Int32Array(styles.length * 5);
  const texts: string[] = new Array(styles.length);
  const parents: string[] = new Array(styles.length);
  const extras: Array<[number, Extra]> = [];
  for (let i = 0; i < styles.length; i++) {
    const s = styles[i];
    texts[i] = s?.text ?? '';
    parents[i] = s?.parentId ?? '';
    if (!s) {
      look[i] = -1;
      continue;
    }
    // Nodes of a level nearly always share their look: try that level's last look before
    // building a key string (50k key strings were a fifth of packing time, and garbage).
    let k = lastOfLevel[s.level] ?? -1;
    if (k < 0 || !sameLook(looks[k], s)) {
      const key = `${s.font}|${s.fontSize}|${s.lineHeight}|${s.color}|${s.fill}|${s.stroke}|${s.strokeWidth}|${s.radius}|${s.shape}|${s.shadow}|${s.connector}|${s.connectColor}|${s.connectWidth}`;
      k = lookOf.get(key) ?? -1;
      if (k < 0) {
        k = looks.length;
        lookOf.set(key, k);
        const l = {} as Record<string, unknown>;
        for (const f of LOOK_KEYS) l[f] = s[f];
        looks.push(l as Look);
      }
      lastOfLevel[s.level] = k;
    }
    look[i] = k;
    const o = i * 5;
    ints[o] = s.index;
    ints[o + 1] = s.level;
    // priority (1–9) in the low 4 bits, progress (1–9) above them
    ints[o + 2] = (s.priority ?? 0) | ((s.progress ?? 0) << 4);
    ints[o + 3] = (s.isStudy ? F_STUDY : 0) | (s.isNow ? F_NOW : 0) | (s.hasNote ? F_NOTE : 0) | (s.collapsed ? F_COLLAPSED : 0);
    ints[o + 4] = s.childCount;
    if (s.href !== null || s.image !== null || s.imageSize !== null || s.resource.length) extras.push([i, { href: s.href, image: s.image, imageSize: s.imageSize, resource: s.resource }]);
  }
  return { looks, look, ints, texts: join(texts), parents: join(parents), extras };
}

/**
 * LOOK_KEYS written out: a loop over the key list made packing 50k styles 2-4× slower (keyed
 * property loads do not get monomorphic). The protocol test changes each look field in turn.
 */
function sameLook(l: Look, s: NodeStyle): boolean {
  return (
    l.font === s.font &&
    l.fontSize === s.fontSize &&
    l.lineHeight === s.lineHeight &&
    l.color === s.color &&
    l.fill === s.fill &&
    l.stroke === s.stroke &&
    l.strokeWidth === s.strokeWidth &&
    l.radius === s.radius &&
    l.shape === s.shape &&
    l.shadow === s.shadow &&
    l.connector === s.connector &&
    l.connectColor === s.connectColor &&
    l.connectWidth === s.connectWidth
  );
}

export function unpackStyles(p: PackedStyles, ids: string[]): Array<NodeStyle | null> {
  const texts = p.texts ? p.texts.split(SEP) : [];
  const parents = p.parents ? p.parents.split(SEP) : [];
  const extra = new Map(p.extras);
  const out: Array<NodeStyle | null> = new Array(p.look.length);
  for (let i = 0; i < p.look.length; i++) {
    const k = p.look[i];
    if (k < 0) {
      out[i] = null;
      continue;
    }
    const x = extra.get(i);
    const o = i * 5;
    const flags = p.ints[o + 3];
    const L = p.looks[k];
    // One literal with every field (no spread): V8 keeps all 50k objects on one fast shape.
    out[i] = {
      id: ids[i],
      parentId: parents[i] || null,
      index: p.ints[o],
      level: p.ints[o + 1],
      text: texts[i],
      font: L.font,
      fontSize: L.fontSize,
      lineHeight: L.lineHeight,
      color: L.color,
      fill: L.fill,
      stroke: L.stroke,
      strokeWidth: L.strokeWidth,
      radius: L.radius,
      shape: L.shape,
      shadow: L.shadow,
      connector: L.connector,
      connectColor: L.connectColor,
      connectWidth: L.connectWidth,
      priority: p.ints[o + 2] & 15 || null,
      progress: p.ints[o + 2] >> 4 || null,
      isStudy: (flags & F_STUDY) !== 0,
      isNow: (flags & F_NOW) !== 0,
      hasNote: (flags & F_NOTE) !== 0,
      collapsed: (flags & F_COLLAPSED) !== 0,
      childCount: p.ints[o + 4],
      href: x?.href ?? null,
      image: x?.image ?? null,
      imageSize: x?.imageSize ?? null,
      resource: x?.resource ?? [],
    };
  }
  return out;
}

export interface WirePatch {
  version: number;
  full: boolean;
  ids: string;
  boxes: Float64Array;
  shifts: string;
  shiftDeltas: Float64Array;
  styles: PackedStyles;
  removed: string;
  template: string;
  theme: string;
  background: string;
  structure: Structure;
  canUndo: boolean;
  canRedo: boolean;
}

/** What the main thread works with after unpacking. */
export interface EnginePatch extends RenderPatch {
  structure: Structure;
  canUndo: boolean;
  canRedo: boolean;
}

const join = (xs: string[]) => xs.join(SEP);
const split = (s: string) => (s ? s.split(SEP) : []);

export function packPatch(p: EnginePatch): { wire: WirePatch; transfer: ArrayBuffer[] } {
  const styles = packStyles(p.styles);
  const wire: WirePatch = { ...p, ids: join(p.ids), shifts: join(p.shifts), removed: join(p.removed), styles };
  return { wire, transfer: [p.boxes.buffer as ArrayBuffer, p.shiftDeltas.buffer as ArrayBuffer, styles.look.buffer as ArrayBuffer, styles.ints.buffer as ArrayBuffer] };
}

export function unpackPatch(w: WirePatch): EnginePatch {
  const ids = split(w.ids);
  return { ...w, ids, shifts: split(w.shifts), removed: split(w.removed), styles: unpackStyles(w.styles, ids) };
}

/**
 * The worker's API (Comlink exposes an object with these methods). Synchronous in the worker;
 * the client sees each as a Promise. Errors (depth limit, read-only, bad import) reject with
 * the engine's message.
 */
export interface EngineApi {
  load(km: KmDocument | string, readOnly?: boolean): WirePatch;
  importData(format: TextFormat, text: string): WirePatch;
  exportData(format: ExportFormat, clip?: { x: number; y: number; w: number; h: number }): string;
  toKm(): KmDocument;
  execute(name: string, args?: unknown[], opts?: { mergeKey?: string }): { result: unknown; patch: WirePatch };
  beginGesture(): void;
  endGesture(): void;
  undo(): WirePatch | null;
  redo(): WirePatch | null;
  setReadOnly(on: boolean): void;
  getNodeData(id: string): KmNodeData;
  copy(ids: string[]): KmNode[];
  boxOf(id: string): [number, number, number, number];
  /** Ids of the nodes whose title contains the query, preorder, joined like patch ids (splitIds). */
  find(query: string, opts?: FindOptions): string;
  // File import (issue 15): an outline forest goes under a root named opts.name (the file's
  // name) and what changed shape comes back as Chinese notices for the screen to show.
  importDataWithNotices(format: TextFormat, text: string, opts?: ImportOptions): { patch: WirePatch; notices: ImportNotice[] };
}

/** The wire form of an id list (one string, not 50k cloned strings). */
export const joinIds = (ids: string[]): string => join(ids);
export const splitIds = (s: string): string[] => split(s);

/** Marks a value for transfer; the worker passes Comlink.transfer, tests pass the identity. */
export type TransferFn = <T>(value: T, transfer: Transferable[]) => T;
