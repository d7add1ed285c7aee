import type { ExportFormat } from '../../../engine/editor';
import type { KmDocument, KmNode } from '../../../engine/model/types';
import type { ImportNotice, TextFormat } from '../../../engine/protocols/formats';
import type { EngineClient } from '../../../worker/client';
import type { EnginePatch } from '../../../worker/protocol';
import { EnginePatchAdapter } from '../canvas/engine-adapter';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import { SceneStore } from '../canvas/scene-store';
import type { SceneNode } from '../canvas/scene-types';
import { userMessage } from './messages';
import { MapModel } from './map-model';
import { nearestInDirection, type Direction, type NavBox } from './spatial-nav';

// The editor's main-thread state: the worker client, the canvas fed by its patches, the tree
// mirror, selection and the SPEC §4 statuses. UI pieces (toolbar, menus, keyboard, ARIA tree,
// dialogs) act only through this object and the action registry.

export type EditorStatus = 'normal' | 'readonly' | 'textedit' | 'inputready' | 'dragtree';
export type ViewState = 'normal' | 'hand' | 'readonly';

export interface EditorState {
  status: EditorStatus;
  view: ViewState;
  readOnly: boolean;
  selection: string[];
  canUndo: boolean;
  canRedo: boolean;
  zoom: number;
  hasClipboard: boolean;
}

/** The part of MindmapCanvas the controller drives (absent in jsdom tests). */
export type CanvasView = Pick<MindmapCanvas, 'setScene' | 'applyPatch' | 'setSelection' | 'setHighlights' | 'reveal' | 'store' | 'zoomTo' | 'zoomStep' | 'centerWorld' | 'frameMap' | 'camera' | 'width' | 'height'>;

export class EditorController {
  readonly model = new MapModel();
  state: EditorState = { status: 'normal', view: 'normal', readOnly: false, selection: [], canUndo: false, canRedo: false, zoom: 1, hasClipboard: false };
  clipboard: KmNode[] = [];
  /** Called after every user change of the document (autosave marks itself dirty). */
  onChange: () => void = () => {};
  /** Engine errors (depth limit, bad import) shown to the user, always in Chinese (userMessage). */
  onError: (message: string) => void = () => {};
  /** True once a document is open (false while opening failed): autosave waits for it. */
  opened = false;
  private adapter: EnginePatchAdapter;
  private listeners = new Set<() => void>();
  private closers = new Set<() => Promise<void>>();
  /** Document changes sent to the worker and not yet applied here (closing waits for them). */
  private inflight = new Set<Promise<unknown>>();
  private canvas: CanvasView | null = null;

  constructor(readonly engine: EngineClient) {
    this.adapter = new EnginePatchAdapter(new SceneStore());
  }

  attach(canvas: CanvasView): void {
    this.canvas = canvas;
    this.adapter = new EnginePatchAdapter(canvas.store);
  }

