import { median, round1 } from '../../stats';

// What bench-page.ts's editorOps measures through the editor's controller (find, collapse-all,
// expand-all, export), and its row columns for bench/browser/run.ts: each a median of the
// page's repeats, milliseconds to one decimal, export sizes in KB.

export interface EditorOps {
  /** The map opened again through the controller (engine load + main-thread mirror + frame). */
  editorOpenMs: number;
  findMany: number[];
  /** How many topics the many-match word found (the first is the one timed to the screen). */
  findManyMatches: number;
  findOne: number[];
  /** The deep word found after collapse-all: its folded ancestors open first. */
  findFolded: number[];
  collapseAll: number[];
  expandAll: number[];
  /** One topic renamed (the text edit's commit), to its frame painted: the cost of the smallest edit. */
  rename: number[];
  /** Per export format: times to the Blob ready, and the Blob's bytes. */
  exports: Record<string, { ms: number[]; bytes: number }>;
  /** Per step, of each repeat: the time spent awaiting the worker (engine work, messaging, transfer); the rest is the main thread. */
  worker: Partial<Record<'findMany' | 'findOne' | 'findFolded' | 'collapseAll' | 'expandAll' | 'rename', number[]>>;
}

/** No operation measured yet (`editorOpenMs`: the editor's open). */
export const emptyEditorOps = (editorOpenMs = 0): EditorOps => ({
  editorOpenMs,
  findMany: [],
  findManyMatches: 0,
  findOne: [],
  findFolded: [],
  collapseAll: [],
  expandAll: [],
  rename: [],
  exports: {},
  worker: {},
});

/** The export formats measured, in column order (the export menu's .km, 大纲文本 .txt, .xmind). */
export const EXPORT_FORMATS = ['km', 'txt', 'xmind'] as const;

export interface EditorOpsColumns {
  editorOpenMs: number;
  findManyMs: number;
  findManyMatches: number;
  findOneMs: number;
  findFoldedMs: number;
  collapseAllMs: number;
  expandAllMs: number;
  /** Of collapseAllMs / expandAllMs: the worker round trip (the rest is the main thread's mirror, patch and paint). */
  collapseAllWorkerMs: number;
  expandAllWorkerMs: number;
  /** One topic renamed, to the frame painted; of it, the worker round trip (the rest is the main thread). */
  renameMs: number;
  renameWorkerMs: number;
  exportKmMs: number;
  exportKmKB: number;
  exportTxtMs: number;
  exportTxtKB: number;
  exportXmindMs: number;
  exportXmindKB: number;
}

/** The columns in table order (bench/browser/run.ts prints them as their own table). */
export const EDITOR_OPS_COLUMNS: readonly (keyof EditorOpsColumns)[] = [
  'editorOpenMs',
  'findManyMs',
  'findManyMatches',
  'findOneMs',
  'findFoldedMs',
  'collapseAllMs',
  'expandAllMs',
  'collapseAllWorkerMs',
  'expandAllWorkerMs',
  'renameMs',
  'renameWorkerMs',
  'exportKmMs',
  'exportKmKB',
  'exportTxtMs',
  'exportTxtKB',
  'exportXmindMs',
  'exportXmindKB',
];

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** The row columns of one page's editorOps: medians of its repeats (NaN for a format not measured). */
export function editorOpsColumns(ops: EditorOps): EditorOpsColumns {
  const m = (xs: number[]) => round1(median(xs));
  const out: Record<string, number> = {
    editorOpenMs: round1(ops.editorOpenMs),
    findManyMs: m(ops.findMany),
    findManyMatches: ops.findManyMatches,
    findOneMs: m(ops.findOne),
    findFoldedMs: m(ops.findFolded),
    collapseAllMs: m(ops.collapseAll),
    expandAllMs: m(ops.expandAll),
    collapseAllWorkerMs: m(ops.worker.collapseAll ?? []),
    expandAllWorkerMs: m(ops.worker.expandAll ?? []),
    renameMs: m(ops.rename),
    renameWorkerMs: m(ops.worker.rename ?? []),
  };
  for (const f of EXPORT_FORMATS) {
    const e = ops.exports[f];
    out[`export${cap(f)}Ms`] = e ? m(e.ms) : NaN;
    out[`export${cap(f)}KB`] = e ? round1(e.bytes / 1024) : NaN;
  }
  return out as unknown as EditorOpsColumns;
}
