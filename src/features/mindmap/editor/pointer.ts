import { screenToWorld, worldToScreen } from '../canvas/camera';
import { DRAG_START_PX, type MindmapCanvas } from '../canvas/mindmap-canvas';
import type { Rect } from '../canvas/scene-types';
import type { EditorController } from './controller';

// Pointer input on the canvas (SPEC §4): click / shift-click selection, marquee after 10 px
// (shift-drag on empty space), drag-tree after 10 px on a node (reparent, or reorder when the
// pointer is on the top or bottom quarter of a sibling) with a ghost of the dragged node under
// the pointer, pan on empty space and in hand mode, double click on empty space re-centres the
// root (kityminder's camera).

export interface Drop {
  parentId: string;
  index: number;
  preview: Rect;
}

/** Where dropping `dragId` at world point (wx, wy) over node `overId` puts it; null = not allowed. */
export function dropAt(ctl: EditorController, canvas: Pick<MindmapCanvas, 'store'>, dragId: string, overId: string | null, wy: number): Drop | null {
  if (!overId || ctl.model.isInside(overId, dragId)) return null;
  const over = ctl.model.get(overId);
  const box = canvas.store.boxOf(overId);
  if (!over || !box) return null;
  const q = (wy - box.y) / box.h;
  if (over.parentId && (q < 0.25 || q > 0.75)) {
    const parent = ctl.model.get(over.parentId)!;
    let index = parent.children.indexOf(overId) + (q > 0.75 ? 1 : 0);
    const cur = parent.children.indexOf(dragId);
    if (cur >= 0 && cur < index) index--;
    const y = q < 0.25 ? box.y - 4 : box.y + box.h;
    return { parentId: over.parentId, index, preview: { x: box.x, y, w: box.w, h: 4 } };
  }
  return { parentId: overId, index: over.children.length, preview: box };
}

/** The DOM overlays pointer input draws: the marquee rectangle and the drag ghost. */
export interface PointerOverlays {
  marquee: HTMLElement;
  ghost: HTMLElement;
}

/** Shows the drag ghost: the node's text in a box of the node's size, grabbed where the drag began. */
function placeGhost(ghost: HTMLElement, canvas: MindmapCanvas, id: string, grab: { dx: number; dy: number }, x: number, y: number): void {
  const n = canvas.store.node(id);
  if (!n) return;
  const z = canvas.camera.zoom;
  if (ghost.dataset.id !== id) {
    ghost.dataset.id = id;
    ghost.textContent = n.text || '分支主题';
    Object.assign(ghost.style, { width: `${n.w * z}px`, height: `${n.h * z}px`, fontSize: `${Math.max(10, n.style.fontSize * z)}px`, display: 'flex' });
  }
  ghost.style.transform = `translate(${x - grab.dx}px, ${y - grab.dy}px)`;
}

function hideGhost(ghost: HTMLElement): void {
  ghost.style.display = 'none';
  delete ghost.dataset.id;
}

