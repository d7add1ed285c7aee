import type { DocumentView } from './document-view';
import type { EditorStore } from './editor-store';
import type { SelectionManager } from './selection-manager';

// Where the student looks: framing a map as it opens, centring, following a found topic, keeping
// a topic in place while the layout moves around it, the zoom the toolbar shows. Every move goes
// to the canvas's camera; without a canvas (jsdom tests, the view gone) each is a no-op.

export class CameraManager {
  constructor(
    private readonly doc: DocumentView,
    private readonly store: EditorStore,
    private readonly selection: SelectionManager,
    /** Opens the collapsed ancestors of a topic (a view change, allowed read-only). */
    private readonly expandTo: (id: string) => Promise<unknown>,
  ) {}

  /**
   * Frames the map for reading (see MindmapCanvas.frameMap); a new map is shown like one opened.
   * A map too big to show whole at a readable zoom opens centred on `focus` (the root, or the
   * node being studied): frameMap keeps the map's edges in view, which on a narrow phone screen
   * left the root off to one side.
   */
  frame(focus: string = this.doc.model.rootId): void {
    const c = this.doc.canvas;
    if (!c) return;
    c.frameMap(focus);
    const all = c.store.bounds();
    const { zoom } = c.camera;
    if (all.w * zoom <= c.width && all.h * zoom <= c.height) return;
    this.centreOn(focus);
  }

  /** Centres the view on the root (double click on empty canvas, as kityminder's camera). */
  recentre(): void {
    this.centreOn(this.doc.model.rootId);
  }

  /**
   * Find's "camera follows": opens the collapsed ancestors of `id` (a view change: no undo step,
   * allowed read-only), selects it and centres the canvas on it.
   */
  async focusNode(id: string): Promise<void> {
    if (!this.doc.model.has(id)) await this.expandTo(id);
    this.selection.select([id], false);
    this.centreOn(id);
  }

  /**
   * Runs `work` (an edit that lays the map out again) with the camera following node `id`'s
   * layout shift, so the node stays where it is on screen (the layout re-centres siblings, moves
   * branches to the other side of the root); a node gone by then leaves the camera alone.
   */
  async keepInPlace<T>(id: string, work: () => Promise<T>): Promise<T> {
    const before = this.doc.canvas?.store.boxOf(id);
    const result = await work();
    const c = this.doc.canvas;
    const after = c?.store.boxOf(id);
    if (c && before && after && (after.x !== before.x || after.y !== before.y)) {
      c.panBy((before.x - after.x) * c.camera.zoom, (before.y - after.y) * c.camera.zoom);
    }
    return result;
  }

  /** Scrolls topic `id` wholly into view when it is not (its box grew: an image was added). */
  reveal(id: string): void {
    this.doc.canvas?.reveal(id);
  }

  /** Find matches marked on the canvas ([] clears). */
  highlight(ids: readonly string[]): void {
    this.doc.canvas?.setHighlights(ids);
  }

  /** The zoom the canvas reached (the toolbar and 缩放 say it). */
  setZoom(zoom: number): void {
    this.store.set({ zoom });
  }

  private centreOn(id: string): void {
    const c = this.doc.canvas;
    const b = c?.store.boxOf(id);
    if (c && b) c.centerWorld(b.x + b.w / 2, b.y + b.h / 2);
  }
}
