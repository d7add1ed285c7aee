import { MindEditor, type ExportFormat, type RenderPatch } from '../engine/editor';
import type { TextMeasurer } from '../engine/measure/text-measurer';
import type { KmDocument } from '../engine/model/types';
import type { TextFormat } from '../engine/protocols/formats';
import type { SvgOptions } from '../engine/protocols/svg';
import { masteryRollup, type MasteryInput } from '../engine/study/mastery-rollup';
import { joinIds, packPatch, splitIds, type EngineApi, type TransferFn, type WirePatch } from './protocol';

/**
 * The engine behind the protocol, without any messaging: engine.worker.ts exposes it with
 * Comlink, node tests call it directly. One MindEditor per host (one open map per worker).
 */
export function createEngineHost(measurer?: TextMeasurer, transfer: TransferFn = (v) => v): EngineApi {
  const editor = new MindEditor({ measurer });
  /** The study set and the student's mastery, kept for the 掌握 N/M roll-up (takeMastery). */
  let study: string[] = [];
  let mastery: Omit<MasteryInput, 'study'> = { levels: new Map(), fading: new Set() };

  const pack = (p: RenderPatch) => packPatch(p);
  const wire = (p: RenderPatch): WirePatch => {
    const { wire: w, transfer: t } = pack(p);
    return transfer(w, t);
  };

  return {
    load(km: KmDocument | string, readOnly = false) {
      editor.setReadOnly(readOnly);
      return wire(editor.load(km));
    },
    importData: (format: TextFormat, text: string) => wire(editor.importData(format, text)),
    exportData: (format: ExportFormat, clip?: { x: number; y: number; w: number; h: number }, svg?: SvgOptions) => editor.exportData(format, clip, svg),
    setFormulaBoxes: (list) => wire(editor.setFormulaBoxes(list)),
    // The engine's own records (no JSON copy of up to 50k nodes here): crossing to the main
    // thread (structured clone; localEngine clones likewise) is the one copy an autosave pays.
    toKm: () => editor.doc.toKm(),
    execute(name, args, opts = {}) {
      const { result, patch } = editor.execute(name, args, opts);
      // Comlink transfers only what is listed for the returned object itself, not for a
      // patch nested in it: list the patch's buffers here or they are copied.
      const { wire: w, transfer: t } = pack(patch);
      return transfer({ result, patch: w }, t);
    },
    undo() {
      const p = editor.undo();
      return p ? wire(p) : null;
    },
    redo() {
      const p = editor.redo();
      return p ? wire(p) : null;
    },
    setReadOnly: (on) => editor.setReadOnly(on),
    getNodeData: (id) => editor.getNodeData(id),
    copy: (ids) => editor.copy(ids),
    boxOf: (id) => editor.boxOf(id),
    find: (query, opts) => joinIds(editor.find(query, opts)),
    importDataWithNotices(format, text, opts = {}) {
      const { patch, notices } = editor.importDataWithNotices(format, text, opts);
      const { wire: w, transfer: t } = pack(patch);
      return transfer({ patch: w, notices }, t);
    },
    exportFile(format, opts = {}) {
      const r = editor.exportFile(format, opts);
      return typeof r.data === 'string' ? r : transfer(r, [r.data.buffer as ArrayBuffer]);
    },
    async exportPdf(opts) {
      const r = await editor.exportPdf(opts);
      return transfer(r, [r.data.buffer as ArrayBuffer]);
    },
    startSync: (tab, version, restored) => editor.startSync(tab, version, restored),
    takeChangeSets: () => editor.takeChangeSets(),
    wholeSaved: (version, tab, sentSeq) => editor.wholeSaved(version, tab, sentSeq),
    receiveChangeSets(sets, typing) {
      const { patch, notices, version, changed, madeHere } = editor.receiveChangeSets(sets, typing);
      const { wire: w, transfer: t } = pack(patch);
      return transfer({ patch: w, notices, version, changed, madeHere }, t);
    },
    loadSynced(km, readOnly, sync) {
      editor.setReadOnly(readOnly);
      const { patch, ...rest } = editor.loadSynced(km, sync);
      const { wire: w, transfer: t } = pack(patch);
      return transfer({ patch: w, ...rest }, t);
    },
    reopen(km, tab, version, overlay) {
      editor.setReadOnly(false);
      const { patch, ...rest } = editor.reopen(km, tab, version, overlay);
      const { wire: w, transfer: t } = pack(patch);
      return transfer({ patch: w, ...rest }, t);
    },
    setStudyNodes(ids) {
      study = splitIds(ids);
      editor.setStudyNodes(study);
    },
    setMastery(ids, levels, fading, ownPractised) {
      const list = splitIds(ids);
      mastery = { levels: new Map(list.map((id, i) => [id, levels[i]])), fading: new Set(splitIds(fading)), ownPractised: new Set(splitIds(ownPractised)) };
    },
    takeMastery() {
      const r = masteryRollup(editor.doc, { ...mastery, study });
      return transfer({ ids: joinIds(r.ids), counts: r.counts }, [r.counts.buffer]);
    },
    takeProgress() {
      const p = editor.takeProgress();
      return transfer({ full: p.full, ids: joinIds(p.ids), counts: p.counts }, [p.counts.buffer]);
    },
  };
}
