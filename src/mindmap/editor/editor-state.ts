import type { MindmapCanvas } from '../canvas/mindmap-canvas';

// The editor controller's observable state and the part of the canvas it drives (controller.ts).

/** Text typed into a node's edit field. */
export interface TypedText {
  id: string;
  text: string;
  /**
   * The insert that made topic `id`, when the field was opened for it: the worker has answered
   * it, but the copy kept on leaving may not have read it yet (the topic is then made again there).
   */
  at?: InsertAt;
}

/** An insert on its way to the worker: the command and the selected topic it is made next to. */
export interface InsertAt {
  name: 'appendChild' | 'appendSibling' | 'appendParent';
  at: string;
}

export type EditorStatus = 'normal' | 'readonly' | 'textedit' | 'inputready' | 'dragtree';
export type ViewState = 'normal' | 'hand' | 'readonly';

export interface EditorState {
  status: EditorStatus;
  view: ViewState;
  readOnly: boolean;
  selection: string[];
  canUndo: boolean;
  canRedo: boolean;
  zoom: number;
  hasClipboard: boolean;
  /** The selected summary (概要), if one: then no node is selected (summary-model.ts). */
  summary?: string | null;
}

/** The part of MindmapCanvas the controller drives (absent in jsdom tests). */
export type CanvasView = Pick<
  MindmapCanvas,
  | 'useStore'
  | 'sceneReplaced'
  | 'sceneChanged'
  | 'applyProgress'
  | 'setReviewDue'
  | 'setSelection'
  | 'setHighlights'
  | 'reveal'
  | 'store'
  | 'zoomTo'
  | 'zoomStep'
  | 'centerWorld'
  | 'panBy'
  | 'frameMap'
  | 'camera'
  | 'width'
  | 'height'
> &
  // (optional: a canvas stand-in of a test need not draw summaries or mastery)
  Partial<Pick<MindmapCanvas, 'setSummaries' | 'selectSummary' | 'setMastery' | 'setHeatMap' | 'setPresence'>>;
