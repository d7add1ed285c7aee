import type { RenderPatch } from '../../../engine/editor';
import { ChipHues } from '../../../engine/render/markers';
import type { NodeStyle as EngineStyle } from '../../../engine/render/node-style';
import { getTheme, nodeTypeForLevel, type Theme } from '../../../engine/theme/themes';
import { parseColor, parseRgba } from './color';
import type { SceneStore } from './scene-store';
import type { ConnectorKind, ConnectorStyle, NodeMarkers, SceneNode, ScenePatch } from './scene-types';
import { childOrdersOf } from './sibling-chain';

// Engine RenderPatch (src/engine/editor.ts) → ScenePatch. The engine speaks ids, packed boxes,
// subtree shifts and CSS-string styles; the canvas wants slot updates, packed moves and
// numeric colours. Subtree shifts are forwarded; the store expands them over its own
// slot-indexed child links.

const KINDS: Record<string, ConnectorKind> = { arc: 'arc', under: 'under', bezier: 'bezier', poly: 'poly', l: 'l', line: 'line', 'fish-bone': 'fish-bone', arc_tp: 'arc_tp' };

export class EnginePatchAdapter {
  // Converted styles are shared: a 50k-node load has a handful of distinct looks, and parsing
  // three CSS colours per node was a third of the load time.
  private styles = new Map<string, SceneNode['style']>();
  private connectorStyles = new Map<string, ConnectorStyle>();
  /** Last style converted per level: nodes of a level share a look, so most lookups skip the key string. */
  private lastOfLevel: Array<{ st: EngineStyle; paddingX: number; style: SceneNode['style'] } | undefined> = [];

  /** Resource chip hues, per map in first-seen order (a full load starts over, in preorder). */
  private hues = new ChipHues();

  constructor(private readonly store: SceneStore) {}

  /** `structure` (worker patches): child order of the parents whose children changed. */
  convert(p: RenderPatch & { structure?: ScenePatch['siblings'] }): { patch: ScenePatch; full: boolean } {
    const theme = getTheme(p.theme);
    if (p.full) this.hues = new ChipHues();
    const out: ScenePatch = { nodes: [], removeNodes: [], background: parseColor(p.background) ?? 0xfbfbfb };
    const moveIds: string[] = [];
    const moveXy: number[] = [];
    for (const id of p.removed) out.removeNodes!.push(id);
    // Subtree shifts pass straight through: the store walks its own child links by slot,
    // which keeps an insert that moves half a 50k map at a few typed-array writes per node.
    out.shifts = { ids: p.shifts, deltas: p.shiftDeltas };
    const { w: BW, h: BH } = this.store.boxes;
    const slotOf = this.store.slotOf;
    p.ids.forEach((id, i) => {
      const x = p.boxes[4 * i], y = p.boxes[4 * i + 1], w = p.boxes[4 * i + 2], h = p.boxes[4 * i + 3];
      const st = p.styles[i];
      const slot = slotOf.get(id);
      // Absolute boxes: the store applies them after the shifts (engine contract).
      if (st) out.nodes!.push(this.toScene(st, x, y, w, h, theme));
      else if (slot !== undefined) {
        if (BW[slot] === w && BH[slot] === h) {
          moveIds.push(id);
          moveXy.push(x, y);
        } else out.nodes!.push({ ...this.store.records[slot]!, x, y, w, h });
      }
    });
    out.moves = { ids: moveIds, xy: Float64Array.from(moveXy) };
    out.siblings = childOrdersOf(p);
    return { patch: out, full: p.full };
  }

  private styleOf(st: EngineStyle, paddingX: number, paddingY: number, space: number): SceneNode['style'] {
    const hit = this.lastOfLevel[st.level];
    if (hit && hit.paddingX === paddingX && hit.style.paddingY === paddingY && hit.style.space === space && sameLook(hit.st, st)) return hit.style;
    const key = `${st.fill}|${st.stroke}|${st.strokeWidth}|${st.color}|${st.fontSize}|${st.font}|${st.radius}|${paddingX}|${paddingY}|${space}|${st.shape}|${st.shadow}`;
    let s = this.styles.get(key);
    if (!s) {
      s = {
        fill: parseColor(st.fill),
        stroke: st.strokeWidth > 0 ? parseColor(st.stroke) : null,
        strokeWidth: st.strokeWidth,
        textColor: parseColor(st.color) ?? 0,
        fontSize: st.fontSize,
        bold: /\bbold\b/.test(st.font),
        italic: /\bitalic\b/.test(st.font),
        radius: st.radius,
        paddingX,
        paddingY,
        space,
      };
      if (st.shape === 'circle') s.shape = 'circle';
      const shadow = parseRgba(st.shadow);
      if (shadow) s.shadow = shadow;
      this.styles.set(key, s);
    }
    this.lastOfLevel[st.level] = { st, paddingX, style: s };
    return s;
  }

  private toScene(st: EngineStyle, x: number, y: number, w: number, h: number, theme: Theme): SceneNode {
    const type = theme[nodeTypeForLevel(st.level)];
    // Most nodes carry no marker: build the object only for those that do.
    const expander = st.childCount > 0 && !st.collapsed && st.parentId !== null;
    let markers: NodeMarkers | undefined;
    if (st.priority || st.progress || st.isStudy || st.isNow || st.hasNote || st.href || st.resource.length || (st.collapsed && st.childCount) || expander) {
      markers = {};
      if (st.priority) markers.priority = st.priority;
      if (st.progress) markers.progress = st.progress;
      if (st.isStudy) markers.isStudy = true;
      if (st.isNow) markers.isNow = true;
      if (st.hasNote) markers.note = true;
      if (st.href) markers.link = true;
      if (st.resource.length) {
        markers.resources = st.resource;
        markers.chipHues = st.resource.map((r) => this.hues.hue(r));
      }
      if (st.collapsed && st.childCount) markers.collapsedCount = st.childCount;
      else if (expander) markers.expander = true;
    }
    const node: SceneNode = {
      id: st.id,
      x,
      y,
      w,
      h,
      text: st.text || '分支主题',
      level: st.level,
      style: this.styleOf(st, type.padding[1], type.padding[0], type.space),
      markers,
    };
    if (st.image && st.imageSize && st.imageSize.width > 0 && st.imageSize.height > 0) node.image = { url: st.image, w: st.imageSize.width, h: st.imageSize.height };
    if (st.parentId && st.connector) {
      node.parent = st.parentId;
      const key = `${st.connector}|${st.connectColor}|${st.connectWidth}`;
      let c = this.connectorStyles.get(key);
      if (!c) this.connectorStyles.set(key, (c = { kind: KINDS[st.connector] ?? 'line', color: parseColor(st.connectColor) ?? 0x999999, width: st.connectWidth }));
      node.connector = c;
    }
    return node;
  }
}

/** The fields styleOf's key is made of, written out for speed (engine-adapter.test restyles a node). */
function sameLook(a: EngineStyle, b: EngineStyle): boolean {
  return a.fill === b.fill && a.stroke === b.stroke && a.strokeWidth === b.strokeWidth && a.color === b.color && a.fontSize === b.fontSize && a.font === b.font && a.radius === b.radius && a.shape === b.shape && a.shadow === b.shadow;
}
