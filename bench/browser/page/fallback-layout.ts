import { getTheme, nodeTypeForLevel, type Theme, type TypeStyle } from '../../../src/mindmap/engine/theme/themes';
import type { KmNode } from '../../../src/mindmap/engine/model/types';
import { parseColor } from '../../../src/mindmap/canvas/color';
import { markerLayout } from '../../../src/mindmap/canvas/markers';
import type { ConnectorStyle, NodeMarkers, NodeStyle, SceneNode, ScenePatch } from '../../../src/mindmap/canvas/scene-types';
import type { TextMeasurer } from '../../../src/mindmap/canvas/text-measure';

// Stand-in for the engine's layouts until the worker serves them: kityminder's `right`
// template (§3.4 btree right, §3.7 numbers) in two linear passes. Post-order stacks each
// node's children by subtree extent and centres them on the parent by their own boxes (the
// kityminder "branch box" rule); pre-order turns offsets into world positions. Records
// persist per KmNode, so a re-layout after an edit re-measures nothing and emits only the
// nodes and connectors whose geometry changed.

interface Rec {
  node: KmNode;
  level: number;
  type: TypeStyle;
  scene: SceneNode | null;
  parent: Rec | null;
  /** The data object last measured; engine edits replace data objects, never mutate them. */
  data: KmNode['data'] | null;
  style: NodeStyle | null;
  markers: NodeMarkers | undefined;
  w: number;
  h: number;
  /** Subtree extent above/below the node centre. */
  top: number;
  bottom: number;
  /** Centre offset relative to the parent centre. */
  rel: number;
  x: number;
  cy: number;
  /** Run number that last reached this record; older ones were removed from the tree. */
  gen: number;
  /** Visible children of this run (empty when collapsed). */
  kids: Rec[];
  owner: FallbackLayout;
}

// The layout record rides on the node under a symbol: a WeakMap lookup per node per run cost
// more than the layout arithmetic itself at 50k nodes, and symbol keys are invisible to
// JSON.stringify, so .km export is unaffected.
const REC = Symbol('fallback-layout');

export function markersOf(d: KmNode['data']): NodeMarkers | undefined {
  const p = Number(d.priority) || 0;
  const m: NodeMarkers = {};
  if (p >= 1 && p <= 9) m.priority = p;
  if (Number(d.isStudy) === 1) m.isStudy = true;
  if (Number(d.isNow) === 1) m.isNow = true;
  if (d.note) m.note = true;
  if (d.hyperlink) m.link = true;
  const progress = Number(d.progress) || 0;
  if (progress >= 1 && progress <= 9) m.progress = progress;
  if (Array.isArray(d.resource) && d.resource.length) m.resources = d.resource.filter((r): r is string => typeof r === 'string');
  const any = Object.keys(m).length > 0;
  return any ? m : undefined;
}

export function styleFor(t: TypeStyle, d: KmNode['data']): NodeStyle {
  return {
    fill: parseColor(d.background ?? t.background),
    stroke: t.strokeWidth > 0 ? parseColor(t.stroke) : null,
    strokeWidth: t.strokeWidth,
    textColor: parseColor(d.color ?? t.color) ?? 0,
    fontSize: d['font-size'] ?? t.fontSize,
    bold: d['font-weight'] === 'bold',
    italic: d['font-style'] === 'italic',
    radius: t.radius,
    paddingX: t.padding[1],
  };
}

export class FallbackLayout {
  private order: Rec[] = [];
  private theme: Theme;
  private gen = 0;
  private typeStyles = new Map<TypeStyle, NodeStyle>();
  private connectColor: number;
  private connectorStyles = new Map<string, ConnectorStyle>();

  constructor(
    private readonly measure: TextMeasurer,
    themeName = 'fresh-blue',
  ) {
    this.theme = getTheme(themeName);
    this.connectColor = parseColor(this.theme.connectColor) ?? 0x999999;
  }

  get background(): number {
    return parseColor(this.theme.background) ?? 0xfbfbfb;
  }

