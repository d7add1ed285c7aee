import type { CommandArgs, CommandName, CommandResult } from '../engine/commands/registry';
import type { KmDocument } from '../engine/model/types';
import { toast } from '../host';
import type { EngineClient } from '../worker/client';
import type { EnginePatch } from '../worker/protocol';
import { CameraManager } from './camera-manager';
import { CommandRunner, type RunOptions } from './command-runner';
import { DocumentView } from './document-view';
import { Emitter, type EditorEvents } from './editor-events';
import { EditorIo } from './editor-io';
import type { EditorParts } from './editor-parts';
import type { CanvasView, EditorState } from './editor-state';
import { EditorStore } from './editor-store';
import { KeyQueue } from './key-queue';
import { userMessage } from './messages';
import { MultiSelect } from './multi-select';
import { RelationTool } from './relation-tool';
import { SelectionManager } from './selection-manager';
import { describeSummary, topicTitleIn } from './summary-model';
import { TextEditState } from './text-edit-state';
import { ToolMachine } from './tools';
import { Work } from './work-tracker';

// The editor's facade: the one object the views, keys, actions and pages hold. It owns nothing of
// its own but the map's lifecycle (open, close); every concern is a small manager it composes:
//   store (state + listeners)   doc (patches into the tree model and the canvas)
//   selector (selection)        camera (framing, centring, following)
//   tools (modes, tools.ts)     commands (edits, undo, redo)   io (import, export, clipboard)
//   textEdit (the open title)   relations, multi (lines, 多选)  keys (the key queue)
// with one typed emitter (`events`) that several listeners may use. The most used calls (state,
// model, select, run, undo) are here too; the rest are asked of their manager.

export class EditorController implements EditorParts {
  /** What the editor tells the page (editor-events.ts): several listeners each, never a property to overwrite. */
  readonly events = new Emitter<EditorEvents>();
  /** What a press on the map does now (tools.ts): the state's status and view are read from it. */
  readonly tools: ToolMachine = new ToolMachine(() => this.store.state.readOnly);
  readonly store = new EditorStore(this.tools);
  readonly work = new Work();
  readonly doc: DocumentView;
  readonly selector: SelectionManager;
  readonly camera: CameraManager;
  readonly commands: CommandRunner;
  readonly io: EditorIo;
  readonly textEdit: TextEditState;
  /** Relationship lines: the selected one, linking mode, label edit (relation-tool.ts). */
  readonly relations: RelationTool;
  /** 多选 on a phone: taps add topics to the selection or take them out (multi-select.ts). */
  readonly multi: MultiSelect;
  /** The map's keys in the order pressed, a key that needs the worker's answer holding the next ones. */
  readonly keys = new KeyQueue(() => this.events.emit('keysQueued'));
  /** True once a document is open (false while opening failed): autosave waits for it. */
  opened = false;
  private closers = new Set<() => Promise<void>>();

  constructor(readonly engine: EngineClient) {
    this.doc = new DocumentView(engine, this.work, (p) => this.apply(p, false));
    // (the line and 多选 parts are made below: these ask them only once the editor is in use)
    this.selector = new SelectionManager(this.store, this.doc, { lineSelected: () => !!this.relations.state.selected, leaveMulti: () => this.multi.leave() });
    this.commands = new CommandRunner(this, (before) => this.selectItemBack(before));
    this.camera = new CameraManager(this.doc, this.store, this.selector, (id) => this.run('expand', [[id], true]));
    this.io = new EditorIo(this, this.commands);
    this.textEdit = new TextEditState(this, this.commands);
    this.relations = new RelationTool(this);
    this.multi = new MultiSelect(this);
  }

  get state(): EditorState {
    return this.store.state;
  }
  subscribe = (fn: () => void): (() => void) => this.store.subscribe(fn);
  getState = (): EditorState => this.store.state;
  /** The visible tree (map-model.ts): what the ARIA tree, navigation and menus read. */
  get model(): DocumentView['model'] {
    return this.doc.model;
  }
  get primary(): string | null {
    return this.selector.primary;
  }

  /** Shows an error to the student (its `error` listeners), always in Chinese (userMessage). */
  reportError(message: string): void {
    this.events.emit('error', message);
  }

  /** Says `message` in the editor's live region (its `announce` listeners). */
  say(message: string): void {
    this.events.emit('announce', message);
  }

  /** Hands the focus to the map's keyboard target (its view listens: `focusMap`), e.g. after a restore from a panel. */
  focusMap(): void {
    this.events.emit('focusMap');
  }

  attach(canvas: CanvasView): void {
    this.doc.attach(canvas);
  }

  detach(): void {
    this.doc.detach();
  }

  /** The one path a worker patch takes: the document view, then the selection kept over it. */
  apply(p: EnginePatch, changed = true): void {
    const up = this.selector.beforePatch();
    this.doc.take(p);
    this.commands.importSelections.forget(p.canUndo, p.canRedo);
    this.selector.afterPatch(p, up);
    if (changed) this.events.emit('change');
  }

  select(ids: string[], reveal = true): void {
    this.selector.select(ids, reveal);
  }

  run<N extends CommandName>(name: N, args: CommandArgs<N>, opts?: RunOptions): Promise<CommandResult<N> | undefined> {
    return this.commands.run(name, args, opts);
  }

