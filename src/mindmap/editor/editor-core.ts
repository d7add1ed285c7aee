import type { CommandArgs, CommandName, CommandResult } from '../engine/commands/registry';
import type { ExportFormat } from '../engine/editor';
import type { KmDocument } from '../engine/model/types';
import type { ExportOptions, ExportResult, FileData, FileFormat, ImportNotice, TextFormat } from '../engine/protocols/formats';
import { toast } from '../host';
import { announcement } from './announce';
import { itemsGone } from './items-said';
import { goneItemTopic, itemIds, itemsAt, topicSaid, type ItemsAt } from './item-steps';
import { EditorMirror } from './editor-mirror';
import { selectedAfterDelete } from './selection-memory';
import { userMessage } from './messages';
import { exportCss, pdfFormulas } from '../formula/index';

/** A command's options: `mergeKey` (one undo step with the last of the same key); `say`: what the live region says instead of the command's own announcement. */
type RunOptions = { mergeKey?: string; say?: string };

// The editor's document side on the main thread: commands, undo/redo, import/export and the
// selection, over the mirror of the worker's document (editor-mirror.ts: patches in, the canvas
// fed, state listeners, closing). EditorController (controller.ts) adds what the UI drives on top: selection helpers, text edit,
// clipboard, camera and arrow keys.

export class EditorCore extends EditorMirror {
  /** Hands the focus to the map's keyboard target (its view listens: `focusMap`), e.g. after a restore from a panel. */
  focusMap(): void {
    this.events.emit('focusMap');
  }
  /** True once a document is open (false while opening failed): autosave waits for it. */
  opened = false;

  /** Opens a document; never an undo step, never "changed". */
  async open(km: KmDocument | string, readOnly: boolean): Promise<void> {
    this.opened = false;
    const p = await this.engine.load(km, readOnly);
    this.opened = true;
    this.set({ readOnly, selection: [] });
    this.apply(p, false);
    // said in a toast unless the page listens for them itself
    if (p.notices?.length && !this.events.emit('openNotices', p.notices).length)
      toast.warning(`打开导图时修复了失效的内容。${p.notices.map((n) => n.message).join('；')}`);
    // Open framed for reading: the whole map when it fits at a readable zoom, else a readable
    // zoom around the root (on a study map, the node being studied). That node is selected too:
    // the phone's action bar and the keys act on the selection, which must be the node in view.
    const focus = this.openingFocus();
    this.frame(focus);
    this.select([focus], false);
  }

  /** The node a map opens on: the 正在学 node of a study map (the last one marked), else the root. */
  private openingFocus(): string {
    let focus = this.model.rootId;
    for (const n of this.model.nodes.values()) if (n.isNow) focus = n.id;
    return focus;
  }

  /**
   * Frames the map for reading (see MindmapCanvas.frameMap); a new map is shown like one opened.
   * A map too big to show whole at a readable zoom opens centred on `focus` (the root, or the
   * node being studied): frameMap keeps the map's edges in view, which on a narrow phone screen
   * left the root off to one side.
   */
  frame(focus: string = this.model.rootId): void {
    const c = this.canvas;
    if (!c) return;
    c.frameMap(focus);
    const all = c.store.bounds();
    const { zoom } = c.camera;
    if (all.w * zoom <= c.width && all.h * zoom <= c.height) return;
    const b = c.store.boxOf(focus);
    if (b) c.centerWorld(b.x + b.w / 2, b.y + b.h / 2);
  }

  /** Runs an engine command; engine errors go to onError and resolve undefined. */
  async run<N extends CommandName>(name: N, args: CommandArgs<N>, opts: RunOptions = {}): Promise<CommandResult<N> | undefined> {
    try {
      return await this.execute(name, args, opts);
    } catch (e) {
      this.reportError(userMessage(e));
      return undefined;
    }
  }

  /** Runs an engine command; rejects with the engine's error (callers that explain it themselves). */
  execute<N extends CommandName>(name: N, args: CommandArgs<N>, { say, ...opts }: RunOptions = {}): Promise<CommandResult<N>> {
    return this.track(async () => {
      const sums = this.model.summaries;
      const drawn = sums.list.filter((x) => sums.isDrawn(x.id));
      const items = { summaries: sums.list, relationships: this.model.relationships };
      const { result, patch } = await this.engine.execute(name, args, opts);
      this.apply(patch);
      const gone = itemsGone(name, items, { summaries: sums.list, relationships: this.model.relationships });
      // A summary still in the map but no longer drawn (its parent folded, say): said too.
      const hidden = drawn.filter((x) => sums.get(x.id) && !sums.isDrawn(x.id)).map((x) => `概要「${x.text || '概要'}」随之隐藏`);
      const said = [say ?? announcement(this.model, name, args, result), ...gone, ...hidden].filter(Boolean).join('，');
      if (said) this.say(said);
      return result;
    });
  }

