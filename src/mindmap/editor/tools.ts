import type { EditorStatus, ViewState } from './editor-state';

// What a press on the map does now, as one explicit state machine (tldraw's tools, kityminder's
// statuses). A tool is what the pointer does: `select` (a click selects, a drag moves a topic or
// pans empty canvas), `hand` (every drag pans), `link` (the next topic chosen ends a 关联线 begun
// on another) and `multi` (多选 on a phone: a tap adds a topic to the selection or takes it out).
// Inside a tool the editor is `idle`, editing text in the field (`text`) or dragging a topic
// (`drag`). Every rule of which may follow which is in this file; the editor's parts ask it
// (`is`, `doing`) instead of keeping flags of their own, and SPEC §4's status and the toolbar's
// view are read from it.

export type ToolName = 'select' | 'hand' | 'link' | 'multi';
export type Activity = 'idle' | 'text' | 'drag';

export interface ToolState {
  tool: ToolName;
  activity: Activity;
  /** The tool `link` and `multi` hand back to when they end: the pointer tool chosen before them. */
  base: 'select' | 'hand';
}

/** Tools a read-only map allows: looking and choosing (hand stays available, as in kityminder; 多选 only selects). */
const READ_ONLY_TOOLS: readonly ToolName[] = ['select', 'hand', 'multi'];

/**
 * Where an activity may begin: text in every tool (F2, typing and the node menu work in hand mode
 * too), a topic drag where a press picks topics (select, and 多选's long press then move) — never
 * in hand (every drag pans) nor while linking (a press there picks the line's other end).
 */
const ACTIVITY_IN: Record<Exclude<Activity, 'idle'>, readonly ToolName[]> = {
  text: ['select', 'hand', 'link', 'multi'],
  drag: ['select', 'multi'],
};

export class ToolMachine {
  private current: ToolState = { tool: 'select', activity: 'idle', base: 'select' };
  private listeners = new Set<(now: ToolState, was: ToolState) => void>();

  constructor(private readonly readOnly: () => boolean) {}

  get state(): ToolState {
    return this.current;
  }

  is(tool: ToolName): boolean {
    return this.current.tool === tool;
  }

  doing(activity: Activity): boolean {
    return this.current.activity === activity;
  }

  /** Hears every change (the tool or the activity); answers its removal. */
  subscribe(fn: (now: ToolState, was: ToolState) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  /**
   * Switches to `tool`; says whether it is the tool now. A read-only map refuses editing tools.
   * `select` and `hand` become the base the temporary tools (`link`, `multi`) return to; a switch
   * ends the activity under way (a drag is dropped, the text field's owner commits it first).
   */
  use(tool: ToolName): boolean {
    if (this.readOnly() && !READ_ONLY_TOOLS.includes(tool)) return false;
    const base = tool === 'select' || tool === 'hand' ? tool : this.current.base;
    const activity = this.current.tool === tool ? this.current.activity : 'idle';
    this.go({ tool, activity, base });
    return true;
  }

  /** Ends `tool` if it is the one in use (a temporary one goes back to its base); true if it was. */
  leave(tool: ToolName): boolean {
    if (this.current.tool !== tool) return false;
    this.go({ tool: tool === 'hand' ? 'select' : this.current.base, activity: 'idle', base: tool === 'hand' ? 'select' : this.current.base });
    return true;
  }

  /** Begins `activity` in the tool in use; false where it cannot (a read-only map, a drag in hand). */
  begin(activity: Exclude<Activity, 'idle'>): boolean {
    if (this.readOnly() || !ACTIVITY_IN[activity].includes(this.current.tool)) return false;
    this.go({ ...this.current, activity });
    return true;
  }

  /** Ends `activity` if it is the one under way. */
  end(activity: Exclude<Activity, 'idle'>): void {
    if (this.current.activity === activity) this.go({ ...this.current, activity: 'idle' });
  }

  /** The map became read-only: only looking stays (an editing tool or activity ends); true if something ended. */
  readOnlyNow(): boolean {
    const tool = READ_ONLY_TOOLS.includes(this.current.tool) ? this.current.tool : this.current.base;
    return this.go({ tool, activity: 'idle', base: this.current.base });
  }

  /** SPEC §4's editor status for this state with `selected` topics or a summary selected. */
  status(selected: boolean): EditorStatus {
    if (this.readOnly()) return 'readonly';
    if (this.current.activity === 'text') return 'textedit';
    if (this.current.activity === 'drag') return 'dragtree';
    return selected ? 'inputready' : 'normal';
  }

  /** The toolbar's view: hand, else normal (readonly on a read-only map). */
  view(): ViewState {
    if (this.current.tool === 'hand' || this.current.base === 'hand') return 'hand';
    return this.readOnly() ? 'readonly' : 'normal';
  }

  private go(next: ToolState): boolean {
    const was = this.current;
    if (was.tool === next.tool && was.activity === next.activity && was.base === next.base) return false;
    this.current = next;
    for (const fn of this.listeners) fn(next, was);
    return true;
  }
}
