import type { WheelZoomGate } from './zoom-input';

// The canvas's own pointer input: the wheel pans (or, with Ctrl/⌘ or a pinch-zoom trackpad, zooms
// through the gate) and a mouse drag pans once it has moved DRAG_START_PX. Touch pans and pinches
// go through the editor's gestures (editor/gestures.ts); clicks and node drags through pointer.ts.

export const DRAG_START_PX = 10;

export interface PanInput {
  gate: WheelZoomGate;
  panBy(dx: number, dy: number): void;
  /** Whether this pointer-down starts a pan (see MindmapCanvas.panGate). */
  startsPan(e: PointerEvent): boolean;
}

/** Binds wheel and drag panning to `el`; returns the unbinding. */
export function bindPanInput(el: HTMLCanvasElement, input: PanInput): () => void {
  const onWheel = (e: WheelEvent) => {
    // Always prevented (a non-passive listener): Ctrl+wheel and a pinch would zoom the page.
    e.preventDefault();
    if (input.gate.wheel(e)) return;
    input.panBy(-e.deltaX / 2.5, -e.deltaY / 2.5);
  };
  let down: { x: number; y: number; panning: boolean } | null = null;
  const onDown = (e: PointerEvent) => {
    if ((e.button !== 0 && e.button !== 2) || e.pointerType === 'touch') return;
    if (!input.startsPan(e)) return;
    down = { x: e.clientX, y: e.clientY, panning: false };
    el.setPointerCapture(e.pointerId);
  };
  const onMove = (e: PointerEvent) => {
    if (!down) return;
    if (!down.panning && Math.hypot(e.clientX - down.x, e.clientY - down.y) < DRAG_START_PX) return;
    down.panning = true;
    input.panBy(e.clientX - down.x, e.clientY - down.y);
    down.x = e.clientX;
    down.y = e.clientY;
  };
  const onUp = () => {
    down = null;
  };
  el.addEventListener('wheel', onWheel, { passive: false });
  el.addEventListener('pointerdown', onDown);
  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerup', onUp);
  el.addEventListener('pointercancel', onUp);
  return () => {
    el.removeEventListener('wheel', onWheel);
    el.removeEventListener('pointerdown', onDown);
    el.removeEventListener('pointermove', onMove);
    el.removeEventListener('pointerup', onUp);
    el.removeEventListener('pointercancel', onUp);
  };
}
