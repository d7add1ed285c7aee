import { runCommand } from './commands/command';
import { copyClip, type MapClip } from './commands/clipboard';
import { getCommand, type CommandArgs, type CommandName, type CommandResult } from './commands/registry';
import { History, type Step } from './history/history';
import { summarize, type Change } from './model/change';
import { applyLenient } from './model/change-set';
import { MindDoc } from './model/doc';
import { ROOT_TEXT, type KmDocument, type KmNodeData } from './model/types';
import { newId } from './model/ids';
import { createTableMeasurer, type TextMeasurer } from './measure/text-measurer';
import type { FormulaBox } from './measure/formula-boxes';
import { LayoutEngine } from './layout/layout-engine';
import {
  exportDocument,
  exportFile,
  importDocument,
  importDocumentWithNotices,
  type ExportOptions,
  type ExportResult,
  type FileData,
  type FileFormat,
  type ImportNotice,
  type ImportOptions,
  type TextFormat,
} from './protocols/formats';
import { restoreDocument } from './protocols/restore';
import { decodeKm } from './protocols/km';
import { Lost } from './protocols/lost';
import type { PdfOptions, PdfResult } from './protocols/pdf';
import { exportSvg, type SvgOptions } from './protocols/svg';
import { findNodes, type FindOptions } from './search/find';
import type { RenderPatch } from './render/render-patch';
import { itemsCopy, PatchWriter } from './editor-patches';
import { getTheme } from './theme/themes';
import { ProgressIndex, type ProgressPatch } from './progress/progress-index';
import type { Progress } from './progress/rollup';
import { Replica } from './sync/replica';
import type { AppliedSet, ChangeSet } from './model/change-set';

export type { RenderPatch, Structure } from './render/render-patch';

export type ExportFormat = TextFormat | 'svg';

export interface EditorOptions {
  measurer?: TextMeasurer;
  historyLimit?: number;
}

export function emptyDocument(): KmDocument {
  return { root: { data: { id: newId(), created: Date.now(), text: ROOT_TEXT }, children: [] }, template: 'default', theme: 'fresh-blue', version: '1.4.43' };
}

/**
 * The engine facade the worker wraps with Comlink: plain data in and out, synchronous.
 * Loading is never an undo step; an import is one (back to the document before it); every
 * execute() is one (or part of a gesture).
 */
export class MindEditor {
  doc: MindDoc;
  readonly layout: LayoutEngine;
  /** Study progress per branch (progress/): its own channel, takeProgress(). */
  readonly progress = new ProgressIndex();
  private history: History;
  /** Writes the render patches (editor-patches.ts): their version counter, the summary boxes sent. */
  private patches: PatchWriter;
  /** Syncing by change sets (sync/replica.ts), once the map has a saved version on the server. */
  private replica: Replica | null = null;
  /** A member's own marks on a shared map (startSync): kept out of every set, both ways. */
  private overlay: readonly string[] | undefined;
  /** The document was replaced (an import, undo or redo of one) since the last whole save: the next save sends it whole. */
  private wholeNeeded = false;

  constructor(opts: EditorOptions = {}) {
    this.layout = new LayoutEngine(opts.measurer ?? createTableMeasurer());
    this.history = new History(opts.historyLimit ?? 500);
    this.patches = new PatchWriter(this.layout, this.history);
    this.doc = new MindDoc(emptyDocument());
  }

  /** Replaces the document (already parsed .km object or .km text). Clears history. */
  load(km: KmDocument | string): RenderPatch {
    // Items pointing at missing topics are repaired on the way in; what had to go is said.
    const lost = new Lost();
    const doc = typeof km === 'string' ? decodeKm(km, lost) : restoreDocument(JSON.parse(JSON.stringify(km)), lost);
    const patch = this.replace(doc);
    const notices = lost.notices();
    if (notices.length) patch.notices = notices;
    return patch;
  }

  /**
   * parse → restore → validate; on any error the current document is untouched. One undo step:
   * undo brings back the document before it, every field as it was.
   */
  importData(format: TextFormat, text: string): RenderPatch {
    return this.replace(importDocument(format, text), true);
  }

