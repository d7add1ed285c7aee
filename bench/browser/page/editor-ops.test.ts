import { describe, expect, it } from 'vitest';
import { editorOpsColumns, emptyEditorOps, type EditorOps } from './editor-ops';

describe('editorOpsColumns', () => {
  const ops: EditorOps = {
    editorOpenMs: 812.345,
    findMany: [30, 10, 20],
    findManyMatches: 13334,
    findOne: [5.55, 5.55, 9],
    findFolded: [40, 41, 400],
    collapseAll: [100, 120],
    expandAll: [300],
    rename: [12, 8, 9.04],
    exports: { km: { ms: [200, 100, 150], bytes: 2048 }, txt: { ms: [50], bytes: 1536 } },
    worker: { collapseAll: [60, 70], rename: [3, 4, 5] },
  };
  it('gives each step the median of its repeats and each export its size in KB', () => {
    expect(editorOpsColumns(ops)).toEqual({
      editorOpenMs: 812.3,
      findManyMs: 20,
      findManyMatches: 13334,
      findOneMs: 5.6,
      findFoldedMs: 41,
      collapseAllMs: 110,
      expandAllMs: 300,
      collapseAllWorkerMs: 65,
      expandAllWorkerMs: NaN,
      renameMs: 9,
      renameWorkerMs: 4,
      exportKmMs: 150,
      exportKmKB: 2,
      exportTxtMs: 50,
      exportTxtKB: 1.5,
      exportXmindMs: NaN,
      exportXmindKB: NaN,
    });
  });
});

describe('EDITOR_OPS_COLUMNS', () => {
  it('lists every column editorOpsColumns fills', async () => {
    const { EDITOR_OPS_COLUMNS } = await import('./editor-ops');
    const cols = editorOpsColumns(emptyEditorOps());
    expect([...EDITOR_OPS_COLUMNS].sort()).toEqual(Object.keys(cols).sort());
  });
});
