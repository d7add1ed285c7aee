import type { EditorState } from './editor-state';
import type { ToolMachine } from './tools';

// The editor's observable state (useSyncExternalStore reads it): the selection, undo/redo
// availability, zoom, read-only. Its status (SPEC §4) and view are derived from the tools
// machine on every change, never set, so no manager can leave them out of step.

export class EditorStore {
  state: EditorState = { status: 'normal', view: 'normal', readOnly: false, selection: [], canUndo: false, canRedo: false, zoom: 1, hasClipboard: false };
  private listeners = new Set<() => void>();

  constructor(private readonly tools: ToolMachine) {
    tools.subscribe(() => this.set({}));
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getState = (): EditorState => this.state;

  /** Sets part of the state; its status and view always follow the tools (tools.ts) and the selection. */
  set(partial: Partial<Omit<EditorState, 'status' | 'view'>>): void {
    const wasReadOnly = this.state.readOnly;
    this.state = { ...this.state, ...partial };
    // (ending an editing tool calls set({}) again, through the tools' listener: that call tells)
    if (this.state.readOnly && !wasReadOnly && this.tools.readOnlyNow()) return;
    this.state.status = this.tools.status(this.state.selection.length > 0 || !!this.state.summary);
    this.state.view = this.tools.view();
    for (const fn of this.listeners) fn();
  }

  /** The editor is closing: nobody listens any more. */
  clear(): void {
    this.listeners.clear();
  }
}
