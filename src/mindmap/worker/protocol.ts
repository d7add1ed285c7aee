import type { CommandArgs, CommandName, CommandResult } from '../engine/commands/registry';
import type { ExportFormat, RenderPatch } from '../engine/editor';
import type { KmDocument, KmNodeData } from '../engine/model/types';
import type { ExportOptions, ExportResult, FileData, FileFormat, ImportNotice, ImportOptions, TextFormat } from '../engine/protocols/formats';
import type { FindOptions } from '../engine/search/find';
import type { PdfOptions, PdfResult } from '../engine/protocols/pdf';
import type { FormulaBox } from '../engine/measure/formula-boxes';
import type { SvgOptions } from '../engine/protocols/svg';
import type { MapClip } from '../engine/commands/clipboard';
import type { AppliedSet, ChangeSet } from '../engine/model/change-set';

// The one contract between the main thread and the engine worker. Intents go in as plain
// arguments; every change comes back as the engine's RenderPatch (engine/render/render-patch.ts:
// a look table, per-node look index and NODE_INTS row, structure), which is already what the
// canvas consumes. On the wire only its string lists are joined (one structured-clone string
// instead of 50k strings) and its typed arrays are transferred, not copied.

export type { Structure } from '../engine/render/render-patch';

const SEP = '\u0001';

/** The RenderPatch fields that are lists of strings: joined on the wire. */
type StringLists = 'ids' | 'shifts' | 'removed' | 'texts' | 'parents';

/** RenderPatch on the wire: the same fields, string lists joined by SEP. */
export type WirePatch = Omit<RenderPatch, StringLists> & { [K in StringLists]: string };

/** What the main thread works with: the engine's patch itself. */
export type EnginePatch = RenderPatch;

const join = (xs: string[]) => xs.join(SEP);
const split = (s: string) => (s ? s.split(SEP) : []);

export function packPatch(p: RenderPatch): { wire: WirePatch; transfer: ArrayBuffer[] } {
  const wire: WirePatch = { ...p, ids: join(p.ids), shifts: join(p.shifts), removed: join(p.removed), texts: join(p.texts), parents: join(p.parents) };
  return {
    wire,
    transfer: [p.boxes.buffer as ArrayBuffer, p.shiftDeltas.buffer as ArrayBuffer, p.look.buffer as ArrayBuffer, p.ints.buffer as ArrayBuffer],
  };
}

export function unpackPatch(w: WirePatch): RenderPatch {
  // Every node has a text and parent slot (empty for box-only ones): an all-empty list joins to
  // '' and must come back with one entry per node, not none.
  const n = w.look.length;
  return { ...w, ids: split(w.ids), shifts: split(w.shifts), removed: split(w.removed), texts: splitN(w.texts, n), parents: splitN(w.parents, n) };
}

function splitN(s: string, n: number): string[] {
  return n === 0 ? [] : s.split(SEP);
}

/**
 * The worker's API (Comlink exposes an object with these methods). Synchronous in the worker;
 * the client sees each as a Promise. Errors (depth limit, read-only, bad import) reject with
 * the engine's message.
 */
