import * as Comlink from 'comlink';
import type { CommandArgs, CommandName, CommandResult } from '../engine/commands/registry';
import type { ExportFormat } from '../engine/editor';
import type { ProgressPatch } from '../engine/progress/progress-index';
import type { MasteryRollup } from '../engine/study/mastery-rollup';
import type { KmDocument, KmNodeData } from '../engine/model/types';
import type { ExportOptions, ExportResult, FileData, FileFormat, ImportNotice, ImportOptions, TextFormat } from '../engine/protocols/formats';
import type { FindOptions } from '../engine/search/find';
import type { PdfOptions, PdfResult } from '../engine/protocols/pdf';
import type { FormulaBox } from '../engine/measure/formula-boxes';
import type { SvgOptions } from '../engine/protocols/svg';
import type { MapClip } from '../engine/commands/clipboard';
import type { AppliedSet, ChangeSet } from '../engine/model/change-set';
import { joinIds, splitIds, unpackPatch, type ChangeSetsToSend, type EngineApi, type EnginePatch, type WirePatch } from './protocol';

// The main thread's only door to the engine, and the only client module importing Comlink.
// Every method is async; patches arrive unpacked (ids as arrays, typed arrays transferred).

type Remote = { [K in Exclude<keyof EngineApi, 'execute'>]: (...a: Parameters<EngineApi[K]>) => Promise<ReturnType<EngineApi[K]>> } & {
  execute<N extends CommandName>(name: N, args: CommandArgs<N>, opts?: { mergeKey?: string }): Promise<{ result: CommandResult<N>; patch: WirePatch }>;
};

export class EngineClient {
  constructor(
    private readonly api: Remote,
    private readonly onClose: () => void = () => {},
  ) {}

  async load(km: KmDocument | string, readOnly = false): Promise<EnginePatch> {
    // A .km text crosses as one string copy; a 50k-node object tree took ~0.1 s to clone on
    // each side, and the worker parses text faster than it deserialises objects.
    return unpackPatch(await this.api.load(typeof km === 'string' ? km : JSON.stringify(km), readOnly));
  }
  async importData(format: TextFormat, text: string): Promise<EnginePatch> {
    return unpackPatch(await this.api.importData(format, text));
  }
  exportData(format: ExportFormat, clip?: { x: number; y: number; w: number; h: number }, svg?: SvgOptions): Promise<string> {
    return this.api.exportData(format, clip, svg);
  }
  /** Formula labels typeset and measured here (a patch's `formulas`); the nodes using them are laid out again. */
  async setFormulaBoxes(list: FormulaBox[]): Promise<EnginePatch> {
    return unpackPatch(await this.api.setFormulaBoxes(list));
  }
  toKm(): Promise<KmDocument> {
    return this.api.toKm();
  }
  async execute<N extends CommandName>(
    name: N,
    args: CommandArgs<N>,
    opts: { mergeKey?: string } = {},
  ): Promise<{ result: CommandResult<N>; patch: EnginePatch }> {
    const r = await this.api.execute(name, args, opts);
    return { result: r.result, patch: unpackPatch(r.patch) };
  }
  async undo(): Promise<EnginePatch | null> {
    const p = await this.api.undo();
    return p && unpackPatch(p);
  }
  async redo(): Promise<EnginePatch | null> {
    const p = await this.api.redo();
    return p && unpackPatch(p);
  }
  setReadOnly(on: boolean): Promise<void> {
    return this.api.setReadOnly(on);
  }
  getNodeData(id: string): Promise<KmNodeData> {
    return this.api.getNodeData(id);
  }
  copy(ids: string[]): Promise<MapClip> {
    return this.api.copy(ids);
  }
  boxOf(id: string): Promise<[number, number, number, number]> {
    return this.api.boxOf(id);
  }
  /** Find (Ctrl+F): matching node ids in preorder. */
  async find(query: string, opts: FindOptions = {}): Promise<string[]> {
    return splitIds(await this.api.find(query, opts));
  }