  undo(): Promise<void> {
    return this.track(async () => {
      const p = await this.engine.undo();
      if (!p) return;
      // (taken before apply, which forgets them once nothing is left to undo)
      const before = p.swapped ? this.importSelections.undo() : null;
      const back = p.swapped ? [] : restoredIds(this.model, p);
      const items = itemsAt(this.model);
      const typed = this.typedByOthers();
      // (a step of which nothing applied changed nothing: no change to save, no 未保存 flash)
      this.apply(p, !p.skipped?.whole);
      // taking back one's own insert can take a topic a classmate has begun typing in: told, with the way back
      for (const t of typed.filter((x) => !this.model.nodes.has(x.id)))
        toast.warning(`这一步撤销删除了${t.name}正在编辑的「${t.text}」，可按 Ctrl+Y 恢复`, 8000);
      if (!before) {
        // A delete undone: the topics it brings back are selected (XMind, kityminder), not a
        // neighbour; a line or summary that comes back alone is selected too, and named.
        if (back.length) this.select(back);
        const item = back.length || p.swapped ? null : this.selectAfterItems(items, p.removed.length > 0);
        if (p.skipped) return this.saySkipped('撤销', p.skipped);
        return this.say(item ? `已撤销，已选中${item}` : '已撤销');
      }
      // An import taken back: the map before it, with what was selected then (the root if gone).
      const kept = before.selection.filter((id) => this.model.nodes.has(id));
      this.select(kept.length ? kept : [this.model.rootId]);
      this.events.emit('importStep', true, before.what);
      this.say(`已撤销${before.what}`);
    });
  }

  redo(): Promise<void> {
    return this.track(async () => {
      const p = await this.engine.redo();
      if (!p) return;
      const again = p.swapped ? this.importSelections.redo() : null;
      const back = p.swapped ? [] : restoredIds(this.model, p);
      const items = itemsAt(this.model);
      // A Delete redone selects what the Delete selected (the neighbour), not the nearest ancestor.
      const next = p.swapped ? undefined : this.selectedAfterRedo(p.removed);
      this.apply(p, !p.skipped?.whole);
      if (!again) {
        if (back.length) this.select(back);
        else if (next && this.model.nodes.has(next)) this.select([next]);
        const item = back.length || p.swapped ? null : this.selectAfterItems(items, p.removed.length > 0);
        if (p.skipped) return this.saySkipped('重做', p.skipped);
        return this.say(item ? `已重做，已选中${item}` : '已重做');
      }
      this.select([this.model.rootId]);
      this.events.emit('importStep', false, again.what);
      this.say(`已重做${again.what}`);
    });
  }

  /**
   * An undo or redo of which some part no longer applies: the topic it changed was deleted or
   * moved away in another tab or by a classmate since. My other changes are undone; that part is
   * skipped (my own undo never takes back someone else's work) and the student is told which.
   */
  private saySkipped(what: '撤销' | '重做', skipped: { notices: string[]; whole: boolean }): void {
    if (!skipped.notices.length) {
      // nothing to do: another tab or member already made the map as this step would (brought back what it deleted, say)
      const said = `这一步无需${what}：别处的修改已使导图如此`;
      this.say(said);
      toast.warning(said);
      return;
    }
    const head = skipped.whole ? `这一步无法${what}，已跳过` : `已${what}，其中一部分已跳过`;
    this.say(head);
    toast.warning(`${head}：${skipped.notices.join('；')}`);
  }

  /** The neighbour a redone Delete of selected topics selects (selection-memory.ts), read before the patch applies. */
  private selectedAfterRedo(removed: readonly string[]): string | undefined {
    const gone = new Set(removed);
    const selected = this.state.selection.filter((id) => gone.has(id));
    const primary = this.state.selection.at(-1);
    if (!selected.length || !primary || !gone.has(primary)) return undefined;
    return selectedAfterDelete(this.model, selected, primary);
  }

  /**
   * After an undo or redo that brought no topic back (item-steps.ts): a line or summary that came
   * back is selected, else the topic of one that went — unless topics went too (a topic delete
   * redone: its usual neighbour stays selected). Returns what to say after 已选中, or null.
   */
  private selectAfterItems(before: ItemsAt, topicsWent: boolean): string | null {
    const back = this.selectItemBack(itemIds(before));
    if (back || topicsWent) return back;
    const topic = goneItemTopic(this.model, before);
    if (!topic) return null;
    this.select([topic]);
    return topicSaid(this.model, topic);
  }

