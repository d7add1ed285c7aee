import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import type { EditorController } from './controller';
import { bindMarkers, type NotePreviewState } from './marker-input';
import type { OverlayStore } from './overlay-state';
import { bindPointer } from './pointer';
import { bindRelationInput } from './relation-input';
import { bindTouch } from './touch-input';

// Every input the canvas takes, bound at once when it is ready and undone together: marker
// clicks (notes, links), the mouse (select, drag, double click), relationship lines, touch, and
// the focus going back to the map after a mouse action on it.

export interface CanvasInputHooks {
  overlays: OverlayStore;
  setPreview(p: NotePreviewState | null): void;
  /** Double click / double tap on a node: edit it (a read-only map: open its resources). */
  activate(id: string): void;
  editSummary(id: string): void;
  /** A long press: the selection's (or the line's) menu. */
  openMenu(): void;
  /** A tap outside an open edit field commits it; true when there was one. */
  finishEdit(): boolean;
  /** A mouse action ended on the map: the keys are the map's again. */
  pointerDone(): void;
}

export function bindCanvasInput(canvas: MindmapCanvas, ctl: EditorController, hooks: CanvasInputHooks): () => void {
  const offMarkers = bindMarkers(canvas, ctl, hooks.setPreview);
  const pointerOverlays = { layers: hooks.overlays };
  const off = bindPointer(canvas, ctl, pointerOverlays, hooks.activate, hooks.editSummary);
  const offRelations = bindRelationInput(canvas, ctl);
  const offTouch = bindTouch(canvas, ctl, {
    overlays: pointerOverlays,
    edit: hooks.activate,
    editSummary: hooks.editSummary,
    menu: hooks.openMenu,
    finishEdit: hooks.finishEdit,
  });
  // A finger on the map does not focus the keyboard target (the on-screen keyboard would open).
  const onUp = (e: PointerEvent) => e.pointerType !== 'touch' && hooks.pointerDone();
  canvas.element.addEventListener('pointerup', onUp);
  return () => {
    offTouch();
    offRelations();
    off();
    offMarkers();
    canvas.element.removeEventListener('pointerup', onUp);
  };
}