  /** Lays out the whole tree; returns the patch against the previous run (everything on the first). */
  run(root: KmNode): ScenePatch {
    const prev = this.order;
    const gen = ++this.gen;
    this.order = [];
    this.collect(root, 1);
    for (let i = this.order.length - 1; i >= 0; i--) this.stack(this.order[i]);
    const patch = this.placeAll(gen);
    const removeNodes: string[] = [];
    for (const r of prev) if (r.gen !== gen && r.scene) removeNodes.push(r.scene.id);
    // A replaced node object keeps its id: it is an upsert, not a removal.
    const upserted = removeNodes.length ? new Set(patch.nodes!.map((n) => n.id)) : null;
    patch.removeNodes = upserted ? removeNodes.filter((id) => !upserted.has(id)) : removeNodes;
    return patch;
  }

  /**
   * After children were appended to or changed under `parent` (nothing removed): measure the
   * new children, re-stack `parent` and its ancestors only, then re-place. This is the
   * incremental path of DESIGN §3 (an edit touches its subtree and the ancestor chain).
   */
  childrenChanged(parent: KmNode): ScenePatch {
    const pr = (parent as KmNode & { [REC]?: Rec })[REC];
    if (!pr || pr.owner !== this || pr.gen !== this.gen) return this.run(this.order[0].node);
    const gen = this.gen;
    pr.kids.length = 0;
    if (parent.data.expandState !== 'collapse') {
      for (const c of parent.children ?? []) {
        const cr = this.recFor(c, pr.level + 1);
        if (cr.parent !== pr) {
          cr.parent = pr;
          cr.scene = null;
        }
        if (cr.gen !== gen) {
          cr.gen = gen;
          this.order.push(cr);
        }
        pr.kids.push(cr);
      }
    }
    for (const c of pr.kids) if (c.kids.length === 0) this.stack(c);
    for (let r: Rec | null = pr; r; r = r.parent) this.stack(r);
    return this.placeAll(gen);
  }

  private placeAll(gen: number): ScenePatch {
    const rootRec = this.order[0];
    rootRec.x = -rootRec.w / 2;
    rootRec.cy = 0;
    const nodes: SceneNode[] = [];
    const moves = { ids: [] as string[], xy: [] as number[] };
    this.place(rootRec, nodes, moves, gen);
    return { nodes, moves: { ids: moves.ids, xy: Float64Array.from(moves.xy) }, background: this.background };
  }

  private collect(root: KmNode, level: number): void {
    // Iterative pre-order with parallel stacks: no per-node tuple garbage, and a corrupt deep
    // import cannot overflow the call stack.
    const nodes: KmNode[] = [root];
    const levels: number[] = [level];
    const parents: (Rec | null)[] = [null];
    while (nodes.length) {
      const node = nodes.pop()!;
      const lv = levels.pop()!;
      const parent = parents.pop()!;
      const r = this.recFor(node, lv);
      r.kids.length = 0;
      if (r.parent !== parent) {
        r.parent = parent;
        r.scene = null;
      }
      if (parent) parent.kids.push(r);
      this.order.push(r);
      const ch = node.children;
      if (!ch || node.data.expandState === 'collapse') continue;
      for (let i = ch.length - 1; i >= 0; i--) {
        nodes.push(ch[i]);
        levels.push(lv + 1);
        parents.push(r);
      }
    }
  }

  private recFor(node: KmNode, level: number): Rec {
    const type = this.theme[nodeTypeForLevel(level)];
    const holder = node as KmNode & { [REC]?: Rec };
    let r = holder[REC];
    if (!r || r.owner !== this) {
      r = {
        node,
        level,
        type,
        scene: null,
        parent: null,
        data: null,
        style: null,
        markers: undefined,
        w: 0,
        h: 0,
        top: 0,
        bottom: 0,
        rel: 0,
        x: 0,
        cy: 0,
        gen: 0,
        kids: [],
        owner: this,
      };
      holder[REC] = r;
    }
    const d = node.data;
    if (r.data !== d || r.type !== type || r.level !== level) {
      const st = this.styleOf(type, d);
      const markers = markersOf(d);
      const ml = markerLayout(markers);
      const tw = this.measure.width(d.text || '分支主题', st.fontSize, st.bold, st.italic);
      r.w = Math.round(tw + ml.leftWidth + ml.rightWidth + 2 * type.padding[1]);
      r.h = Math.round(Math.max(st.fontSize, ml.left.length || ml.right.length ? 20 : 0) + 2 * type.padding[0]);
      r.data = d;
      r.style = st;
      r.markers = markers;
      r.scene = null;
    }
    r.level = level;
    r.type = type;
    return r;
  }