  /** The canvas is going away: changes still arriving (the last edit before leaving) update only the model. */
  detach(): void {
    this.canvas = null;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getState = (): EditorState => this.state;

  private set(partial: Partial<EditorState>): void {
    this.state = { ...this.state, ...partial };
    this.state.view = this.state.readOnly ? 'readonly' : this.state.view === 'readonly' ? 'normal' : this.state.view;
    for (const fn of this.listeners) fn();
  }

  /** Opens a document; never an undo step, never "changed". */
  async open(km: KmDocument | string, readOnly: boolean): Promise<void> {
    this.opened = false;
    const p = await this.engine.load(km, readOnly);
    this.opened = true;
    this.set({ readOnly, status: readOnly ? 'readonly' : 'normal', selection: [] });
    this.apply(p, false);
    // Open framed for reading: the whole map when it fits at a readable zoom, else a readable
    // zoom around the root (on a study map, the node being studied).
    let focus = this.model.rootId;
    for (const n of this.model.nodes.values()) if (n.isNow) focus = n.id;
    this.frame(focus);
    this.select([this.model.rootId], false);
  }

  /** Frames the map for reading (see MindmapCanvas.frameMap); a new map is shown like one opened. */
  frame(focus: string = this.model.rootId): void {
    this.canvas?.frameMap(focus);
  }

  apply(p: EnginePatch, changed = true): void {
    this.model.apply(p);
    const { patch } = this.adapter.convert(p);
    if (this.canvas) {
      if (p.full) this.canvas.setScene(patch);
      else this.canvas.applyPatch(patch);
    }
    const selection = this.state.selection.filter((id) => this.model.nodes.has(id));
    this.set({ canUndo: p.canUndo, canRedo: p.canRedo, selection: selection.length || !this.model.rootId ? selection : [this.model.rootId] });
    this.canvas?.setSelection(this.state.selection);
    if (changed) this.onChange();
  }

  /** Runs an engine command; engine errors go to onError and resolve undefined. */
  async run(name: string, args: unknown[] = [], opts: { mergeKey?: string } = {}): Promise<unknown> {
    try {
      return await this.execute(name, args, opts);
    } catch (e) {
      this.onError(userMessage(e));
      return undefined;
    }
  }

  /** Runs an engine command; rejects with the engine's error (callers that explain it themselves). */
  execute(name: string, args: unknown[] = [], opts: { mergeKey?: string } = {}): Promise<unknown> {
    return this.track(async () => {
      const { result, patch } = await this.engine.execute(name, args, opts);
      this.apply(patch);
      return result;
    });
  }

  undo(): Promise<void> {
    return this.track(async () => {
      const p = await this.engine.undo();
      if (p) this.apply(p);
    });
  }

  redo(): Promise<void> {
    return this.track(async () => {
      const p = await this.engine.redo();
      if (p) this.apply(p);
    });
  }

  private track<T>(work: () => Promise<T>): Promise<T> {
    const p = work();
    this.inflight.add(p);
    const done = () => void this.inflight.delete(p);
    p.then(done, done);
    return p;
  }

  /** Resolves once every change sent so far is applied (and reported through onChange). */
  async settled(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  async importData(format: TextFormat, text: string): Promise<boolean> {
    try {
      await this.track(async () => this.apply(await this.engine.importData(format, text)));
      this.select([this.model.rootId]);
      return true;
    } catch (e) {
      this.onError(userMessage(e));
      return false;
    }
  }

  /**
   * A file (or pasted text) from the student: an outline forest goes under a root named `name`
   * (the file's name without extension; 中心主题 without one). Resolves the Chinese notices of
   * what changed shape, or null when refused (the reason went to onError; the map is unchanged).
   */
  async importFile(format: TextFormat, text: string, name?: string): Promise<ImportNotice[] | null> {
    try {
      const notices = await this.track(async () => {
        const r = await this.engine.importDataWithNotices(format, text, { name });
        this.apply(r.patch);
        return r.notices;
      });
      this.select([this.model.rootId]);
      return notices;
    } catch (e) {
      this.onError(userMessage(e));
      return null;
    }
  }

  /** `clip`: SVG of just that part (PNG export draws huge maps strip by strip). */
  exportData(format: ExportFormat, clip?: { x: number; y: number; w: number; h: number }): Promise<string> {
    return this.engine.exportData(format, clip);
  }

  select(ids: string[], reveal = true): void {
    const sel = ids.filter((id) => this.model.nodes.has(id));
    this.set({ selection: sel, status: this.state.readOnly ? 'readonly' : this.state.status === 'textedit' ? 'textedit' : sel.length ? 'inputready' : 'normal' });
    this.canvas?.setSelection(sel);
    if (reveal && sel.length) this.canvas?.reveal(sel[sel.length - 1]);
  }

  /**
   * Find's "camera follows": opens the collapsed ancestors of `id` (a view change: no undo step,
   * allowed read-only), selects it and centres the canvas on it.
   */
  async focusNode(id: string): Promise<void> {
    if (!this.model.nodes.has(id)) await this.run('expand', [[id], true]);
    this.select([id], false);
    const b = this.canvas?.store.boxOf(id);
    if (b) this.canvas!.centerWorld(b.x + b.w / 2, b.y + b.h / 2);
  }

  /** Find matches marked on the canvas ([] clears). */
  highlight(ids: readonly string[]): void {
    this.canvas?.setHighlights(ids);
  }

  toggleSelect(id: string): void {
    const s = this.state.selection;
    this.select(s.includes(id) ? s.filter((x) => x !== id) : [...s, id], false);
  }

  get primary(): string | null {
    const s = this.state.selection;
    return s.length ? s[s.length - 1] : null;
  }

  setStatus(status: EditorStatus): void {
    this.set({ status: this.state.readOnly ? 'readonly' : status });
  }

  setView(view: ViewState): void {
    this.set({ view });
  }

  setZoom(zoom: number): void {
    this.set({ zoom });
  }

  /** Copies the selected subtrees into the map's own clipboard; resolves them (for the system clipboard). */
  async copy(): Promise<KmNode[] | undefined> {
    if (!this.state.selection.length) return undefined;
    this.clipboard = await this.engine.copy(this.state.selection);
    this.set({ hasClipboard: true });
    return this.clipboard;
  }

  async cut(): Promise<KmNode[] | undefined> {
    const ids = this.state.selection.filter((id) => id !== this.model.rootId);
    if (!ids.length) return undefined;
    const nodes = (await this.run('cut', [ids])) as KmNode[] | undefined;
    if (nodes) {
      this.clipboard = nodes;
      this.set({ hasClipboard: true });
    }
    return nodes;
  }

  /** Pastes `nodes` (default: the map's own clipboard) under every selected node and selects them. */
  async paste(nodes: KmNode[] = this.clipboard): Promise<void> {
    if (!nodes.length || !this.state.selection.length) return;
    const ids = (await this.run('paste', [this.state.selection, nodes])) as string[] | undefined;
    if (ids?.length) this.select(ids);
  }

  /** The node's style as drawn (theme defaults included): the toolbar's style controls show it. */
  styleOf(id: string | null): SceneNode['style'] | undefined {
    return id ? this.canvas?.store.node(id)?.style : undefined;
  }

  /** Ctrl+A: every visible node, the primary one kept last. */
  selectAll(): void {
    const keep = this.primary;
    const all = this.model.flatten().map((n) => n.id).filter((id) => id !== keep);
    this.select(keep ? [...all, keep] : all, false);
  }

  /** Centres the view on the root (double click on empty canvas, as kityminder's camera). */
  recentre(): void {
    const b = this.canvas?.store.boxOf(this.model.rootId);
    if (b) this.canvas!.centerWorld(b.x + b.w / 2, b.y + b.h / 2);
  }

  /**
   * Boxes of the visible nodes as drawn (spatial arrow keys), read from the store's typed arrays
   * into ONE reused object: ~6 ms per key at 50k visible nodes instead of ~14 with an object each.
   */
  private *navBoxes(): Generator<NavBox> {
    if (!this.canvas) return;
    const { slotOf, boxes } = this.canvas.store;
    const box: NavBox = { id: '', parentId: null, x: 0, y: 0, w: 0, h: 0 };
    for (const n of this.model.nodes.values()) {
      const s = slotOf.get(n.id);
      if (s === undefined) continue;
      box.id = n.id;
      box.parentId = n.parentId;
      box.x = boxes.x[s];
      box.y = boxes.y[s];
      box.w = boxes.w[s];
      box.h = boxes.h[s];
      yield box;
    }
  }

  /**
   * Arrow keys: spatial over the boxes on the canvas (spatial-nav.ts), so ← / → follow the screen
   * on both sides of the root; without a canvas (jsdom) over the tree: up/down siblings, left
   * parent, right first child. With `extend` (Shift+arrow) the node reached is added to the
   * selection and becomes primary.
   */
  navigate(dir: Direction, extend = false): void {
    const id = this.primary ?? this.model.rootId;
    const n = this.model.get(id);
    if (!n) return;
    let next: string | undefined;
    const from = this.canvas?.store.boxOf(id);
    if (from) next = nearestInDirection({ id, parentId: n.parentId, ...from }, this.navBoxes(), dir) ?? undefined;
    else if (dir === 'left') next = n.parentId ?? undefined;
    else if (dir === 'right') next = n.children[0];
    else if (n.parentId) {
      const sibs = this.model.get(n.parentId)!.children;
      const i = sibs.indexOf(id) + (dir === 'up' ? -1 : 1);
      next = sibs[i];
    }
    if (!next) return;
    const keep = next;
    this.select(extend ? [...this.state.selection.filter((x) => x !== keep), keep] : [keep]);
  }

  /**
   * Runs `fn` when the editor closes, BEFORE the worker ends (the autosaver's last save reads the
   * document from it). Returns the unregistration.
   */
  beforeClose(fn: () => Promise<void>): () => void {
    this.closers.add(fn);
    return () => this.closers.delete(fn);
  }

  /** Closes the editor: the beforeClose work first (whatever its outcome), then the worker. */
  dispose(): Promise<void> {
    this.listeners.clear();
    const pending = [...this.closers].map((fn) => Promise.resolve().then(fn).catch((e: unknown) => console.warn('closing the editor:', e)));
    this.closers.clear();
    return Promise.all(pending).then(() => this.engine.close());
  }
}
