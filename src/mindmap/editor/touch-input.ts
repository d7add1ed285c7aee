import { pinchCamera, type Camera } from '../canvas/camera';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import type { EditorController } from './controller';
import { MULTI_HINT } from './multi-select';
import { TouchGestures } from './gestures';
import { startNodeDrag, toggleExpanderAt, type NodeDrag, type PointerOverlays } from './pointer';

// Touch on the map canvas through Pointer Events (pen and mouse go through pointer.ts): the
// gestures of gestures.ts applied to the editor. Tap selects (empty canvas clears), double tap
// edits the node (on empty canvas re-centres, like a double click), long press selects and opens
// the node menu on release (on a line or a summary: its own menu), long press then drag moves
// the node, one finger pans, two pinch (the zoom settles on the SPEC §9 ladder when they lift).
// In 多选 (multi-select.ts) a tap adds a topic to the selection or takes it out.
// A finger down while the text field is open only commits it (pointerdown is prevented, so the
// field would never blur by itself).

/** A finger covers ~44 px: a touch this close to a node (but on no other) still hits it. */
export const TOUCH_SLOP_PX = 22;

/** The node under a finger at (x, y): the exact hit, else the nearest within TOUCH_SLOP_PX. */
export function touchHit(canvas: Pick<MindmapCanvas, 'hitTest'>, x: number, y: number): string | null {
  const exact = canvas.hitTest(x, y);
  if (exact) return exact;
  for (const r of [TOUCH_SLOP_PX / 2, TOUCH_SLOP_PX]) {
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4;
      const id = canvas.hitTest(x + r * Math.cos(a), y + r * Math.sin(a));
      if (id) return id;
    }
  }
  return null;
}

/**
 * A finger this close (screen px) to a relationship line's curve or label is on the line: the
 * mouse's 6 px is narrower than a fingertip, and a tap on a line selected nothing.
 */
export const TOUCH_LINE_PX = 16;

/** A control handle of the selected line this close to a finger is grabbed by it. */
export const TOUCH_HANDLE_PX = 22;

/** The gesture target of a press on a line (not a node id: a line is held, never dragged). */
const ON_LINE = '\u0000line';
/** The same for a summary (概要): held for its menu, never dragged. */
const ON_SUMMARY = '\u0000summary';

export interface TouchUi {
  /** The drop indicator layer and the drag ghost (shared with the mouse's drag). */
  overlays: PointerOverlays;
  /** Double tap on a node: edit its text (read-only map: open it). */
  edit(id: string): void;
  /** Double tap on a summary (概要): edit its text. */
  editSummary?(id: string): void;
  /** Long press released: the node menu for the selection. */
  menu(id: string): void;
  /**
   * A finger went down on the map while the text edit field is open: commit it (true), else
   * false. The touch handlers preventDefault the pointerdown, so the field never blurs by itself.
   */
  finishEdit(): boolean;
}

