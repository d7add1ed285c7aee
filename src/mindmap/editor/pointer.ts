import { screenToWorld, worldToScreen } from '../canvas/camera';
import { DRAG_START_PX, type MindmapCanvas } from '../canvas/mindmap-canvas';
import type { Rect } from '../canvas/scene-types';
import type { EditorController } from './controller';
import { DEPTH_ERROR, MAX_LEVEL } from '../engine/model/types';
import type { MapModel } from './map-model';
import type { Ghost, OverlayStore } from './overlay-state';
import { extendedSelection } from './selection-range';
import { mirroredHeight } from './depth-rule';

// Pointer input on the canvas (SPEC §4): click, shift-click (a run of siblings,
// selection-range.ts), Ctrl/⌘+click (toggle) selection, marquee after 10 px
// (shift-drag on empty space), drag-tree after 10 px on a node (reparent, or reorder when the
// pointer is on the top or bottom quarter of a sibling) with a ghost of the dragged node under
// the pointer, pan on empty space and in hand mode, double click on empty space re-centres the
// root (kityminder's camera).

export interface Drop {
  parentId: string;
  index: number;
  preview: Rect;
  /** Why the engine would refuse this drop (shown, and said, instead of moving): the depth rule. */
  refused?: string;
}

/** The depth rule of moveNode for a drop, read from the view's mirror (depth-rule.ts). */
export function depthRefusal(model: MapModel, dragId: string, parentId: string): string | undefined {
  const node = model.get(dragId);
  const target = model.get(parentId);
  if (!node || !target || node.parentId === parentId || target.level + 1 <= node.level) return undefined;
  return target.level + mirroredHeight(model, dragId) > MAX_LEVEL ? DEPTH_ERROR : undefined;
}

/**
 * The topics a drag that starts on `id` moves: the multi-selection when `id` is part of it (a
 * topic inside another selected one goes with it; the root stays), else `id` alone.
 */
export function draggedTopics(ctl: EditorController, id: string): string[] {
  const selection = ctl.state.selection;
  if (selection.length < 2 || !selection.includes(id)) return [id];
  const movable = new Set(selection.filter((s) => s !== ctl.model.rootId));
  return [...movable].filter((s) => !above(ctl.model, s).some((p) => movable.has(p)));
}

/** The ancestors of topic `id`, nearest first. */
function above(model: MapModel, id: string): string[] {
  const out: string[] = [];
  for (let p = model.get(id)?.parentId; p; p = model.get(p)?.parentId) out.push(p);
  return out;
}

/**
 * Where dropping the dragged topics (`dragIds`, draggedTopics) at world point (wx, wy) over node
 * `overId` puts them; null = not allowed. `index` counts the new parent's children that stay.
 */
export function dropAt(
  ctl: EditorController,
  canvas: Pick<MindmapCanvas, 'store'>,
  dragIds: readonly string[],
  overId: string | null,
  wy: number,
): Drop | null {
  const dragged = new Set(dragIds);
  if (!overId || dragged.has(overId) || above(ctl.model, overId).some((p) => dragged.has(p))) return null;
  const over = ctl.model.get(overId);
  const box = canvas.store.boxOf(overId);
  if (!over || !box) return null;
  const refusal = (parentId: string) => dragIds.map((d) => depthRefusal(ctl.model, d, parentId)).find(Boolean);
  const q = (wy - box.y) / box.h;
  if (over.parentId && (q < 0.25 || q > 0.75)) {
    const staying = ctl.model.get(over.parentId)!.children.filter((c) => !dragged.has(c));
    const index = staying.indexOf(overId) + (q > 0.75 ? 1 : 0);
    const y = q < 0.25 ? box.y - 4 : box.y + box.h;
    return { parentId: over.parentId, index, preview: { x: box.x, y, w: box.w, h: 4 }, refused: refusal(over.parentId) };
  }
  // Onto their own parent: nothing to do (kityminder); moving them to the end that way was a surprise edit.
  if (dragIds.every((d) => ctl.model.get(d)?.parentId === overId)) return null;
  // last among its children, those folded away too (a folded topic shows none)
  const last = over.collapsed ? over.childCount : over.children.length;
  return { parentId: overId, index: last, preview: box, refused: refusal(overId) };
}

/** What pointer input shows: the marquee, drop indicator and drag ghost (Pixi overlay layers, map-overlays.tsx). */
export interface PointerOverlays {
  layers: Pick<OverlayStore, 'set'>;
}