  /** A file's content: a forest goes under a root named opts.name; notices (Chinese) say what changed shape or was not kept. */
  async importDataWithNotices(format: FileFormat, data: FileData, opts: ImportOptions = {}): Promise<{ patch: EnginePatch; notices: ImportNotice[] }> {
    const r = await this.api.importDataWithNotices(format, data, opts);
    return { patch: unpackPatch(r.patch), notices: r.notices };
  }
  /** The map as a file (.xmind as bytes); notices say what the format could not hold. */
  exportFile(format: FileFormat, opts: ExportOptions = {}): Promise<ExportResult> {
    return this.api.exportFile(format, opts);
  }
  /** The map as a PDF, drawn in the worker (the font's bytes are copied there, the PDF's come back transferred). */
  async exportPdf(opts: PdfOptions): Promise<PdfResult> {
    return await this.api.exportPdf(opts);
  }
  /** The case's study nodes (知识点); every branch is recounted. */
  setStudyNodes(ids: string[]): Promise<void> {
    return this.api.setStudyNodes(joinIds(ids));
  }
  /** Branch counts changed since the last call: full after a load or a new study set. */
  async takeProgress(): Promise<ProgressPatch> {
    const p = await this.api.takeProgress();
    return { full: p.full, ids: splitIds(p.ids), counts: p.counts };
  }
  /** Edits are kept as change sets on top of the server's `version` from now on (after opening it). */
  startSync(tab: string, version: number, restored?: { pending: ChangeSet[]; seq: number; overlay?: readonly string[] }): Promise<void> {
    return this.api.startSync(tab, version, restored);
  }
  /** The unacknowledged change sets, or `whole` when the map must be saved whole. */
  takeChangeSets(): Promise<ChangeSetsToSend> {
    return this.api.takeChangeSets();
  }
  /** The map read for a whole save was stored as `version`. */
  wholeSaved(version: number, tab: string, sentSeq: number): Promise<void> {
    return this.api.wholeSaved(version, tab, sentSeq);
  }
  /** The server's sets since our version: the map rebased on them (our unsent edits on top). */
  /** `typing`: the topic whose title is being typed (deleted by the others, its branch is brought back). */
  async receiveChangeSets(
    sets: AppliedSet[],
    typing?: string,
  ): Promise<{ patch: EnginePatch; notices: string[]; version: number; changed: boolean; madeHere: boolean }> {
    const r = await this.api.receiveChangeSets(sets, typing);
    return { ...r, patch: unpackPatch(r.patch) };
  }
  /**
   * The server's map (`km`, saved as `sync.version`) opened with `sync.sets` (a draft's) replayed
   * on it and synced from that version, in one step in the worker (MindEditor.loadSynced): an
   * edit sent as the map opens is made on the synced map, never on one that sends nothing.
   */
  async loadSynced(
    km: KmDocument | string,
    readOnly: boolean,
    sync: { tab: string; version: number; sets?: ChangeSet[]; seq?: number; overlay?: readonly string[] },
  ): Promise<{ patch: EnginePatch; notices: string[]; pending: number }> {
    const r = await this.api.loadSynced(typeof km === 'string' ? km : JSON.stringify(km), readOnly, { sets: [], seq: 0, ...sync });
    return { ...r, patch: unpackPatch(r.patch) };
  }
  /**
   * The server's map (`km`, saved as `sync.version`) opened editable in place of this one, the
   * unacknowledged sets replayed on it and synced from that version, in one step in the worker
   * (MindEditor.reopen): an edit sent meanwhile is never made between the steps and lost.
   */
  async reopen(
    km: KmDocument | string,
    sync: { tab: string; version: number; overlay?: readonly string[] },
  ): Promise<{ patch: EnginePatch; notices: string[]; taken: number; pending: number }> {
    const r = await this.api.reopen(typeof km === 'string' ? km : JSON.stringify(km), sync.tab, sync.version, sync.overlay);
    return { ...r, patch: unpackPatch(r.patch) };
  }
  /** The student's mastery (levels 1-3 by topic, fading topics) for the 掌握 N/M roll-up. */
  setMastery(m: { nodeIds: string[]; levels: number[]; fading: string[]; ownPractised?: string[] }): Promise<void> {
    return this.api.setMastery(joinIds(m.nodeIds), Uint8Array.from(m.levels), joinIds(m.fading), joinIds(m.ownPractised ?? []));
  }
  /** The roll-up of the whole tree as it is now (engine/study/mastery-rollup.ts). */
  async takeMastery(): Promise<MasteryRollup> {
    const r = await this.api.takeMastery();
    return { ids: splitIds(r.ids), counts: r.counts };
  }
  /** Ends the worker (the editor screen unmounted). */
  close(): void {
    this.onClose();
  }
}

/** Starts a dedicated engine worker (one per open editor). */
export function startEngineWorker(): EngineClient {
  const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });
  const proxy = Comlink.wrap<EngineApi>(worker);
  return new EngineClient(proxy as unknown as Remote, () => {
    proxy[Comlink.releaseProxy]();
    worker.terminate();
  });
}

/**
 * The same client around an in-process host (unit tests; no Worker in jsdom). Answers are
 * structured-cloned as a worker's are, so no test shares an object with the engine.
 */
export function localEngine(host: EngineApi): EngineClient {
  const remote = Object.fromEntries(
    Object.entries(host).map(([k, f]) => [
      k,
      (...a: unknown[]) =>
        Promise.resolve()
          .then(() => (f as (...x: unknown[]) => unknown)(...a))
          .then((r) => structuredClone(r)),
    ]),
  ) as unknown as Remote;
  return new EngineClient(remote);
}
