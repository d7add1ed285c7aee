// The map package's pure entry: the engine only (no DOM, no worker, no React), for the server,
// the bench, the engine CLI's neighbours and the app's light pieces (a note's links and formulas)
// that must not pull the editor into the first bundle. Screens import `src/mindmap` (index.ts),
// which re-exports all of this.

export { usableLink } from './engine/commands/hyperlink';
export { MindEditor } from './engine/editor';
export { expanderCircle } from './engine/layout/expander-geometry';
export { LayoutEngine } from './engine/layout/layout-engine';
export { createTableMeasurer } from './engine/measure/text-measurer';
export type { Change } from './engine/model/change';
export { applyLenient, ChangeRefused, replay, type AppliedSet, type ChangeSet } from './engine/model/change-set';
export { Concurrent, tabOfSet } from './engine/model/concurrent';
export { withoutKeys } from './engine/sync/replica';
export { unsavedTitles } from './engine/sync/unsaved';
export { MindDoc } from './engine/model/doc';
export {
  documentProblem,
  LIMIT_MESSAGES,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_JSON_DEPTH,
  MAX_NODE_DEPTH,
  MAX_NODES,
  MAX_VALUE_DEPTH,
} from './engine/model/limits';
export { KM_VERSION, type KmDocument, type KmNode, type Offset } from './engine/model/types';
export type { BaseLine, OutlineLine } from './engine/outline/outline-match';
export { percentOf, progressLabel, progressOfStudy, rootProgress, type Progress } from './engine/progress/rollup';
export { exportDocument, exportFile, importDocument, type ExchangeFormat, type FileFormat, type TextFormat } from './engine/protocols/formats';
export { encodeKm } from './engine/protocols/km';
export { restoreDocument } from './engine/protocols/restore';
export { decodeText, encodeText } from './engine/protocols/text';
export { encodeXmind } from './engine/protocols/xmind-export';
export { splitFormulas } from './engine/render/formula';
export { pointAt, relationCurve, type BoxLike } from './engine/render/relation-geometry';
export { gradeRecall, GRADING_RULE, RATING_LABELS, type RecallGrade } from './engine/study/recall-grade';
export { matchRecall, parentLines, parseRecall, type RecallLine, type RecallResult } from './engine/study/recall-match';
export { getTheme, nodeTypeForLevel, type Theme, type TypeStyle } from './engine/theme/themes';
export {
  BROKEN_ZIP,
  BULK_ACCEPT,
  decodeFile,
  expandZip,
  isZip,
  MAX_BATCH_FILES,
  MAX_FILE_BYTES,
  TOO_BIG,
  TOO_MANY,
  UNKNOWN_TYPE,
  type Decoded,
  type DecodedMap,
  type ZipEntry,
} from './engine/protocols/batch-decode';
export { recallPercent } from './engine/study/recall-percent';