export function bindPointer(canvas: MindmapCanvas, ctl: EditorController, { marquee, ghost }: PointerOverlays, onDoubleClick: (id: string) => void): () => void {
  const el = canvas.element;
  canvas.panGate = (e, hit) => ctl.state.view === 'hand' || e.button === 2 || (hit === null && !e.shiftKey);
  type Mode = { kind: 'node'; id: string; x: number; y: number; dragging: boolean; drop: Drop | null; grab: { dx: number; dy: number } } | { kind: 'marquee'; x: number; y: number; active: boolean } | { kind: 'empty'; x: number; y: number; moved: boolean };
  let mode: Mode | null = null;

  const down = (e: PointerEvent) => {
    if (e.button !== 0 || ctl.state.view === 'hand') return;
    if (toggleAt(e.offsetX, e.offsetY)) return;
    const hit = canvas.hitTest(e.offsetX, e.offsetY);
    if (hit) {
      if (e.shiftKey || e.ctrlKey || e.metaKey) ctl.toggleSelect(hit);
      else if (!ctl.state.selection.includes(hit)) ctl.select([hit], false);
      const b = canvas.store.boxOf(hit);
      const [sx, sy] = b ? worldToScreen(canvas.camera, b.x, b.y) : [e.offsetX, e.offsetY];
      mode = { kind: 'node', id: hit, x: e.offsetX, y: e.offsetY, dragging: false, drop: null, grab: { dx: e.offsetX - sx, dy: e.offsetY - sy } };
      el.setPointerCapture(e.pointerId);
    } else if (e.shiftKey) {
      mode = { kind: 'marquee', x: e.offsetX, y: e.offsetY, active: false };
      el.setPointerCapture(e.pointerId);
    } else mode = { kind: 'empty', x: e.offsetX, y: e.offsetY, moved: false };
  };

  /** The expand/collapse button beside a node with children (− expanded, count collapsed). */
  const toggleAt = (sx: number, sy: number): boolean => {
    const hit = canvas.expanderAt(sx, sy);
    if (!hit) return false;
    // The layout re-centres siblings around the fold, so the toggled node itself moves; move the
    // camera by its shift so it (and its button) stays under the pointer: a second click at the
    // same point undoes the first instead of hitting empty canvas.
    const before = canvas.store.boxOf(hit.id);
    void ctl.run(hit.collapsed ? 'expand' : 'collapse', [[hit.id]]).then(() => {
      const after = canvas.store.boxOf(hit.id);
      if (!before || !after) return;
      const z = canvas.camera.zoom;
      if (after.x !== before.x || after.y !== before.y) canvas.panBy((before.x - after.x) * z, (before.y - after.y) * z);
    });
    return true;
  };

  const move = (e: PointerEvent) => {
    if (!mode) return;
    const far = Math.hypot(e.offsetX - mode.x, e.offsetY - mode.y) >= DRAG_START_PX;
    if (mode.kind === 'empty') mode.moved ||= far;
    else if (mode.kind === 'marquee') {
      if (!mode.active && !far) return;
      mode.active = true;
      Object.assign(marquee.style, { display: 'block', left: `${Math.min(mode.x, e.offsetX)}px`, top: `${Math.min(mode.y, e.offsetY)}px`, width: `${Math.abs(e.offsetX - mode.x)}px`, height: `${Math.abs(e.offsetY - mode.y)}px` });
    } else {
      if (ctl.state.readOnly || mode.id === ctl.model.rootId) return;
      if (!mode.dragging && !far) return;
      if (!mode.dragging) ctl.setStatus('dragtree');
      mode.dragging = true;
      const [, wy] = screenToWorld(canvas.camera, e.offsetX, e.offsetY);
      mode.drop = dropAt(ctl, canvas, mode.id, canvas.hitTest(e.offsetX, e.offsetY), wy);
      canvas.setDropPreview(mode.drop?.preview ?? null);
      placeGhost(ghost, canvas, mode.id, mode.grab, e.offsetX, e.offsetY);
    }
  };

  const up = (e: PointerEvent) => {
    const m = mode;
    mode = null;
    if (!m) return;
    if (m.kind === 'empty' && !m.moved) ctl.select([], false);
    if (m.kind === 'marquee' && m.active) {
      marquee.style.display = 'none';
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
    if (m.kind === 'node' && m.dragging) {
      canvas.setDropPreview(null);
      hideGhost(ghost);
      ctl.setStatus('inputready');
      if (m.drop) void ctl.run('moveNode', [m.id, m.drop.parentId, m.drop.index]);
    }
  };

  const dbl = (e: MouseEvent) => {
    const hit = canvas.hitTest(e.offsetX, e.offsetY);
    if (hit) onDoubleClick(hit);
    else if (!canvas.expanderAt(e.offsetX, e.offsetY)) ctl.recentre();
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
