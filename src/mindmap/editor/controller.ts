import type { MapClip } from '../engine/commands/clipboard';
import type { KmNode } from '../engine/model/types';
import { toast } from '../host';
import type { SceneNode } from '../canvas/scene-types';
import { EditorCore } from './editor-core';
import { userMessage } from './messages';
import type { TypedText } from './editor-state';
import { KeyQueue } from './key-queue';
import { MultiSelect } from './multi-select';
import { nodeInDirection } from './navigation';
import { RelationTool } from './relation-tool';
import { describeSummary, summaryEditId, summaryOfEdit, topicTitleIn } from './summary-model';
import type { Direction } from './spatial-nav';

// The editor's main-thread state: the worker client, the canvas fed by its patches, the tree
// mirror, selection and the SPEC §4 statuses. UI pieces (toolbar, menus, keyboard, ARIA tree,
// dialogs) act only through this object and the action registry. The document side (commands,
// undo, import, closing) is EditorCore; this class adds selection helpers, the text edit,
// clipboard, camera moves and arrow keys.

export class EditorController extends EditorCore {
  clipboard: MapClip = { nodes: [], relationships: [], summaries: [] };
  /** Relationship lines: the selected one, linking mode, label edit (relation-tool.ts). */
  readonly relations = new RelationTool(this);
  /** 多选 on a phone: taps add topics to the selection or take them out (multi-select.ts). */
  readonly multi = new MultiSelect(this);
  /** The map's keys in the order pressed, a key that needs the worker's answer holding the next ones. */
  readonly keys = new KeyQueue();

  protected override lineSelected(): boolean {
    return !!this.relations?.state.selected;
  }
  /** The text edit open in the edit field: its node ('' while an inserted node is on its way) and the text in the field now. */
  private textEdit: TypedText | null = null;
  private editSeq = 0;

  /** Sets a node's text: one undo step per committed edit (its own merge key). */
  editText(id: string, text: string): Promise<unknown> {
    this.events.emit('textConfirmed', { id, text });
    return this.run('editText', [id, text], { mergeKey: `text:${id}:${++this.editSeq}` });
  }

  /**
   * The view's edit field: opened on `id` or handed to the node just inserted (same text), typed
   * into (`text`), or closed (`null`). Kept here so leaving the editor can commit it whatever the
   * view's state by then.
   */
  trackTextEdit(id: string | null, text?: string): void {
    if (id === null) return void (this.textEdit = null);
    if (!this.textEdit) this.events.emit('textEditOpen');
    this.textEdit = { id, text: text ?? this.textEdit?.text ?? '' };
  }

  /**
   * Closes the open text edit without committing it (the student may no longer edit the map: what
   * was typed is shown to them instead of saved). Answers what was typed (null: none open).
   */
  discardTextEdit(): TypedText | null {
    const t = this.textEdit;
    this.textEdit = null;
    if (t) this.events.emit('textEditDiscard');
    return t;
  }

  /** The open text edit as typed so far (null: none open). */
  get typedText(): TypedText | null {
    return this.textEdit;
  }