  /**
   * Importing a file: like importData, but outline text with several top-level lines (and
   * markdown with several top headings) goes under a root named `opts.name` (the file's name),
   * and what changed shape comes back as Chinese notices for the UI to show. Also reads XMind
   * (bytes), FreeMind and OPML files, reporting what they held that a map cannot.
   */
  importDataWithNotices(format: FileFormat, data: FileData, opts: ImportOptions = {}): { patch: RenderPatch; notices: ImportNotice[] } {
    const { document, notices } = importDocumentWithNotices(format, data, opts);
    return { patch: this.replace(document, true), notices };
  }

  /** `undoable`: an import (one undo step back to the current document), else a load (history cleared). */
  private replace(km: KmDocument, undoable = false): RenderPatch {
    const doc = new MindDoc(km);
    getTheme(doc.theme);
    if (undoable) this.history.recordSwap(this.doc);
    else this.history.clear();
    // A loaded map is synced once the caller says which server version it is (startSync); an
    // imported one is saved whole next.
    if (undoable) this.wholeNeeded = true;
    else this.replica = null;
    return this.switchTo(doc);
  }

  /** Makes `doc` the document (a load, an import, or undo/redo of an import) and lays it all out. */
  private switchTo(doc: MindDoc): RenderPatch {
    doc.readOnly = this.doc.readOnly;
    this.doc = doc;
    this.layout.formulas.literal = doc.formulas === 'none';
    this.progress.invalidate(doc);
    return this.relayoutAll();
  }

  /** `clip` (SVG only): just the part of the image inside that rect, for strip-wise rasterising. */
  exportData(format: ExportFormat, clip?: { x: number; y: number; w: number; h: number }, svg?: SvgOptions): string {
    if (format === 'svg') return exportSvg(this.doc, this.layout, clip, this.progress.studyCount ? (n) => this.progress.of(n) : undefined, svg);
    return exportDocument(format, this.doc.toKm());
  }

  /** A file of the map in any file format (.xmind as bytes), with what the format could not hold. */
  exportFile(format: FileFormat, opts: ExportOptions = {}): ExportResult {
    return exportFile(format, this.doc.toKm(), opts);
  }

  /**
   * The map as a PDF drawn from its SVG export (protocols/pdf.ts): pdf-lib and fontkit are loaded
   * on the first PDF only, so neither weighs on opening a map.
   */
  async exportPdf(opts: PdfOptions): Promise<PdfResult> {
    // a typeset label is a slot the PDF fills with the main thread's drawing of it (pdf-formula.ts)
    const svg = this.exportData('svg', undefined, { formulaSlots: true });
    const { svgToPdf } = await import('./protocols/pdf');
    return svgToPdf(svg, { ...opts, title: opts.title ?? this.doc.root.data.text, literalText: this.doc.formulas === 'none' });
  }

  toKm(): KmDocument {
    return JSON.parse(JSON.stringify(this.doc.toKm())) as KmDocument;
  }

  setReadOnly(on: boolean): void {
    this.doc.readOnly = on;
  }

  get readOnly(): boolean {
    return this.doc.readOnly;
  }

  /**
   * Runs a command by name. mergeKey folds repeated calls (a typing burst) into one undo step.
   * View commands (expand, collapse, expand to level) are not undo steps and keep redo.
   */
  execute<N extends CommandName>(name: N, args: CommandArgs<N>, opts: { mergeKey?: string } = {}): { result: CommandResult<N>; patch: RenderPatch } {
    const cmd = getCommand(name);
    const { result, changes } = runCommand(this.doc, cmd, args);
    this.history.record(changes, opts.mergeKey, cmd.view ? 'view' : 'record');
    this.replica?.record(changes);
    return { result: result as CommandResult<N>, patch: this.afterChange(changes) };
  }

  undo(): RenderPatch | null {
    return this.afterStep(this.history.undo(this.doc));
  }

  redo(): RenderPatch | null {
    return this.afterStep(this.history.redo(this.doc));
  }

  private afterStep(step: Step | null): RenderPatch | null {
    if (!step) return null;
    if ('applied' in step) {
      this.replica?.record(step.applied);
      const patch = { ...this.afterChange(step.applied), added: step.applied.flatMap((c) => (c.op === 'add' ? [c.node.data.id as string] : [])) };
      // (a step of which nothing applied is said even with no reason: it was already as it would make it)
      return step.skipped.length || !step.applied.length ? { ...patch, skipped: { notices: step.skipped, whole: step.applied.length === 0 } } : patch;
    }
    this.wholeNeeded = true;
    return { ...this.switchTo(step.swapTo), swapped: true };
  }

