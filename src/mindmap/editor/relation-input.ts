import type { Offset } from '../engine/model/types';
import { screenToWorld } from '../canvas/camera';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import type { EditorController } from './controller';
import { TOUCH_HANDLE_PX, touchHit } from './touch-input';

// Mouse and pen input for relationship lines, ahead of the node input (pointer.ts), and a
// finger on a selected line's handle (touch taps and long presses are touch-input.ts's): while
// linking, a click on a node ends the line there (a click on empty canvas cancels) and the
// rubber band follows the pointer; otherwise a click on a curve selects it (nodes are hit
// first), a selected line's control handles drag (the drop = one setRelationshipControls
// command = one undo step) and a double click on a curve edits its label. Listeners run in the
// capture phase and stop the event when it is theirs, so no node selection or pan starts too.

export function bindRelationInput(canvas: MindmapCanvas, ctl: EditorController): () => void {
  const tool = ctl.relations;
  const el = canvas.element;
  const unbind = tool.bind(canvas);
  let drag: { id: string; which: 0 | 1; controls: [Offset, Offset]; moved: boolean } | null = null;

  const onLine = (e: PointerEvent) => !canvas.hitTest(e.offsetX, e.offsetY) && !!canvas.relationAt(e.offsetX, e.offsetY);
  const onHandle = (e: PointerEvent) => !!tool.state.selected && canvas.relations.handleAt(canvas.store, canvas.camera, e.offsetX, e.offsetY) !== null;
  const pan = canvas.panGate;
  canvas.panGate = (e, hit) => pan(e, hit) && !(e.button === 0 && (tool.state.linking || onHandle(e) || onLine(e)));

  // A finger while linking: a tap (touch-input.ts selects the node as well) ends the line there.
  let tap: { x: number; y: number } | null = null;

  const down = (e: PointerEvent) => {
    if (e.pointerType === 'touch') {
      tap = tool.state.linking ? { x: e.offsetX, y: e.offsetY } : null;
      // A finger on a handle of the selected line drags it (a fingertip's reach); anything else
      // is the gestures' (touch-input.ts), which select lines by a tap.
      if (!tap && ctl.state.view !== 'hand' && grabHandle(e, TOUCH_HANDLE_PX)) e.preventDefault();
      return;
    }
    // A right click on a line selects it alone: the menu that opens is the line's (NodeMenu).
    if (e.button === 2 && !tool.state.linking && !canvas.hitTest(e.offsetX, e.offsetY)) {
      const line = canvas.relationAt(e.offsetX, e.offsetY);
      if (line) {
        ctl.select([], false);
        tool.select(line);
      }
      return;
    }
    if (e.button !== 0) return;
    const x = e.offsetX;
    const y = e.offsetY;
    const linking = tool.state.linking;
    if (linking) {
      e.stopImmediatePropagation();
      const hit = canvas.hitTest(x, y);
      if (!hit) tool.cancel();
      else void tool.finish(hit); // (on its own topic: refused and said, linking goes on)
      return;
    }
    if (ctl.state.view === 'hand') return;
    if (grabHandle(e)) return;
    if (canvas.hitTest(x, y)) return tool.select(null);
    const line = canvas.relationAt(x, y);
    if (line) {
      e.stopImmediatePropagation();
      // The line alone (its curve or its label): no topic stays selected beside it, so Delete,
      // F2 and the menu act on the line, as after a right click.
      ctl.select([], false);
      tool.select(line);
    } else tool.select(null);
  };

  /** Starts dragging the selected line's control handle within `px` of the press (true), else false. */
  const grabHandle = (e: PointerEvent, px?: number): boolean => {
    const selected = tool.state.selected;
    const which = selected && !ctl.state.readOnly ? canvas.relations.handleAt(canvas.store, canvas.camera, e.offsetX, e.offsetY, px) : null;
    const r = selected ? tool.list.find((l) => l.id === selected) : undefined;
    const curve = selected ? canvas.relations.curveOf(canvas.store, selected) : null;
    const a = r && canvas.store.boxOf(r.from);
    const b = r && canvas.store.boxOf(r.to);
    if (which === null || !r || !curve || !a || !b) return false;
    e.stopImmediatePropagation();
    // Offsets from the two centres (model/items.ts): the stored ones, so the handle not dragged
    // keeps its value even where it is drawn elsewhere (relation-geometry.ts keeps curves off
    // their own topics); an automatic curve starts from the points it is drawn with.
    const controls: [Offset, Offset] = r.controls
      ? [{ ...r.controls[0] }, { ...r.controls[1] }]
      : [
          { x: curve.c1.x - (a.x + a.w / 2), y: curve.c1.y - (a.y + a.h / 2) },
          { x: curve.c2.x - (b.x + b.w / 2), y: curve.c2.y - (b.y + b.h / 2) },
        ];
    drag = { id: r.id, which, controls, moved: false };
    el.setPointerCapture(e.pointerId);
    return true;
  };

  const move = (e: PointerEvent) => {
    const [wx, wy] = screenToWorld(canvas.camera, e.offsetX, e.offsetY);
    if (tool.state.linking) return tool.pointTo({ x: wx, y: wy }, canvas.hitTest(e.offsetX, e.offsetY));
    if (!drag) return;
    e.stopImmediatePropagation();
    const r = tool.list.find((l) => l.id === drag!.id);
    const end = r && canvas.store.boxOf(drag.which === 0 ? r.from : r.to);
    if (!end) return;
    drag.controls[drag.which] = { x: wx - (end.x + end.w / 2), y: wy - (end.y + end.h / 2) };
    drag.moved = true;
    canvas.relations.setPreview({ id: drag.id, controls: [{ ...drag.controls[0] }, { ...drag.controls[1] }] });
    canvas.invalidate();
  };

  const up = (e: PointerEvent) => {
    const t = tap;
    tap = null;
    const linking = tool.state.linking;
    if (t && linking && e.pointerType === 'touch' && Math.hypot(e.offsetX - t.x, e.offsetY - t.y) < 10) {
      // a finger near a topic's edge (where lines arrive) means the topic, as a tap does elsewhere
      const hit = touchHit(canvas, e.offsetX, e.offsetY);
      if (!hit) tool.cancel();
      else if (hit !== linking.from) void tool.finish(hit);
      return;
    }
    const d = drag;
    drag = null;
    // Not stopped: the map's own pointer-up (MindEditorView) gives the keyboard target the focus
    // back (the press moved it to <main>); pointer.ts has no gesture going, as the press was ours.
    if (!d || !d.moved) return;
    // The preview stays until the command's patch has the new points (no flash back).
    void tool.setControls(d.id, d.controls).finally(() => {
      canvas.relations.setPreview(null);
      canvas.invalidate();
    });
  };

  const dbl = (e: MouseEvent) => {
    if (canvas.hitTest(e.offsetX, e.offsetY)) return;
    const line = canvas.relationAt(e.offsetX, e.offsetY);
    if (!line || ctl.state.readOnly) return;
    e.stopImmediatePropagation();
    tool.editLabel(line);
  };

  el.addEventListener('pointerdown', down, true);
  el.addEventListener('pointermove', move, true);
  el.addEventListener('pointerup', up, true);
  el.addEventListener('dblclick', dbl, true);
  return () => {
    canvas.panGate = pan;
    el.removeEventListener('pointerdown', down, true);
    el.removeEventListener('pointermove', move, true);
    el.removeEventListener('pointerup', up, true);
    el.removeEventListener('dblclick', dbl, true);
    tool.cancel();
    unbind();
  };
}
