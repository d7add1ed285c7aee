import { runCommand } from './commands/command';
import { copySubtrees } from './commands/clipboard';
import { getCommand } from './commands/registry';
import { History } from './history/history';
import { summarize, type Change } from './model/change';
import { MindDoc, type NodeRec } from './model/doc';
import { ROOT_TEXT, type KmDocument, type KmNode, type KmNodeData } from './model/types';
import { newId } from './model/ids';
import { createTableMeasurer, type TextMeasurer } from './measure/text-measurer';
import { LayoutEngine } from './layout/layout-engine';
import { connectorFor } from './layout/kinds';
import { exportDocument, importDocument, importDocumentWithNotices, type ImportNotice, type ImportOptions, type TextFormat } from './protocols/formats';
import { restoreDocument } from './protocols/restore';
import { exportSvg } from './protocols/svg';
import { findNodes, type FindOptions } from './search/find';
import { nodeStyle, type NodeStyle } from './render/node-style';
import { getTheme } from './theme/themes';

/**
 * Render patch for changed nodes only. Apply in this order:
 *  1. `removed`: nodes deleted or hidden under a collapse — drop their views.
 *  2. `shifts`: translate each listed node AND all its visible descendants by
 *     (shiftDeltas[2i], shiftDeltas[2i+1]); their size and style are unchanged.
 *  3. `ids`/`boxes`: new absolute box x, y, w, h (document coordinates, root centred on 0,0)
 *     per id; `styles[i]` is the full style when it changed (or the node is new), else null.
 * `full` = discard everything first (load, import, theme/template switch). Typed arrays are
 * fresh per patch so the worker can transfer their buffers.
 */
export interface RenderPatch {
  version: number;
  full: boolean;
  ids: string[];
  boxes: Float64Array;
  shifts: string[];
  shiftDeltas: Float64Array;
  styles: Array<NodeStyle | null>;
  removed: string[];
  template: string;
  theme: string;
  background: string;
}

export type ExportFormat = TextFormat | 'svg';

export interface EditorOptions {
  measurer?: TextMeasurer;
  historyLimit?: number;
}

export function emptyDocument(): KmDocument {
  return { root: { data: { id: newId(), created: Date.now(), text: ROOT_TEXT }, children: [] }, template: 'default', theme: 'fresh-blue', version: '1.4.43' };
}

/**
 * The engine facade the worker wraps with Comlink: plain data in and out, synchronous.
 * Loading/importing is never an undo step; every execute() is one (or part of a gesture).
 */
export class MindEditor {
  doc: MindDoc;
  readonly layout: LayoutEngine;
  private history: History;
  private version = 0;

  constructor(opts: EditorOptions = {}) {
    this.layout = new LayoutEngine(opts.measurer ?? createTableMeasurer());
    this.history = new History(opts.historyLimit ?? 500);
    this.doc = new MindDoc(emptyDocument());
  }

  /** Replaces the document (already parsed .km object or .km text). Clears history. */
  load(km: KmDocument | string): RenderPatch {
    const doc = typeof km === 'string' ? importDocument('km', km) : restoreDocument(JSON.parse(JSON.stringify(km)));
    return this.replace(doc);
  }

  /** parse → restore → validate; on any error the current document is untouched. */
  importData(format: TextFormat, text: string): RenderPatch {
    return this.replace(importDocument(format, text));
  }

  /**
   * Importing a file: like importData, but outline text with several top-level lines (and
   * markdown with several top headings) goes under a root named `opts.name` (the file's name),
   * and what changed shape comes back as Chinese notices for the UI to show.
   */
  importDataWithNotices(format: TextFormat, text: string, opts: ImportOptions = {}): { patch: RenderPatch; notices: ImportNotice[] } {
    const { document, notices } = importDocumentWithNotices(format, text, opts);
    return { patch: this.replace(document), notices };
  }

  private replace(km: KmDocument): RenderPatch {
    const doc = new MindDoc(km);
    doc.readOnly = this.doc.readOnly;
    getTheme(doc.theme);
    this.doc = doc;
    this.history.clear();
    return this.relayoutAll();
  }

  /** `clip` (SVG only): just the part of the image inside that rect, for strip-wise rasterising. */
  exportData(format: ExportFormat, clip?: { x: number; y: number; w: number; h: number }): string {
    if (format === 'svg') return exportSvg(this.doc, this.layout, clip);
    return exportDocument(format, this.doc.toKm());
  }

  toKm(): KmDocument {
    return JSON.parse(JSON.stringify(this.doc.toKm())) as KmDocument;
  }

  setReadOnly(on: boolean): void {
    this.doc.readOnly = on;
  }