  /**
   * From now on every edit is also kept as a change set for the server, the map being the
   * server's `version` (after a load of it, or a whole save). `restored`: the unacknowledged sets
   * a draft kept (a reload), already applied to the loaded map by replayPending.
   */
  startSync(tab: string, version: number, restored?: { pending: ChangeSet[]; seq: number; overlay?: readonly string[] }): void {
    this.overlay = restored?.overlay;
    this.replica = new Replica(tab, version, restored);
    this.wholeNeeded = false;
  }

  /**
   * What the next save sends: the change sets not yet acknowledged, or `whole` when the map was
   * replaced since the last whole save (the save then sends the document; see wholeSaved).
   */
  takeChangeSets(): { version: number; sets: ChangeSet[]; whole: boolean; seq: number } {
    const r = this.replica;
    if (!r) return { version: 0, sets: [], whole: true, seq: 0 };
    const snap = r.snapshot();
    return { version: snap.version, sets: snap.pending, whole: this.wholeNeeded, seq: snap.seq };
  }

  /**
   * The document was sent whole (takeChangeSets said so, or a first save) and stored as `version`:
   * edits made since it was read stay unsent on top of it. `sentAt`: the change sets that the
   * sent document already held (takeChangeSets' seq when it was read).
   */
  wholeSaved(version: number, tab: string, sentSeq: number): void {
    const r = this.replica;
    const keep = r ? r.take().filter((s) => Number(s.id.slice(s.id.lastIndexOf(':') + 1)) > sentSeq) : [];
    this.replica = new Replica(tab, version, { pending: keep, seq: Math.max(sentSeq, r ? r.snapshot().seq : 0), overlay: this.overlay });
    this.wholeNeeded = false;
  }

  /** Unacknowledged change sets a draft kept, applied to the map just loaded (as applyLenient does). */
  replayPending(sets: readonly ChangeSet[]): { patch: RenderPatch; notices: string[]; pending: ChangeSet[] } {
    const changes: Change[] = [];
    const notices = new Set<string>();
    const pending: ChangeSet[] = [];
    for (const s of sets) {
      const r = applyLenient(this.doc, s.changes);
      r.notices.forEach((n) => notices.add(n));
      changes.push(...r.applied);
      if (r.applied.length) pending.push({ id: s.id, changes: r.applied });
    }
    return { patch: this.afterChange(changes), notices: [...notices], pending };
  }

  /**
   * The server's map (`km`, saved as `sync.version`) loaded with `sync.sets` (a draft's
   * unacknowledged change sets) replayed on it and synced from that version on: one step, so an
   * edit that reaches the engine as the map opens is made on the map opened and synced, never on
   * one with no replica (made, shown, never sent). Answers the map's full patch, the replay's
   * notices and how many sets are still to send.
   */
  loadSynced(
    km: KmDocument | string,
    sync: { tab: string; version: number; sets: readonly ChangeSet[]; seq: number; overlay?: readonly string[] },
  ): { patch: RenderPatch; notices: string[]; pending: number } {
    const loaded = this.load(km);
    if (!sync.sets.length) {
      this.startSync(sync.tab, sync.version, { pending: [], seq: sync.seq, overlay: sync.overlay });
      return { patch: loaded, notices: [], pending: 0 };
    }
    const replayed = this.replayPending(sync.sets);
    this.startSync(sync.tab, sync.version, { pending: replayed.pending, seq: sync.seq, overlay: sync.overlay });
    // the map as loaded and replayed, in one full patch (the load's notices with it)
    const patch = this.relayoutAll();
    if (loaded.notices) patch.notices = loaded.notices;
    return { patch, notices: replayed.notices, pending: replayed.pending.length };
  }

