import type { History } from './history/history';
import type { Change, DiffSummary } from './model/change';
import type { MindDoc, NodeRec } from './model/doc';
import type { DocItems } from './model/items';
import type { LayoutEngine } from './layout/layout-engine';
import { connectorFor } from './layout/kinds';
import type { SummaryPlace } from './layout/summary-space';
import { extraOf, LookTable, NODE_STRIDE, writeNode, type NodeExtra, type RenderPatch, type Structure } from './render/render-patch';
import { getTheme } from './theme/themes';

// The render patches MindEditor (editor.ts) sends out: what a layout pass moved or a change
// restyled, packed into the flat arrays the main thread's canvas reads. Apart from the facade
// because writing a patch is one concern (boxes, looks, structure, summary boxes, its version
// counter) and the facade's is running commands, history and import/export.

/** The document's items as fresh lists (the items themselves are never mutated, only replaced). */
export function itemsCopy(doc: MindDoc): DocItems {
  return { relationships: [...doc.items.relationships], summaries: [...doc.items.summaries] };
}

export class PatchWriter {
  private version = 0;
  /** The summary boxes last sent (JSON), so a patch carries them only when they changed. */
  private sentPlaces = '';

  constructor(
    private readonly layout: LayoutEngine,
    private readonly history: Pick<History, 'canUndo' | 'canRedo'>,
  ) {}

  /** Everything laid out again: every node with its look and fields. */
  all(doc: MindDoc): RenderPatch {
    const r = this.layout.full(doc, true);
    return this.patch(doc, r.boxes, null, [], true);
  }

  /** Nothing moved or changed (a view step that changed nothing): the version and the undo flags. */
  empty(doc: MindDoc): RenderPatch {
    return this.patch(doc, [], new Set(), [], false);
  }

  /** The nodes `changes` moved, restyled, added or removed (a full patch when the layout redid it all). */
  nodes(doc: MindDoc, changes: Change[], sum: DiffSummary): RenderPatch {
    const res = this.layout.update(doc, changes);
    if (res.full) return this.patch(doc, res.boxes, null, [], true);
    const { boxes: changed, hidden } = res;
    const styled = new Set<NodeRec>();
    for (const id of [...sum.added, ...sum.updated]) {
      const n = doc.byId.get(id);
      if (n) styled.add(n);
    }
    for (const c of changes) {
      if (c.op === 'move') for (const n of subtree(doc.byId.get(c.id))) styled.add(n);
      // Expanding shows nodes the renderer dropped on collapse: they need their full style again.
      else if (c.op === 'set' && c.key === 'expandState') for (const n of subtree(doc.byId.get(c.id))) styled.add(n);
    }
    const nodes = changed;
    if (styled.size) {
      const inPatch = new Set(changed);
      for (const n of styled) if (!inPatch.has(n) && this.layout.isShown(n)) nodes.push(n);
    }
    const removed = [...sum.removed, ...hidden.map((n) => n.id)];
    return this.patch(doc, nodes, styled, removed, false, res.shifts, res.deltas);
  }

  /** styled null = every node gets its look and fields (full patches). */
  private patch(
    doc: MindDoc,
    nodes: NodeRec[],
    styled: Set<NodeRec> | null,
    removed: string[],
    full: boolean,
    shifts: NodeRec[] = [],
    deltas: number[] = [],
  ): RenderPatch {
    const a = this.layout.a;
    const theme = getTheme(doc.theme);
    const template = doc.template;
    const n = nodes.length;
    const boxes = new Float64Array(n * 4);
    const ids: string[] = new Array(n);
    const texts: string[] = new Array(n);
    const parents: string[] = new Array(n);
    const look = new Int32Array(n);
    const ints = new Int32Array(n * NODE_STRIDE);
    const extras: Array<[number, NodeExtra]> = [];
    const table = new LookTable(theme);
    for (let i = 0; i < n; i++) {
      const node = nodes[i];
      const s = node.slot;
      ids[i] = node.id;
      boxes[i * 4] = a.absX[s];
      boxes[i * 4 + 1] = a.absY[s];
      boxes[i * 4 + 2] = a.w[s];
      boxes[i * 4 + 3] = a.h[s];
      if (styled && !styled.has(node)) {
        look[i] = -1;
        texts[i] = '';
        parents[i] = '';
        continue;
      }
      const depth = a.depth[s];
      const parent = node.parent;
      const conn = parent ? connectorFor(template, a.kind[parent.slot], depth) : null;
      look[i] = table.indexOf(node, depth + 1, conn);
      texts[i] = node.data.text ?? '';
      parents[i] = parent ? parent.id : '';
      writeNode(ints, i, node, depth + 1, parent ? parent.children.indexOf(node) : 0);
      const x = extraOf(node);
      if (x) extras.push([i, x]);
    }
    return {
      version: ++this.version,
      full,
      ids,
      boxes,
      shifts: shifts.map((s) => s.id),
      shiftDeltas: new Float64Array(deltas),
      removed,
      looks: table.looks,
      look,
      ints,
      texts,
      parents,
      extras,
      structure: full ? [] : this.structureOf(nodes, styled),
      template,
      theme: doc.theme,
      ...(doc.formulas === 'none' ? { literalText: true as const } : {}),
      background: theme.background,
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      ...(full ? { items: itemsCopy(doc) } : {}),
      ...this.formulaRequests(),
      ...this.summaryBoxes(doc, full),
    };
  }

  private formulaRequests(): { formulas?: Array<[string, string]> } {
    const f = this.layout.formulas.takeRequests();
    return f.length ? { formulas: f } : {};
  }

  /** summaryBoxes for a patch: nothing at all for a map that never had a drawn summary. */
  private summaryBoxes(doc: MindDoc, full: boolean): { summaryBoxes?: SummaryPlace[] } {
    if (!this.layout.placed.size && !this.sentPlaces) return {};
    const boxes = this.layout.summaryPlaces(doc);
    const key = boxes.length ? JSON.stringify(boxes) : '';
    if (key === this.sentPlaces && !full) return {};
    this.sentPlaces = key;
    return key || !full ? { summaryBoxes: boxes } : {};
  }

  /**
   * Child order of every parent a patch touched: parents of restyled (added, edited, moved) nodes
   * and the restyled nodes themselves (children shown or reordered). Removals need nothing.
   */
  private structureOf(nodes: NodeRec[], styled: Set<NodeRec> | null): Structure {
    const parents = new Set<NodeRec>();
    for (const n of nodes) {
      if (styled && !styled.has(n)) continue;
      if (n.parent) parents.add(n.parent);
      parents.add(n);
    }
    const out: Structure = [];
    for (const p of parents) out.push([p.id, p.children.map((c) => c.id)]);
    return out;
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