  /**
   * Selects a line or summary that is in the map now but was not in `before` (an undone delete);
   * returns what to call it after 已选中 (null: none came back, or nothing here can select it).
   */
  protected selectItemBack(_before: ReadonlySet<string>): string | null {
    return null;
  }

  /** Replaces the document with `text` (a restored version): one undo step, like an import; `what` is said on its undo/redo. */
  async importData(format: TextFormat, text: string, what = '导入'): Promise<boolean> {
    const before = this.state.selection;
    await this.keepBeforeReplace();
    try {
      await this.track(async () => this.apply(await this.engine.importData(format, text)));
      this.imported(before, what);
      return true;
    } catch (e) {
      this.reportError(userMessage(e));
      return false;
    }
  }

  /**
   * A file (or pasted text) from the student: an outline forest goes under a root named `name`
   * (the file's name without extension; 中心主题 without one). Resolves the Chinese notices of
   * what changed shape, or null when refused (the reason went to onError; the map is unchanged).
   */
  async importFile(format: FileFormat, data: FileData, name?: string, sheet?: number): Promise<ImportNotice[] | null> {
    const before = this.state.selection;
    await this.keepBeforeReplace();
    try {
      const notices = await this.track(async () => {
        const r = await this.engine.importDataWithNotices(format, data, { name, sheet });
        this.apply(r.patch);
        return r.notices;
      });
      this.imported(before);
      return notices;
    } catch (e) {
      this.reportError(userMessage(e));
      return null;
    }
  }

  /** An import is on the undo stack: `before` (the selection then) is what its undo selects again. */
  private imported(before: string[], what?: string): void {
    this.importSelections.imported(before, what);
    this.select([this.model.rootId]);
  }

  /** The map as an .xmind/.mm/.opml (or .km/.md/.txt) file, with what that format could not hold. */
  exportFile(format: FileFormat, opts: ExportOptions = {}): Promise<ExportResult> {
    return this.engine.exportFile(format, opts);
  }

  private async keepBeforeReplace(): Promise<void> {
    try {
      await Promise.all(this.events.emit('replacing'));
    } catch (e) {
      console.warn('keeping a version before replacing the map:', e);
    }
  }

  /** `clip`: SVG of just that part (PNG export draws huge maps strip by strip). */
  async exportData(format: ExportFormat, clip?: { x: number; y: number; w: number; h: number }): Promise<string> {
    // A map that showed a formula exports it typeset: KaTeX's CSS and fonts go into the SVG.
    const svg = format === 'svg' && this.hasFormulas ? { formulaCss: await exportCss() } : undefined;
    return this.engine.exportData(format, clip, svg);
  }

  /** What the PDF export needs to draw this map's formulas typeset: the labels' drawings and KaTeX's fonts. */
  async pdfFormulas(): ReturnType<typeof pdfFormulas> {
    const texts = new Set([...this.model.nodes.values()].map((n) => n.text).concat(this.model.summaries.list.map((s) => s.text)));
    return pdfFormulas([...this.formulaLabels.values()].filter(([, text]) => texts.has(text)));
  }

  /**
   * Counts the selections made (select, a summary selected), not a patch keeping one: a command
   * answered later selects what it made only when nothing was chosen meanwhile (edit-actions.ts).
   */
  selectionEpoch = 0;

  select(ids: string[], reveal = true): void {
    this.selectionEpoch++;
    const sel = ids.filter((id) => this.model.nodes.has(id));
    if (this.state.summary) this.canvas?.selectSummary?.(null);
    this.set({ summary: null, selection: sel });
    this.canvas?.setSelection(sel);
    if (reveal && sel.length) this.canvas?.reveal(sel[sel.length - 1]);
  }
}

/**
 * The topmost nodes a patch adds to the map (read before it is applied): the subtrees an undone
 * delete (or a redone insert) brings back. A full patch (template, theme) adds none of its own.
 */
function restoredIds(model: { nodes: ReadonlyMap<string, unknown> }, p: { full: boolean; ids: string[]; look: Int32Array; parents: string[] }): string[] {
  if (p.full) return [];
  const fresh = new Set<string>();
  for (let i = 0; i < p.ids.length; i++) if (p.look[i] >= 0 && !model.nodes.has(p.ids[i])) fresh.add(p.ids[i]);
  if (!fresh.size) return [];
  const out: string[] = [];
  for (let i = 0; i < p.ids.length; i++) if (fresh.has(p.ids[i]) && !fresh.has(p.parents[i])) out.push(p.ids[i]);
  return out;
}