  /**
   * The server's map (`km`, saved as `version`) in place of this one, with this map's
   * unacknowledged change sets replayed on it, synced from `version` on (another tab saved the map
   * whole): one step (loadSynced after taking the sets), so an edit that reaches the engine while
   * a page reloads is either among the sets replayed or made on the map opened and synced. As
   * separate calls (take the sets, load, replay, startSync), a title confirmed between two of them
   * was made on the map being replaced, or on a topic the replay had not made again yet — lost —
   * or on the new map before syncing began: shown, never saved. Answers as loadSynced, with how
   * many sets were taken.
   */
  reopen(
    km: KmDocument | string,
    tab: string,
    version: number,
    overlay?: readonly string[],
  ): { patch: RenderPatch; notices: string[]; taken: number; pending: number } {
    const taken = this.takeChangeSets();
    const opened = this.loadSynced(km, { tab, version, sets: taken.sets, seq: taken.seq, overlay });
    return { ...opened, taken: taken.sets.length };
  }

  /**
   * The server's answer to a save or a catch-up: its sets since our version, our own among them
   * (Replica.receive). `typing`: the topic whose title is being typed on this page; `madeHere`: a
   * change of this page was made (its branch brought back), to save.
   */
  receiveChangeSets(
    sets: readonly AppliedSet[],
    typing?: string,
  ): { patch: RenderPatch; notices: string[]; version: number; changed: boolean; madeHere: boolean } {
    const r = this.replica;
    if (!r) return { patch: this.patches.empty(this.doc), notices: [], version: 0, changed: false, madeHere: false };
    const { changes, notices, madeHere } = r.receive(this.doc, sets, typing);
    return { patch: this.afterChange(changes), notices, version: r.version, changed: changes.length > 0, madeHere: madeHere === true };
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  /** Undo steps on the stack (a step may change nothing visible: a topic moved to where it was). */
  get undoDepth(): number {
    return this.history.undoDepth;
  }

  copy(ids: string | string[]): MapClip {
    return copyClip(this.doc, ids);
  }

  /** Ids of the nodes whose title contains `query`, in preorder (collapsed subtrees too). */
  find(query: string, opts: FindOptions = {}): string[] {
    return findNodes(this.doc, query, opts);
  }

  getNodeData(id: string): KmNodeData {
    return JSON.parse(JSON.stringify(this.doc.get(id).data)) as KmNodeData;
  }

  /** Box of one node from the last layout: [x, y, w, h]. */
  boxOf(id: string): [number, number, number, number] {
    return this.layout.boxOf(this.doc.get(id));
  }

  relayoutAll(): RenderPatch {
    return this.patches.all(this.doc);
  }

  /**
   * Formula label boxes measured on the main thread (measure/formula-boxes.ts): the shown nodes
   * with those texts are measured and packed again. Not an edit: no undo step, read-only too.
   */
  setFormulaBoxes(list: readonly FormulaBox[]): RenderPatch {
    const texts = this.layout.formulas.set(list);
    const changes: Change[] = [];
    if (texts.size)
      for (const n of this.doc.byId.values()) {
        const t = n.data.text;
        if (t !== undefined && texts.has(t) && this.layout.isShown(n)) changes.push({ op: 'set', id: n.id, key: 'text', before: t, after: t });
      }
    // a summary topic with that text grows too: its parent re-packs
    if (texts.size)
      this.doc.items.summaries.forEach((s, index) => {
        if (texts.has(s.text)) changes.push({ op: 'item', coll: 'summaries', id: s.id, index, before: s, after: s });
      });
    return this.afterChange(changes);
  }

  /** The case's study nodes (知识点: nodes with resources or an exam); recounts every branch. */
  setStudyNodes(ids: string[]): void {
    this.progress.setStudy(ids, this.doc);
  }

  /** learnt/total over the study nodes in the node's subtree (itself included). */
  progressOf(id: string): Progress {
    return this.progress.of(this.doc.get(id));
  }

  /** Roll-up counts changed since the last call (full after a load or a new study set). */
  takeProgress(): ProgressPatch {
    return this.progress.take(this.doc);
  }

  private afterChange(changes: Change[]): RenderPatch {
    this.progress.apply(this.doc, changes);
    if (!changes.length) return this.patches.empty(this.doc);
    const sum = summarize(changes);
    if (sum.meta) return this.relayoutAll();
    const out = this.patches.nodes(this.doc, changes, sum);
    if (sum.items) out.items = itemsCopy(this.doc);
    return out;
  }
}
