// The map package's public entry: what the screens (src/features, src/app) use of the mind-map
// editor. Nothing outside src/mindmap imports a file deeper than this, core.ts (the pure engine,
// for the server and the bench) or, from tests, testing.ts. README.md has the folder map.

import './mindmap.css'; // the editor's and its screens' styles come with the entry

export * from './core';

// the host's ports (installed by the screen layer: src/features/mindmap/map-host.ts)
export { installMapHost, type MapHost } from './host';

// the editor and its React views
export { EditorController } from './editor/controller';
/** An editor on an in-process engine, for screens' jsdom tests. */
export { testController } from './editor/test-kit';
export { MindEditorView } from './editor/MindEditorView';
export { ConflictDialog, EditorDialog } from './editor/dialogs';
export { usePhone } from './editor/phone';
export { refuseReadOnly } from './editor/read-only';
export { showReplacedNotice } from './editor/import-export';
export { userMessage } from './editor/messages';
export { describes, editedLines, outlineOfMap, sameBase } from './editor/outline';
export { summaryOfEdit } from './editor/summary-model';
export { MasteryHeat } from './views/MasteryHeat';
export { cardsLeftOut } from './views/review-import';
export { useController } from './views/use-controller';

// I/O: files, the locally kept draft and the titles kept synchronously with it
export { download, fileBase } from './editor/io';
export {
  draftKey,
  draftWorthRestoring,
  idbDraftStore,
  tabDraftKey,
  withSyncCopy,
  type Draft,
  type DraftSource,
  type DraftStore,
  type StoredDraft,
} from './editor/draft-store';
export { mergeDrafts } from './editor/draft-merge';
export { hasNode, keptTitleEdit, withInsert, withText, type KeptTitle } from './editor/kept-titles';
export type { InsertAt, TypedText } from './editor/editor-state';
export type { ChangeSetsToSend } from './worker/protocol';

// many files in (我的导图's 批量导入, the editor's 导入 of a workbook): decoded in their own worker
export { startImportDecoder, type ImportDecoder } from './import/worker-client';
export { SheetDialog, type SheetChoice } from './import/SheetDialog';
export { sheetChoicesOf } from './import/sheet-choices';
export { recallPercent } from './engine/study/recall-percent';
export { colourNumber, type PresenceMark } from './canvas/presence-mark';