  execute<N extends CommandName>(name: N, args: CommandArgs<N>, opts?: RunOptions): Promise<CommandResult<N>> {
    return this.commands.execute(name, args, opts);
  }

  undo(): Promise<void> {
    return this.commands.undo();
  }

  redo(): Promise<void> {
    return this.commands.redo();
  }

  /**
   * Opens a document; never an undo step, never "changed". `keepPlace`: the same map opened again
   * (made 只读 or editable, removed): the selection stays on the topics still there, the view where it was.
   * `sync`: the server's map, saved as `sync.version`, with a draft's unsaved `sets` replayed on it
   * and synced from that version in the same engine step (EngineClient.loadSynced): an edit made as
   * the map appears is saved like any other. Resolves the replay's notices and how many sets are
   * still to send.
   */
  async open(
    km: KmDocument | string,
    readOnly: boolean,
    opts: { keepPlace?: boolean; sync?: Parameters<EngineClient['loadSynced']>[2] } = {},
  ): Promise<{ notices: string[]; pending: number }> {
    const place = opts.keepPlace ? this.getState().selection : [];
    this.opened = false;
    if (opts.sync) {
      const { patch, ...rest } = await this.engine.loadSynced(km, readOnly, opts.sync);
      this.shown(patch, readOnly, place);
      return rest;
    }
    this.shown(await this.engine.load(km, readOnly), readOnly, place);
    return { notices: [], pending: 0 };
  }

  /**
   * The server's map (`km`, saved as `sync.version`; another tab saved it whole) opened editable
   * in place of this one, with this page's unsaved change sets replayed on it and synced from
   * that version — one step in the engine (EngineClient.reopen), so an edit sent meanwhile (a
   * title confirmed as the map reloads) is kept. Resolves the replay's notices, how many sets
   * were taken and how many are still to send.
   */
  async reopen(
    km: KmDocument | string,
    sync: { tab: string; version: number; overlay?: readonly string[] },
  ): Promise<{ notices: string[]; taken: number; pending: number }> {
    // (the map stays open meanwhile: an edit whose answer comes while it reopens is saved too)
    const { patch, ...rest } = await this.engine.reopen(km, sync);
    this.shown(patch, false, []);
    return rest;
  }

  /** The map just opened in the engine (`p`, its full patch) on screen: never an undo step, never "changed". */
  private shown(p: EnginePatch, readOnly: boolean, place: readonly string[]): void {
    this.opened = true;
    this.store.set({ readOnly, selection: [] });
    this.apply(p, false);
    // said in a toast unless the page listens for them itself
    if (p.notices?.length && !this.events.emit('openNotices', p.notices).length)
      toast.warning(`打开导图时修复了失效的内容。${p.notices.map((n) => n.message).join('；')}`);
    // Open framed for reading: the whole map when it fits at a readable zoom, else a readable
    // zoom around the root (on a study map, the node being studied). That node is selected too:
    // the phone's action bar and the keys act on the selection, which must be the node in view.
    const kept = place.filter((id) => this.model.has(id));
    if (kept.length) return this.select(kept, false);
    const focus = this.openingFocus();
    this.camera.frame(focus);
    this.select([focus], false);
  }

  /** Resolves once every change sent so far is applied (and reported through `change`). */
  settled(): Promise<void> {
    return this.work.settled();
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
    this.store.clear();
    const pending = [...this.closers].map((fn) =>
      Promise.resolve()
        .then(fn)
        .catch((e: unknown) => console.warn('closing the editor:', e)),
    );
    this.closers.clear();
    return Promise.all(pending).then(() => this.engine.close());
  }

  /** Adds a summary over the selected siblings and selects it; resolves its id (undefined: refused). */
  async addSummary(): Promise<string | undefined> {
    let id: string | undefined;
    try {
      id = await this.execute('addSummary', [[...this.state.selection]]);
    } catch (e) {
      // The refusal (non-siblings, a gap) is shown and said: the key or button did nothing else.
      const msg = userMessage(e);
      this.reportError(msg);
      this.say(msg);
      return undefined;
    }
    if (!id) return id;
    // (The engine refuses runs the structure cannot draw; a folded parent is the one case left.)
    if (this.model.summaries.isDrawn(id)) this.selector.selectSummary(id);
    else this.reportError('已添加概要，但当前结构不显示它');
    return id;
  }

  /** Removes a summary; the first node of its range is selected then. */
  async removeSummary(id: string): Promise<void> {
    const s = this.model.summaries.get(id);
    await this.run('removeSummary', [id]);
    if (s && !this.model.summaries.get(id)) this.select([s.first], false);
  }

  /** The node a map opens on: the 正在学 node of a study map (the last one marked), else the root. */
  private openingFocus(): string {
    return this.model.lastNow() ?? this.model.rootId;
  }

  /** A line or summary back in the map after an undo or redo: selected, and what to call it after 已选中. */
  private selectItemBack(before: ReadonlySet<string>): string | null {
    const line = this.relations.visible().find((r) => !before.has(r.id));
    if (line) {
      this.relations.selectAlone(line.id);
      return `关联线：${this.relations.describe(line)}`;
    }
    const sum = this.model.summaries.list.find((x) => !before.has(x.id) && this.model.summaries.isDrawn(x.id));
    if (!sum) return null;
    this.selector.selectSummary(sum.id);
    return describeSummary(sum, topicTitleIn(this.model), this.model.say);
  }
}