export function bindTouch(canvas: MindmapCanvas, ctl: EditorController, ui: TouchUi): () => void {
  const el = canvas.element;
  let pinch: { start: Camera; x: number; y: number } | null = null;
  let drag: NodeDrag | null = null;
  const lines = ctl.relations;
  // A topic exactly under the finger comes first (as with the mouse), then a line near it, then
  // a topic near it.
  const lineAt = (x: number, y: number) => (canvas.hitTest(x, y) ? null : canvas.relationAt(x, y, TOUCH_LINE_PX));
  /** The line a press went down on (its gesture target is ON_LINE). */
  let pressedLine: string | null = null;
  /** The summary a press went down on (its gesture target is ON_SUMMARY). */
  let pressedSummary: string | null = null;
  /** Selects line `id` alone, so the action bar's 删除 and the long-press menu act on it. */
  const selectLine = (id: string) => {
    ctl.select([], false);
    lines.select(id);
  };
  function tap(x: number, y: number): void {
    if (toggleExpanderAt(canvas, ctl, x, y)) return;
    // 多选 (multi-select.ts) selects topics only: a topic near the finger goes in or out of the
    // selection even where a line or a summary crosses it (picking those would drop the
    // selection); empty canvas ends the mode, keeping the selection.
    if (ctl.multi.active) return multiTap(x, y);
    // A summary (概要) is drawn above the nodes: a tap on it selects it.
    const summary = canvas.summaryAt(x, y);
    if (summary) return ctl.selector.selectSummary(summary);
    const line = lineAt(x, y);
    if (line) return selectLine(line);
    lines.select(null);
    const id = touchHit(canvas, x, y);
    ctl.select(id ? [id] : [], false);
  }
  function multiTap(x: number, y: number): void {
    const id = touchHit(canvas, x, y);
    if (id) return ctl.selector.toggle(id);
    if (canvas.summaryAt(x, y) || lineAt(x, y)) return ctl.say(MULTI_HINT);
    ctl.multi.leave();
  }
  const g = new TouchGestures({
    hit: (x, y) => {
      // 多选: topics only, as a tap
      if (ctl.multi.active) {
        pressedSummary = pressedLine = null;
        return touchHit(canvas, x, y);
      }
      // As a tap: a summary (drawn above the nodes) first, then a line, then a topic.
      pressedSummary = canvas.summaryAt(x, y);
      pressedLine = pressedSummary ? null : lineAt(x, y);
      if (pressedSummary) return ON_SUMMARY;
      return pressedLine ? ON_LINE : touchHit(canvas, x, y);
    },
    tap,
    doubleTap: (x, y) => {
      // 多选: a second quick tap on a topic takes it out again (or adds the next one).
      if (ctl.multi.active) return tap(x, y);
      if (toggleExpanderAt(canvas, ctl, x, y)) return;
      const summary = canvas.summaryAt(x, y);
      if (summary) return ui.editSummary?.(summary);
      const line = lineAt(x, y);
      if (line) return lines.editLabel(line);
      const id = touchHit(canvas, x, y);
      if (id) ui.edit(id);
      else ctl.camera.recentre();
    },
    hold: (id) => {
      if (id === ON_SUMMARY) {
        lines.select(null);
        ctl.selector.selectSummary(pressedSummary);
      } else if (id === ON_LINE) {
        if (pressedLine) selectLine(pressedLine);
      } else {
        lines.select(null);
        // 多选: the held topic joins the selection as its primary topic, whose menu opens (the
        // menu's 关联线 group lists the held topic's lines).
        if (!ctl.multi.active) ctl.select([id], false);
        else ctl.select([...ctl.state.selection.filter((s) => s !== id), id], false);
      }
      navigator.vibrate?.(10);
    },
    longPress: (id) => {
      swallowNextClick();
      ui.menu(id);
    },
    pan: (dx, dy) => canvas.panBy(dx, dy),
    pinchStart: (x, y) => (pinch = { start: canvas.camera, x, y }),
    pinch: (scale, x, y) => pinch && canvas.setCamera(pinchCamera(pinch.start, scale, pinch.x, pinch.y, x, y)),
    pinchEnd: (x, y) => {
      pinch = null;
      canvas.settleZoom(x, y);
    },
    dragStart: (id, x, y) => (drag = id === ON_LINE || id === ON_SUMMARY ? null : startNodeDrag(canvas, ctl, ui.overlays, id, x, y)),
    dragMove: (x, y) => drag?.move(x, y),
    dragEnd: (_x, _y, cancelled) => {
      drag?.end(!cancelled);
      drag = null;
    },
  });

  // Fingers whose touch only committed the text edit (as XMind: the tap that leaves the field
  // does nothing else, so the edited node stays selected): the rest of their gesture is ignored.
  const committing = new Set<number>();
  const ours = (e: PointerEvent) => e.pointerType === 'touch' && !committing.has(e.pointerId);
  const down = (e: PointerEvent) => {
    if (e.pointerType !== 'touch') return;
    // The gestures own the touch: no Radix long-press timer on the stage, no mouse emulation.
    e.preventDefault();
    if (!g.active && ui.finishEdit()) committing.add(e.pointerId);
    else g.down(e.pointerId, e.offsetX, e.offsetY, e.timeStamp);
  };
  const move = (e: PointerEvent) => ours(e) && g.move(e.pointerId, e.offsetX, e.offsetY, e.timeStamp);
  const lift = (e: PointerEvent) => !committing.delete(e.pointerId);
  const up = (e: PointerEvent) => lift(e) && ours(e) && g.up(e.pointerId, e.offsetX, e.offsetY, e.timeStamp);
  const cancel = (e: PointerEvent) => lift(e) && ours(e) && g.cancel(e.pointerId);
  // The browser's own long-press menu (contextmenu from touch) would open the node menu a second
  // time, under the finger: the gestures open it on release instead.
  const menu = (e: MouseEvent) => {
    if (g.active) e.preventDefault();
  };
  el.addEventListener('pointerdown', down);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', cancel);
  el.addEventListener('contextmenu', menu);
  // A finger lifted while still moving (the end of a drag or a pan) made the browser start a
  // fling, although touch-action: none scrolls nothing; the next tap then only "stopped the
  // fling" and got no click: 撤销 tapped right after a drag did nothing. Moves the map consumed
  // are no scroll for the browser, so no fling follows them.
  const consume = (e: TouchEvent) => e.preventDefault();
  el.addEventListener('touchmove', consume, { passive: false });
  return () => {
    el.removeEventListener('touchmove', consume);
    g.dispose();
    el.removeEventListener('pointerdown', down);
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', cancel);
    el.removeEventListener('contextmenu', menu);
  };
}

/**
 * The menu of a long press opens as the finger lifts; the click the browser then sends for that
 * finger goes to whatever is under it by now — an item of the menu just opened there (上移 moved
 * a node that way, with nothing said). That one click is dropped; a later tap works as usual.
 */
function swallowNextClick(): void {
  const stop = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
  };
  window.addEventListener('click', stop, { capture: true, once: true });
  window.setTimeout(() => window.removeEventListener('click', stop, { capture: true }), 400);
}