/**
 * The drag ghost at pointer (x, y): the node's text in a box of its on-screen size, grabbed where
 * the drag began; `more`: how many other topics move with it (a multi-selection).
 */
function ghostAt(canvas: MindmapCanvas, id: string, more: number, grab: { dx: number; dy: number }, x: number, y: number): Ghost | null {
  const n = canvas.store.node(id);
  const b = canvas.store.boxOf(id);
  if (!n || !b) return null;
  const z = canvas.camera.zoom;
  return { x: x - grab.dx, y: y - grab.dy, w: b.w * z, h: b.h * z, text: n.text || '分支主题', fontSize: Math.max(10, n.style.fontSize * z), more };
}

export interface NodeDrag {
  move(x: number, y: number): void;
  /** Drops (commit) or abandons the drag; the view is cleaned up either way. */
  end(commit: boolean): void;
}

/**
 * Drag-tree of node `id` grabbed at canvas point (x, y), past the 10 px threshold: the ghost under
 * the pointer and the drop preview, a move on drop — of the whole multi-selection when `id` is in
 * it (draggedTopics: one undo step). Null when the node cannot move (the root) or
 * the tool in use allows no drag (tools.ts: a read-only map, linking). Mouse and touch (after a
 * long press) share it.
 */
export function startNodeDrag(canvas: MindmapCanvas, ctl: EditorController, { layers }: PointerOverlays, id: string, x: number, y: number): NodeDrag | null {
  if (id === ctl.model.rootId || !ctl.tools.begin('drag')) return null;
  const b = canvas.store.boxOf(id);
  const [sx, sy] = b ? worldToScreen(canvas.camera, b.x, b.y) : [x, y];
  const grab = { dx: x - sx, dy: y - sy };
  const ids = draggedTopics(ctl, id);
  let drop: Drop | null = null;
  return {
    move(px, py) {
      const [, wy] = screenToWorld(canvas.camera, px, py);
      drop = dropAt(ctl, canvas, ids, canvas.hitTest(px, py), wy);
      layers.set({ drop: drop?.preview ?? null, dropRefused: !!drop?.refused, ghost: ghostAt(canvas, id, ids.length - 1, grab, px, py) });
    },
    end(commit) {
      layers.set({ drop: null, dropRefused: false, ghost: null });
      ctl.tools.end('drag');
      if (!commit || !drop) return;
      // Said in the live region too: an alert can be suppressed (phones, automation) and a
      // screen reader user hears why nothing moved.
      if (drop.refused) {
        ctl.reportError(drop.refused);
        ctl.say(`未移动：${drop.refused}`);
      } else {
        const moved = ids.length > 1 ? ctl.run('moveNodes', [ids, drop.parentId, drop.index]) : ctl.run('moveNode', [id, drop.parentId, drop.index]);
        void moved.then(() => ctl.camera.reveal(id)); // (where it went may be off the view)
      }
    },
  };
}

/**
 * The expand/collapse button beside a node with children (− expanded, count collapsed) at a
 * canvas point: toggles it and returns true.
 */
export function toggleExpanderAt(canvas: MindmapCanvas, ctl: EditorController, sx: number, sy: number): boolean {
  const hit = canvas.expanderAt(sx, sy);
  if (!hit) return false;
  // The layout re-centres siblings around the fold, so the toggled node itself moves; move the
  // camera by its shift so it (and its button) stays under the pointer: a second click at the
  // same point undoes the first instead of hitting empty canvas.
  void ctl.camera.keepInPlace(hit.id, () => ctl.run(hit.collapsed ? 'expand' : 'collapse', [[hit.id]]));
  return true;
}

