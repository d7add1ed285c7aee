import type { MapClip } from '../engine/commands/clipboard';
import type { ExportFormat } from '../engine/editor';
import type { KmNode } from '../engine/model/types';
import type { ExportOptions, ExportResult, FileData, FileFormat, ImportNotice, TextFormat } from '../engine/protocols/formats';
import { exportCss, pdfFormulas } from '../formula/index';
import { toast } from '../host';
import type { CommandRunner } from './command-runner';
import type { EditorParts } from './editor-parts';
import { userMessage } from './messages';

// What goes into the map and out of it: files imported (one undo step each, the selection before
// them kept for their undo), versions restored, exports in every format, and the map's clipboard
// (copy, cut, paste of subtrees with their lines and summaries).

export class EditorIo {
  clipboard: MapClip = { nodes: [], relationships: [], summaries: [] };

  constructor(
    private readonly parts: EditorParts,
    private readonly commands: CommandRunner,
  ) {}

  /** Replaces the document with `text` (a restored version): one undo step, like an import; `what` is said on its undo/redo. */
  async importData(format: TextFormat, text: string, what = '导入'): Promise<boolean> {
    const { engine, store, work } = this.parts;
    const before = store.state.selection;
    await this.keepBeforeReplace();
    try {
      await work.track(async () => this.parts.apply(await engine.importData(format, text)));
      this.imported(before, what);
      return true;
    } catch (e) {
      this.parts.reportError(userMessage(e));
      return false;
    }
  }

  /**
   * A file (or pasted text) from the student: an outline forest goes under a root named `name`
   * (the file's name without extension; 中心主题 without one). Resolves the Chinese notices of
   * what changed shape, or null when refused (the reason went to onError; the map is unchanged).
   */
  async importFile(format: FileFormat, data: FileData, name?: string, sheet?: number): Promise<ImportNotice[] | null> {
    const { engine, store, work } = this.parts;
    const before = store.state.selection;
    await this.keepBeforeReplace();
    try {
      const notices = await work.track(async () => {
        const r = await engine.importDataWithNotices(format, data, { name, sheet });
        this.parts.apply(r.patch);
        return r.notices;
      });
      this.imported(before);
      return notices;
    } catch (e) {
      this.parts.reportError(userMessage(e));
      return null;
    }
  }

  /** The map as an .xmind/.mm/.opml (or .km/.md/.txt) file, with what that format could not hold. */
  exportFile(format: FileFormat, opts: ExportOptions = {}): Promise<ExportResult> {
    return this.parts.engine.exportFile(format, opts);
  }

  /** `clip`: SVG of just that part (PNG export draws huge maps strip by strip). */
  async exportData(format: ExportFormat, clip?: { x: number; y: number; w: number; h: number }): Promise<string> {
    // A map that showed a formula exports it typeset: KaTeX's CSS and fonts go into the SVG.
    const svg = format === 'svg' && this.parts.doc.hasFormulas ? { formulaCss: await exportCss() } : undefined;
    return this.parts.engine.exportData(format, clip, svg);
  }

  /** What the PDF export needs to draw this map's formulas typeset: the labels' drawings and KaTeX's fonts. */
  async pdfFormulas(): ReturnType<typeof pdfFormulas> {
    const { model, formulaLabels } = this.parts.doc;
    const texts = new Set([...model.all()].map((n) => n.text).concat(model.summaries.list.map((s) => s.text)));
    return pdfFormulas([...formulaLabels.values()].filter(([, text]) => texts.has(text)));
  }

  /** Copies the selected subtrees into the map's own clipboard; resolves them (for the system clipboard). */
  async copy(): Promise<MapClip | undefined> {
    const { store, engine } = this.parts;
    if (!store.state.selection.length) return undefined;
    this.clipboard = await engine.copy(store.state.selection);
    store.set({ hasClipboard: true });
    const n = this.clipboard.nodes.length;
    this.parts.say(n > 1 ? `已复制 ${n} 个主题` : '已复制');
    return this.clipboard;
  }

  async cut(): Promise<MapClip | undefined> {
    const { store, doc } = this.parts;
    const ids = store.state.selection.filter((id) => id !== doc.model.rootId);
    if (!ids.length) return undefined;
    const clip = await this.commands.run('cut', [ids]);
    if (clip) {
      this.clipboard = clip;
      store.set({ hasClipboard: true });
    }
    return clip;
  }

  /**
   * Pastes `clip` (default: the map's own clipboard) under every selected node and selects the
   * pasted topics. What of a cut could not come back (a line to a topic of another map) is said.
   */
  async paste(clip: MapClip | KmNode[] = this.clipboard): Promise<void> {
    const { selection } = this.parts.store.state;
    const nodes = Array.isArray(clip) ? clip : clip.nodes;
    if (!nodes.length || !selection.length) return;
    let r;
    try {
      r = await this.commands.execute('paste', [selection, clip]);
    } catch (e) {
      // (the depth rule's own alert, SPEC §5, comes first)
      this.parts.reportError(userMessage(e));
      // A cut refused here is not lost: said, with where it still is (outside walk)
      if (!Array.isArray(clip) && clip.cut) toast.warning('剪切的主题仍在剪贴板中，可粘贴到其他位置，或撤销剪切');
      return;
    }
    if (r.ids.length) this.parts.selector.select(r.ids);
    const lost = [
      r.lost.summaries ? `概要 ${r.lost.summaries} 个（此处无法显示）` : '',
      r.lost.relationships ? `关联线 ${r.lost.relationships} 条（另一端不在这张导图中）` : '',
    ].filter(Boolean);
    const left = r.leftWithOriginal ? `连到其他主题的关联线 ${r.leftWithOriginal} 条只属于原主题，未复制` : '';
    if (lost.length) toast.warning(`已粘贴，以下内容未能保留：${lost.join('、')}${left ? `；${left}` : ''}`);
    else if (left) toast.success(`已粘贴；${left}`);
  }

  /** An import is on the undo stack: `before` (the selection then) is what its undo selects again. */
  private imported(before: string[], what?: string): void {
    this.commands.importSelections.imported(before, what);
    this.parts.selector.select([this.parts.doc.model.rootId]);
  }

  /** The page keeps a version before the map is replaced (its `replacing` listeners). */
  private async keepBeforeReplace(): Promise<void> {
    try {
      await Promise.all(this.parts.events.emit('replacing'));
    } catch (e) {
      console.warn('keeping a version before replacing the map:', e);
    }
  }
}