  get readOnly(): boolean {
    return this.doc.readOnly;
  }

  /**
   * Runs a command by name. mergeKey folds repeated calls (a typing burst) into one undo step.
   * View commands (expand, collapse, expand to level) are not undo steps and keep redo.
   */
  execute(name: string, args: unknown[] = [], opts: { mergeKey?: string } = {}): { result: unknown; patch: RenderPatch } {
    const cmd = getCommand(name);
    const { result, changes } = runCommand(this.doc, cmd, args);
    this.history.record(changes, opts.mergeKey, cmd.view ? 'view' : 'record');
    return { result, patch: this.afterChange(changes) };
  }

  beginGesture(): void {
    this.history.begin();
  }

  endGesture(): void {
    this.history.end();
  }

  undo(): RenderPatch | null {
    const ch = this.history.undo(this.doc);
    return ch ? this.afterChange(ch) : null;
  }

  redo(): RenderPatch | null {
    const ch = this.history.redo(this.doc);
    return ch ? this.afterChange(ch) : null;
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  copy(ids: string | string[]): KmNode[] {
    return copySubtrees(this.doc, ids);
  }

  /** Ids of the nodes whose title contains `query`, in preorder (collapsed subtrees too). */
  find(query: string, opts: FindOptions = {}): string[] {
    return findNodes(this.doc, query, opts);
  }

  getNodeData(id: string): KmNodeData {
    return JSON.parse(JSON.stringify(this.doc.get(id).data)) as KmNodeData;
  }

  /** Box of one node from the last layout: [x, y, w, h]. */
  boxOf(id: string): [number, number, number, number] {
    return this.layout.boxOf(this.doc.get(id));
  }

  relayoutAll(): RenderPatch {
    const r = this.layout.full(this.doc, true);
    return this.patch(r.boxes, null, [], true);
  }

  private afterChange(changes: Change[]): RenderPatch {
    if (!changes.length) return this.patch([], new Set(), [], false);
    const sum = summarize(changes);
    if (sum.meta) return this.relayoutAll();
    const res = this.layout.update(this.doc, changes);
    if (res.full) return this.patch(res.boxes, null, [], true);
    const { boxes: changed, hidden } = res;
    const styled = new Set<NodeRec>();
    for (const id of [...sum.added, ...sum.updated]) {
      const n = this.doc.byId.get(id);
      if (n) styled.add(n);
    }
    for (const c of changes) {
      if (c.op === 'move') for (const n of subtree(this.doc.byId.get(c.id))) styled.add(n);
      // Expanding shows nodes the renderer dropped on collapse: they need their full style again.
      else if (c.op === 'set' && c.key === 'expandState') for (const n of subtree(this.doc.byId.get(c.id))) styled.add(n);
    }
    const nodes = changed;
    if (styled.size) {
      const inPatch = new Set(changed);
      for (const n of styled) if (!inPatch.has(n) && this.layout.isShown(n)) nodes.push(n);
    }
    const removed = [...sum.removed, ...hidden.map((n) => n.id)];
    return this.patch(nodes, styled, removed, false, res.shifts, res.deltas);
  }

  /** styled null = every node gets a style (full patches). */
  private patch(nodes: NodeRec[], styled: Set<NodeRec> | null, removed: string[], full: boolean, shifts: NodeRec[] = [], deltas: number[] = []): RenderPatch {
    const a = this.layout.a;
    const theme = getTheme(this.doc.theme);
    const boxes = new Float64Array(nodes.length * 4);
    const ids: string[] = new Array(nodes.length);
    const styles: Array<NodeStyle | null> = new Array(nodes.length);
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      const s = n.slot;
      ids[i] = n.id;
      boxes[i * 4] = a.absX[s];
      boxes[i * 4 + 1] = a.absY[s];
      boxes[i * 4 + 2] = a.w[s];
      boxes[i * 4 + 3] = a.h[s];
      if (!styled || styled.has(n)) {
        const depth = a.depth[s];
        const conn = n.parent ? connectorFor(this.doc.template, a.kind[n.parent.slot], depth) : null;
        styles[i] = nodeStyle(n, depth + 1, theme, conn);
      } else styles[i] = null;
    }
    return { version: ++this.version, full, ids, boxes, styles, removed, shifts: shifts.map((n) => n.id), shiftDeltas: new Float64Array(deltas), template: this.doc.template, theme: this.doc.theme, background: theme.background };
  }
}

function subtree(n: NodeRec | undefined): NodeRec[] {
  if (!n) return [];
  const out: NodeRec[] = [];
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    out.push(x);
    for (const c of x.children) stack.push(c);
  }
  return out;
}