export function bindPointer(
  canvas: MindmapCanvas,
  ctl: EditorController,
  overlays: PointerOverlays,
  onDoubleClick: (id: string) => void,
  /** Double click on a summary's (概要) topic or brace. */
  onSummaryEdit: (id: string) => void = () => {},
): () => void {
  const { layers } = overlays;
  const el = canvas.element;
  canvas.panGate = (e, hit) => ctl.state.view === 'hand' || e.button === 2 || (hit === null && !e.shiftKey);
  type Mode =
    | { kind: 'node'; id: string; x: number; y: number; drag: NodeDrag | null; plain: boolean }
    | { kind: 'marquee'; x: number; y: number; active: boolean }
    | { kind: 'empty'; x: number; y: number; moved: boolean };
  let mode: Mode | null = null;
  // Touch has its own gestures (touch-input.ts); a double tap is not also a double click.
  let touch = false;

  const down = (e: PointerEvent) => {
    touch = e.pointerType === 'touch';
    if (touch || e.button !== 0 || ctl.state.view === 'hand') return;
    if (toggleExpanderAt(canvas, ctl, e.offsetX, e.offsetY)) return;
    // A summary is drawn above the nodes: a click on it selects it.
    const summary = canvas.summaryAt(e.offsetX, e.offsetY);
    if (summary) return ctl.selector.selectSummary(summary);
    const hit = canvas.hitTest(e.offsetX, e.offsetY);
    if (hit) {
      const { ctrlKey, metaKey, shiftKey } = e;
      // A press selects after the keys typed before it that still wait for the worker (their
      // titles and inserts land where they were typed: key-queue.ts); a drag waits for them too.
      ctl.keys.run(() => {
        if (ctrlKey || metaKey) ctl.selector.toggle(hit);
        else if (shiftKey) ctl.select(extendedSelection(ctl.model, ctl.state.selection, hit), false);
        else if (!ctl.state.selection.includes(hit)) ctl.select([hit], false);
      });
      mode = { kind: 'node', id: hit, x: e.offsetX, y: e.offsetY, drag: null, plain: !(e.shiftKey || e.ctrlKey || e.metaKey) };
      el.setPointerCapture(e.pointerId);
    } else if (e.shiftKey) {
      mode = { kind: 'marquee', x: e.offsetX, y: e.offsetY, active: false };
      el.setPointerCapture(e.pointerId);
    } else mode = { kind: 'empty', x: e.offsetX, y: e.offsetY, moved: false };
  };

  const move = (e: PointerEvent) => {
    if (!mode) return;
    const far = Math.hypot(e.offsetX - mode.x, e.offsetY - mode.y) >= DRAG_START_PX;
    if (mode.kind === 'empty') mode.moved ||= far;
    else if (mode.kind === 'marquee') {
      if (!mode.active && !far) return;
      mode.active = true;
      layers.set({
        marquee: { x: Math.min(mode.x, e.offsetX), y: Math.min(mode.y, e.offsetY), w: Math.abs(e.offsetX - mode.x), h: Math.abs(e.offsetY - mode.y) },
      });
    } else {
      if ((!mode.drag && !far) || ctl.keys.busy) return;
      mode.drag ??= startNodeDrag(canvas, ctl, overlays, mode.id, mode.x, mode.y);
      mode.drag?.move(e.offsetX, e.offsetY);
    }
  };

  const up = (e: PointerEvent) => {
    const m = mode;
    mode = null;
    if (!m) return;
    if (m.kind === 'empty' && !m.moved) ctl.keys.run(() => ctl.select([], false));
    if (m.kind === 'marquee' && m.active) {
      layers.set({ marquee: null });
      const [x0, y0] = screenToWorld(canvas.camera, Math.min(m.x, e.offsetX), Math.min(m.y, e.offsetY));
      const [x1, y1] = screenToWorld(canvas.camera, Math.max(m.x, e.offsetX), Math.max(m.y, e.offsetY));
      const slots = canvas.store.queryNodes({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 }, []);
      const ids: string[] = [];
      for (const s of slots) {
        const b = canvas.store.box(s);
        if (b.x >= x0 && b.y >= y0 && b.x + b.w <= x1 && b.y + b.h <= y1) ids.push(canvas.store.records[s]!.id);
      }
      ctl.select(ids, false);
    }
    if (m.kind === 'node') m.drag?.end(true);
    // A plain click (no drag) on a topic of a multi-selection selects only it, as in XMind; on
    // the press the selection stayed, so that dragging it stays possible.
    if (m.kind === 'node' && m.plain && !m.drag) ctl.keys.run(() => ctl.state.selection.length > 1 && ctl.select([m.id], false));
  };

  const dbl = (e: MouseEvent) => {
    if (touch) return;
    const summary = canvas.summaryAt(e.offsetX, e.offsetY);
    if (summary) return onSummaryEdit(summary);
    const hit = canvas.hitTest(e.offsetX, e.offsetY);
    if (hit) onDoubleClick(hit);
    else if (!canvas.expanderAt(e.offsetX, e.offsetY)) ctl.camera.recentre();
  };

  el.addEventListener('pointerdown', down);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('dblclick', dbl);
  return () => {
    el.removeEventListener('pointerdown', down);
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('dblclick', dbl);
  };
}
