import { ChipHues } from '../engine/render/markers';
import { NODE_STRIDE, NodeFlag, NodeInt, type Look, type NodeExtra, type RenderPatch } from '../engine/render/render-patch';
import { parseColor, parseRgba } from './color';
import { copyRow } from './node-ints';
import type { SceneStore } from './scene-store';
import type { ConnectorKind, ConnectorStyle, NodeMarkers, SceneNode, ScenePatch } from './scene-types';
import { childOrdersOf } from './sibling-chain';

// Engine RenderPatch (engine/render/render-patch.ts) → ScenePatch. The patch's look table is
// converted once per look (numeric colours, connector styles), each changed node points at its
// converted look, and its NODE_INTS row is copied whole into the scene patch (the store keeps it
// as slot data). Subtree shifts are forwarded; the store expands them over its own slot-indexed
// child links.

const KINDS: Record<string, ConnectorKind> = {
  arc: 'arc',
  under: 'under',
  bezier: 'bezier',
  poly: 'poly',
  l: 'l',
  line: 'line',
  'fish-bone': 'fish-bone',
  arc_tp: 'arc_tp',
};

/** A look converted for the canvas: its node style and its connector style. */
interface SceneLook {
  style: SceneNode['style'];
  connector: ConnectorStyle | null;
}

export class EnginePatchAdapter {
  // Converted looks are shared across patches (the painter and tests rely on one style object
  // per look): the table holds a handful per patch, so keying each by its JSON is cheap.
  private looks = new Map<string, SceneLook>();

  /** Resource chip hues, per map in first-seen order (a full load starts over, in preorder). */
  private hues = new ChipHues();

  constructor(private readonly store: SceneStore) {}

  convert(p: RenderPatch): { patch: ScenePatch; full: boolean } {
    if (p.full) this.hues = new ChipHues();
    const looks = p.looks.map((l) => this.sceneLook(l));
    const nodes: SceneNode[] = [];
    // NODE_INTS rows of `nodes`, copied whole (the store keeps them as slot data).
    const ints = new Int32Array(p.ids.length * NODE_STRIDE);
    const out: ScenePatch = { nodes, ints, removeNodes: p.removed, background: parseColor(p.background) ?? 0xfbfbfb, literalText: !!p.literalText };
    const moveIds: string[] = [];
    const moveXy: number[] = [];
    // Subtree shifts pass straight through: the store walks its own child links by slot,
    // which keeps an insert that moves half a 50k map at a few typed-array writes per node.
    out.shifts = { ids: p.shifts, deltas: p.shiftDeltas };
    const { w: BW, h: BH } = this.store.boxes;
    const slotOf = this.store.slotOf;
    const slotInts = this.store.ints;
    const { boxes, look, ids, extras } = p;
    // Extras come in node order: a cursor finds each node's, no lookup per node.
    let xi = 0;
    for (let i = 0; i < ids.length; i++) {
      const x = boxes[4 * i],
        y = boxes[4 * i + 1],
        w = boxes[4 * i + 2],
        h = boxes[4 * i + 3];
      const k = look[i];
      // Absolute boxes: the store applies them after the shifts (engine contract).
      if (k >= 0) {
        copyRow(p.ints, i, ints, nodes.length);
        const extra = xi < extras.length && extras[xi][0] === i ? extras[xi++][1] : undefined;
        nodes.push(this.toScene(p, i, looks[k], extra, x, y, w, h));
        continue;
      }
      const slot = slotOf.get(ids[i]);
      if (slot === undefined) continue;
      if (BW[slot] === w && BH[slot] === h) {
        moveIds.push(ids[i]);
        moveXy.push(x, y);
      } else {
        copyRow(slotInts, slot, ints, nodes.length);
        nodes.push({ ...this.store.records[slot]!, x, y, w, h });
      }
    }
    out.moves = { ids: moveIds, xy: Float64Array.from(moveXy) };
    out.siblings = childOrdersOf(p);
    if (!p.full && p.structure.length) out.structure = p.structure;
    return { patch: out, full: p.full };
  }

  private sceneLook(l: Look): SceneLook {
    const key = JSON.stringify(l);
    let s = this.looks.get(key);
    if (s) return s;
    const style: SceneNode['style'] = {
      fill: parseColor(l.fill),
      stroke: l.strokeWidth > 0 ? parseColor(l.stroke) : null,
      strokeWidth: l.strokeWidth,
      textColor: parseColor(l.color) ?? 0,
      fontSize: l.fontSize,
      font: l.font,
      bold: /\bbold\b/.test(l.font),
      italic: /\bitalic\b/.test(l.font),
      radius: l.radius,
      paddingX: l.padding[1],
      paddingY: l.padding[0],
      space: l.space,
    };
    if (l.shape === 'circle') style.shape = 'circle';
    const shadow = parseRgba(l.shadow);
    if (shadow) style.shadow = shadow;
    const connector = l.connector ? { kind: KINDS[l.connector] ?? 'line', color: parseColor(l.connectColor) ?? 0x999999, width: l.connectWidth } : null;
    this.looks.set(key, (s = { style, connector }));
    return s;
  }

  private toScene(p: RenderPatch, i: number, look: SceneLook, x: NodeExtra | undefined, bx: number, by: number, bw: number, bh: number): SceneNode {
    const o = i * NODE_STRIDE;
    const priority = p.ints[o + NodeInt.priority];
    const progress = p.ints[o + NodeInt.progress];
    const flags = p.ints[o + NodeInt.flags];
    const childCount = p.ints[o + NodeInt.childCount];
    const collapsed = (flags & NodeFlag.collapsed) !== 0;
    const parent = p.parents[i];
    const resource = x ? x.resource : NONE;
    // Most nodes carry no marker: build the object only for those that do.
    const expander = childCount > 0 && !collapsed && parent !== '';
    let markers: NodeMarkers | undefined;
    if (priority || progress || (flags & ~NodeFlag.collapsed) !== 0 || x?.href || resource.length || (collapsed && childCount) || expander) {
      markers = {};
      if (priority) markers.priority = priority;
      if (progress) markers.progress = progress;
      if (flags & NodeFlag.study) markers.isStudy = true;
      if (flags & NodeFlag.now) markers.isNow = true;
      if (flags & NodeFlag.note) markers.note = true;
      if (x?.href) markers.link = true;
      if (resource.length) {
        markers.resources = resource;
        markers.chipHues = resource.map((r) => this.hues.hue(r));
      }
      if (collapsed && childCount) markers.collapsedCount = childCount;
      else if (expander) markers.expander = true;
    }
    const node: SceneNode = {
      id: p.ids[i],
      x: bx,
      y: by,
      w: bw,
      h: bh,
      text: p.texts[i] || '分支主题',
      level: p.ints[o + NodeInt.level],
      style: look.style,
      markers,
    };
    if (x?.image && x.imageSize && x.imageSize.width > 0 && x.imageSize.height > 0) node.image = { url: x.image, w: x.imageSize.width, h: x.imageSize.height };
    if (parent) node.parent = parent;
    if (parent && look.connector) node.connector = look.connector;
    if (!p.texts[i]) node.blank = true;
    if (x) node.extra = x;
    return node;
  }
}

const NONE: string[] = [];