  /**
   * Commits the open text edit (Enter, leaving the field, leaving the page or the editor) as an
   * editText; resolves nothing, returns what it sent (null: nothing open, nothing changed, or the
   * node still being inserted).
   */
  commitTextEdit(): TypedText | null {
    const t = this.textEdit;
    this.textEdit = null;
    const sid = t ? summaryOfEdit(t.id) : null;
    if (t && sid) {
      if (t.text === this.model.summaries.get(sid)?.text) return null;
      void this.run('summaryText', [sid, t.text]);
      return t;
    }
    if (!t || !t.id || t.text === this.model.get(t.id)?.text) return null;
    void this.editText(t.id, t.text);
    return t;
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

  /**
   * Runs `work` (an edit that lays the map out again) with the camera following node `id`'s
   * layout shift, so the node stays where it is on screen (the layout re-centres siblings, moves
   * branches to the other side of the root); a node gone by then leaves the camera alone.
   */
  async keepInPlace<T>(id: string, work: () => Promise<T>): Promise<T> {
    const before = this.canvas?.store.boxOf(id);
    const result = await work();
    const c = this.canvas;
    const after = c?.store.boxOf(id);
    if (c && before && after && (after.x !== before.x || after.y !== before.y)) {
      c.panBy((before.x - after.x) * c.camera.zoom, (before.y - after.y) * c.camera.zoom);
    }
    return result;
  }

  /** Find matches marked on the canvas ([] clears). */
  highlight(ids: readonly string[]): void {
    this.canvas?.setHighlights(ids);
  }

  protected override selectItemBack(before: ReadonlySet<string>): string | null {
    const line = this.relations.visible().find((r) => !before.has(r.id));
    if (line) {
      this.select([], false);
      this.relations.select(line.id);
      return `关联线：${this.relations.describe(line)}`;
    }
    const sum = this.model.summaries.list.find((x) => !before.has(x.id) && this.model.summaries.isDrawn(x.id));
    if (!sum) return null;
    this.selectSummary(sum.id);
    return describeSummary(sum, topicTitleIn(this.model), this.model.say);
  }

  /** Selects a drawn (or listed undrawn, summary-model.ts) summary (概要) instead of any node; null = none. */
  selectSummary(id: string | null): void {
    if (!id || !this.model.summaries.isListed(id, (x) => this.model.get(x)?.parentId)) {
      if (this.state.summary) this.select([], false);
      return;
    }
    // The selection is the summary now, not topics: 多选 ends (its banner would say 已选 0 个).
    this.multi.leave();
    this.selectionEpoch++;
    this.set({ selection: [], summary: id });
    this.canvas?.setSelection([]);
    this.canvas?.selectSummary?.(id);
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
    if (this.model.summaries.isDrawn(id)) this.selectSummary(id);
    else this.reportError('已添加概要，但当前结构不显示它');
    return id;
  }

  /** Removes a summary; the first node of its range is selected then. */
  async removeSummary(id: string): Promise<void> {
    const s = this.model.summaries.get(id);
    await this.run('removeSummary', [id]);
    if (s && !this.model.summaries.get(id)) this.select([s.first], false);
  }

  toggleSelect(id: string): void {
    const s = this.state.selection;
    this.select(s.includes(id) ? s.filter((x) => x !== id) : [...s, id], false);
  }

  /** Scrolls topic `id` wholly into view when it is not (its box grew: an image was added). */
  reveal(id: string): void {
    this.canvas?.reveal(id);
  }

  get primary(): string | null {
    const s = this.state.selection;
    return s.length ? s[s.length - 1] : null;
  }

  setZoom(zoom: number): void {
    this.set({ zoom });
  }

  /** Copies the selected subtrees into the map's own clipboard; resolves them (for the system clipboard). */
  async copy(): Promise<MapClip | undefined> {
    if (!this.state.selection.length) return undefined;
    this.clipboard = await this.engine.copy(this.state.selection);
    this.set({ hasClipboard: true });
    const n = this.clipboard.nodes.length;
    this.say(n > 1 ? `已复制 ${n} 个主题` : '已复制');
    return this.clipboard;
  }

  async cut(): Promise<MapClip | undefined> {
    const ids = this.state.selection.filter((id) => id !== this.model.rootId);
    if (!ids.length) return undefined;
    const clip = await this.run('cut', [ids]);
    if (clip) {
      this.clipboard = clip;
      this.set({ hasClipboard: true });
    }
    return clip;
  }

  /**
   * Pastes `clip` (default: the map's own clipboard) under every selected node and selects the
   * pasted topics. What of a cut could not come back (a line to a topic of another map) is said.
   */
  async paste(clip: MapClip | KmNode[] = this.clipboard): Promise<void> {
    const nodes = Array.isArray(clip) ? clip : clip.nodes;
    if (!nodes.length || !this.state.selection.length) return;
    let r;
    try {
      r = await this.execute('paste', [this.state.selection, clip]);
    } catch (e) {
      // (the depth rule's own alert, SPEC §5, comes first)
      this.reportError(userMessage(e));
      // A cut refused here is not lost: said, with where it still is (outside walk)
      if (!Array.isArray(clip) && clip.cut) toast.warning('剪切的主题仍在剪贴板中，可粘贴到其他位置，或撤销剪切');
      return;
    }
    if (r.ids.length) this.select(r.ids);
    const lost = [
      r.lost.summaries ? `概要 ${r.lost.summaries} 个（此处无法显示）` : '',
      r.lost.relationships ? `关联线 ${r.lost.relationships} 条（另一端不在这张导图中）` : '',
    ].filter(Boolean);
    const left = r.leftWithOriginal ? `连到其他主题的关联线 ${r.leftWithOriginal} 条只属于原主题，未复制` : '';
    if (lost.length) toast.warning(`已粘贴，以下内容未能保留：${lost.join('、')}${left ? `；${left}` : ''}`);
    else if (left) toast.success(`已粘贴；${left}`);
  }

  /** The node's style as drawn (theme defaults included): the toolbar's style controls show it. */
  styleOf(id: string | null): SceneNode['style'] | undefined {
    return id ? this.canvas?.store.node(id)?.style : undefined;
  }

  /** Ctrl+A: every visible node, the primary one kept last. */
  selectAll(): void {
    const keep = this.primary;
    const all = this.model
      .flatten()
      .map((n) => n.id)
      .filter((id) => id !== keep);
    this.select(keep ? [...all, keep] : all, false);
  }

  /** Centres the view on the root (double click on empty canvas, as kityminder's camera). */
  recentre(): void {
    const b = this.canvas?.store.boxOf(this.model.rootId);
    if (b) this.canvas!.centerWorld(b.x + b.w / 2, b.y + b.h / 2);
  }

  /**
   * Arrow keys (navigation.ts): spatial over the boxes on the canvas, over the tree without one.
   * With `extend` (Shift+arrow) the node reached is added to the selection and becomes primary.
   */
  navigate(dir: Direction, extend = false): void {
    const from = this.state.summary ? summaryEditId(this.state.summary) : (this.primary ?? this.model.rootId);
    const next = nodeInDirection(this.model, this.canvas?.store ?? null, from, dir, !extend);
    if (!next) return;
    const sid = summaryOfEdit(next);
    if (sid) return this.selectSummary(sid);
    if (this.state.summary) return this.select([next]);
    this.select(extend ? [...this.state.selection.filter((x) => x !== next), next] : [next]);
  }
}
