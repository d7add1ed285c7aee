import type { EngineClient } from '../worker/client';
import type { EnginePatch } from '../worker/protocol';
import type { DocumentView } from './document-view';
import type { Emitter, EditorEvents } from './editor-events';
import type { EditorStore } from './editor-store';
import type { SelectionManager } from './selection-manager';
import type { Work } from './work-tracker';

/**
 * What the editor's managers share (the Editor facade, controller.ts, holds them): the worker,
 * the one emitter, the state, the document view, the selection, the work in flight, and the one
 * path a worker patch takes in. A manager asks for this, never for the whole editor.
 */
export interface EditorParts {
  readonly engine: EngineClient;
  readonly events: Emitter<EditorEvents>;
  readonly store: EditorStore;
  readonly doc: DocumentView;
  readonly selector: SelectionManager;
  readonly work: Work;
  /** A worker patch into the document view and the selection; `changed`: a student's edit (autosave marks itself dirty). */
  apply(p: EnginePatch, changed?: boolean): void;
  /** Says `message` in the editor's live region. */
  say(message: string): void;
  /** Shows an error to the student, in Chinese. */
  reportError(message: string): void;
}
