import type { ExportFormat, RenderPatch } from '../engine/editor';
import type { KmDocument, KmNode, KmNodeData } from '../engine/model/types';
import type { TextFormat } from '../engine/protocols/formats';
import type { NodeStyle } from '../engine/render/node-style';

// The one contract between the main thread and the engine worker. Intents go in as plain
// arguments; every change comes back as a versioned WirePatch for changed nodes only, whose
// numeric payload (boxes, subtree shift deltas) travels in typed arrays that are transferred,
// not copied. Ids travel as one joined string: one structured-clone string instead of 50k.

const SEP = '\u0001';

/** Child order of parents whose children changed (the ARIA tree and keyboard navigation need order). */
export type Structure = Array<[parentId: string, childIds: string[]]>;

export interface WirePatch {
  version: number;
  full: boolean;
  ids: string;
  boxes: Float64Array;
  shifts: string;
  shiftDeltas: Float64Array;
  styles: Array<NodeStyle | null>;
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
  const wire: WirePatch = { ...p, ids: join(p.ids), shifts: join(p.shifts), removed: join(p.removed) };
  return { wire, transfer: [p.boxes.buffer as ArrayBuffer, p.shiftDeltas.buffer as ArrayBuffer] };
}

export function unpackPatch(w: WirePatch): EnginePatch {
  return { ...w, ids: split(w.ids), shifts: split(w.shifts), removed: split(w.removed) };
}

/**
 * The worker's API (Comlink exposes an object with these methods). Synchronous in the worker;
 * the client sees each as a Promise. Errors (depth limit, read-only, bad import) reject with
 * the engine's message.
 */
export interface EngineApi {
  load(km: KmDocument | string, readOnly?: boolean): WirePatch;
  importData(format: TextFormat, text: string): WirePatch;
  exportData(format: ExportFormat): string;
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
}

/** Marks a value for transfer; the worker passes Comlink.transfer, tests pass the identity. */
export type TransferFn = <T>(value: T, transfer: Transferable[]) => T;