  private stack(r: Rec): void {
    const ch = r.kids;
    r.top = -r.h / 2;
    r.bottom = r.h / 2;
    if (!ch.length) return;
    let cursor = 0;
    for (let i = 0; i < ch.length; i++) {
      const cr = ch[i];
      if (i > 0) cursor += ch[i - 1].type.margin[0] + cr.type.margin[0];
      cr.rel = cursor - cr.top;
      cursor = cr.rel + cr.bottom;
    }
    const first = ch[0];
    const last = ch[ch.length - 1];
    const shift = -(first.rel - first.h / 2 + last.rel + last.h / 2) / 2;
    for (const cr of ch) cr.rel += shift;
    r.top = Math.min(r.top, shift);
    r.bottom = Math.max(r.bottom, cursor + shift);
  }

  /** Nodes without style overrides share one style object per type (and parse no colours). */
  private styleOf(t: TypeStyle, d: KmNode['data']): NodeStyle {
    const plain =
      d.background === undefined && d.color === undefined && d['font-size'] === undefined && d['font-weight'] === undefined && d['font-style'] === undefined;
    if (!plain) return styleFor(t, d);
    let st = this.typeStyles.get(t);
    if (!st) this.typeStyles.set(t, (st = styleFor(t, d)));
    return st;
  }

  private place(root: Rec, nodes: SceneNode[], moves: { ids: string[]; xy: number[] }, gen: number): void {
    // Pre-order over the kids links: parents are placed before their children.
    const stack: Rec[] = [root];
    while (stack.length) {
      const r = stack.pop()!;
      r.gen = gen;
      const s = r.scene;
      const x = Math.round(r.x),
        y = Math.round(r.cy - r.h / 2);
      if (!s) {
        const d = r.node.data;
        const collapsed = d.expandState === 'collapse' && (r.node.children?.length ?? 0) > 0;
        const markers = collapsed ? { ...r.markers, collapsedCount: countDescendants(r.node) } : r.markers;
        r.scene = { id: String(d.id), x, y, w: r.w, h: r.h, text: d.text || '分支主题', level: r.level, style: r.style!, markers };
        if (r.parent) {
          r.scene.parent = String(r.parent.node.data.id);
          r.scene.connector = this.connectorStyle(r.parent === root ? 'arc' : 'bezier', r.level);
        }
        nodes.push(r.scene);
      } else if (s.x !== x || s.y !== y) {
        // Moved only: packed, and the record keeps identity (views skip re-dressing text).
        s.x = x;
        s.y = y;
        moves.ids.push(s.id);
        moves.xy.push(x, y);
      }
      for (let i = r.kids.length - 1; i >= 0; i--) {
        const cr = r.kids[i];
        cr.x = r.x + r.w + r.type.margin[1] + cr.type.margin[1];
        cr.cy = r.cy + cr.rel;
        stack.push(cr);
      }
    }
  }

  private connectorStyle(kind: ConnectorStyle['kind'], level: number): ConnectorStyle {
    const width = level === 2 ? this.theme.mainConnectWidth : this.theme.connectWidth;
    const key = `${kind}|${width}`;
    let c = this.connectorStyles.get(key);
    if (!c) this.connectorStyles.set(key, (c = { kind, color: this.connectColor, width }));
    return c;
  }
}

function countDescendants(n: KmNode): number {
  let c = 0;
  const stack = [...(n.children ?? [])];
  while (stack.length) {
    const x = stack.pop()!;
    c++;
    if (x.children) stack.push(...x.children);
  }
  return c;
}