export interface EngineApi {
  load(km: KmDocument | string, readOnly?: boolean): WirePatch;
  importData(format: TextFormat, text: string): WirePatch;
  /** `svg.formulaCss`: the KaTeX CSS (fonts inlined) for a map whose labels hold formulas. */
  exportData(format: ExportFormat, clip?: { x: number; y: number; w: number; h: number }, svg?: SvgOptions): string;
  /** Formula labels typeset and measured on the main thread (a patch's `formulas` asked for them); not an undo step. */
  setFormulaBoxes(list: FormulaBox[]): WirePatch;
  toKm(): KmDocument;
  /** A command by name with its own argument types; its result typed likewise. */
  execute<N extends CommandName>(name: N, args: CommandArgs<N>, opts?: { mergeKey?: string }): { result: CommandResult<N>; patch: WirePatch };
  undo(): WirePatch | null;
  redo(): WirePatch | null;
  setReadOnly(on: boolean): void;
  getNodeData(id: string): KmNodeData;
  copy(ids: string[]): MapClip;
  boxOf(id: string): [number, number, number, number];
  /** Ids of the nodes whose title contains the query, preorder, joined like patch ids (splitIds). */
  find(query: string, opts?: FindOptions): string;
  // File import (issue 15): an outline forest goes under a root named opts.name (the file's
  // name) and what changed shape comes back as Chinese notices for the screen to show.
  // Issue 19.4: also .xmind (bytes), .mm and .opml; what the file held that a map cannot is a notice.
  importDataWithNotices(format: FileFormat, data: FileData, opts?: ImportOptions): { patch: WirePatch; notices: ImportNotice[] };
  /** A file in any format (.xmind as bytes, transferred), with what the format could not hold. */
  exportFile(format: FileFormat, opts?: ExportOptions): ExportResult;
  /** The map as a PDF (issue 19.6): the font's bytes come in, the PDF's bytes go out transferred. */
  exportPdf(opts: PdfOptions): Promise<PdfResult>;
  // Study progress (issue 22), its own channel beside the render patch: the case's study nodes
  // in, the branch counts that changed out (engine/progress/progress-index.ts#ProgressPatch).
  setStudyNodes(ids: string): void;
  takeProgress(): WireProgress;
  // Change sets (engine/model/change-set.ts): what a save sends and what comes back from the
  // server, the same currency the engine records. A load stops syncing until startSync.
  startSync(tab: string, version: number, restored?: { pending: ChangeSet[]; seq: number; overlay?: readonly string[] }): void;
  takeChangeSets(): ChangeSetsToSend;
  wholeSaved(version: number, tab: string, sentSeq: number): void;
  receiveChangeSets(sets: AppliedSet[], typing?: string): { patch: WirePatch; notices: string[]; version: number; changed: boolean; madeHere: boolean };
  /** The server's map opened with a draft's sets replayed on it and synced from `sync.version`, in one step (MindEditor.loadSynced). */
  loadSynced(
    km: string,
    readOnly: boolean,
    sync: { tab: string; version: number; sets: ChangeSet[]; seq: number; overlay?: readonly string[] },
  ): { patch: WirePatch; notices: string[]; pending: number };
  /** The server's map opened in place of this one, the unacknowledged sets replayed on it and synced from `version`, in one step (MindEditor.reopen). */
  reopen(km: string, tab: string, version: number, overlay?: readonly string[]): { patch: WirePatch; notices: string[]; taken: number; pending: number };
  // Mastery (issue 34), a query beside the progress channel: the student's levels in (ids joined,
  // levels 1-3, fading ids joined, the student's own practised topics joined), the 掌握 N/M roll-up of the whole
  // tree out (engine/study/mastery-rollup.ts). Read again after each patch; nothing here is an undo step.
  setMastery(ids: string, levels: Uint8Array, fading: string, ownPractised: string): void;
  takeMastery(): WireMastery;
}

/** What the next save sends: the unacknowledged sets on top of `version`, or the map `whole` (after a load or an import). */
export interface ChangeSetsToSend {
  version: number;
  sets: ChangeSet[];
  whole: boolean;
  /** The tab's last set number so far (a whole save sends everything up to it). */
  seq: number;
}

/** MasteryRollup on the wire: ids joined, counts (mastered, total, fading per id) transferred. */
export interface WireMastery {
  ids: string;
  counts: Int32Array;
}

/** ProgressPatch on the wire: ids joined (joinIds), counts transferred. */
export interface WireProgress {
  full: boolean;
  ids: string;
  counts: Int32Array;
}

/** The wire form of an id list (one string, not 50k cloned strings). */
export const joinIds = (ids: string[]): string => join(ids);
export const splitIds = (s: string): string[] => split(s);

/** Marks a value for transfer; the worker passes Comlink.transfer, tests pass the identity. */
export type TransferFn = <T>(value: T, transfer: Transferable[]) => T;
