import { Container, Graphics, Text, TextStyle } from 'pixi.js';
import type { Relationship } from '../engine/model/items';
import type { Offset } from '../engine/model/types';
import {
  ARROW_SIZE,
  arrowHead,
  distanceToCurve,
  pointAt,
  RELATION_DASH,
  RELATION_WIDTH,
  relationColor,
  relationCurve,
  sampleCurve,
  type BoxLike,
  type Curve,
  type Pt,
} from '../engine/render/relation-geometry';
import { LABEL_FONT_SIZE, LABEL_RADIUS, placeLabel } from '../engine/render/relation-label';
import { expanderOf } from './expander';
import { screenToWorld, type Camera } from './camera';
import { parseColor } from './color';
import { FONT_FAMILY } from './fonts';
import type { SceneStore } from './scene-store';

// Relationship lines (关联线) on the canvas, above the nodes: each a dashed cubic Bézier between
// the two nodes' box edges with an arrowhead at `to` and its label on an opaque background where
// it overlaps the nodes and their expand/collapse circles least (the same curve and label place as
// the SVG export: engine/render/relation-geometry.ts); a click on the label hits its line. The selected
// line shows its two control-point handles; while linking, a rubber band follows the pointer.
// A map has few lines, so the layer redraws them all whenever something changed (boxes, lines,
// selection, zoom); a map without any draws nothing and costs one check per frame.

/** Hit distance in screen pixels, for the curve and for a handle. */
export const HIT_PX = 6;
const HANDLE_PX = 6;
const SELECTED = 0x1677ff;

export class RelationLayer {
  readonly root = new Container({ label: 'relations' });
  private lines = new Graphics();
  private labels = new Container();
  private texts: Text[] = [];
  /** Each drawn label's box (world), as last drawn: what a click on a label hits. */
  private labelBoxes = new Map<string, BoxLike>();
  private list: readonly Relationship[] = [];
  private selected: string | null = null;
  /** A control point being dragged: drawn in place of the stored ones until the drop. */
  private preview: { id: string; controls: [Offset, Offset] } | null = null;
  private rubber: { from: string; to: Pt; target: string | null } | null = null;
  private color = 0xe8590c;
  private background = 0xffffff;
  private dirty = false;
  private zoom = 0;

  constructor() {
    this.root.addChild(this.lines, this.labels);
  }

  /** Nothing to draw, nothing drawn: the frame skips the layer. */
  get idle(): boolean {
    return !this.list.length && !this.rubber && !this.dirty;
  }

  setLines(list: readonly Relationship[]): void {
    this.list = list;
    this.dirty = true;
  }

  setSelected(id: string | null): void {
    this.selected = id;
    this.dirty = true;
  }

  setPreview(p: { id: string; controls: [Offset, Offset] } | null): void {
    this.preview = p;
    this.dirty = true;
  }

  /** The linking rubber band from node `from` to a world point (or to node `target`); null ends it. */
  setRubber(r: { from: string; to: Pt; target: string | null } | null): void {
    this.rubber = r;
    this.dirty = true;
  }

  /** The scene's boxes or background changed. */
  touch(background: number): void {
    if (background !== this.background) {
      this.background = background;
      const hex = `#${background.toString(16).padStart(6, '0')}`;
      this.color = parseColor(relationColor({ background: hex })) ?? this.color;
    }
    if (this.list.length) this.dirty = true;
  }

  /** The curve of line `id` as drawn now (null: unknown, or an end not on the canvas). */
  curveOf(store: SceneStore, id: string): Curve | null {
    const r = this.list.find((x) => x.id === id);
    if (!r) return null;
    const a = store.boxOf(r.from);
    const b = store.boxOf(r.to);
    if (!a || !b) return null;
    const controls = this.preview?.id === id ? this.preview.controls : r.controls;
    if (controls) return relationCurve(a, b, controls);
    // An automatic curve looks for a way clear of other topics: once per line and scene version.
    const hit = this.autoCurves.get(r);
    if (hit && hit.version === store.version) return hit.curve;
    const curve = relationCurve(a, b, undefined, (region) => obstaclesNear(store, region));
    this.autoCurves.set(r, { version: store.version, curve });
    return curve;
  }

  /** Automatic curves by line record (a changed line is a new record) and the scene version they were found at. */
  private autoCurves = new WeakMap<Relationship, { version: number; curve: Curve }>();

  /** Where line `id`'s label is drawn (world), or its curve's middle when it has none yet. */
  labelCentre(store: SceneStore, id: string): Pt | null {
    const b = this.labelBoxes.get(id);
    if (b) return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
    const c = this.curveOf(store, id);
    return c ? pointAt(c, 0.5) : null;
  }

  /** World rectangles of the lines as drawn: each curve (sampled, with its arrow) and its label. */
  extents(store: SceneStore): BoxLike[] {
    const out: BoxLike[] = [];
    for (const r of this.list) {
      const c = this.curveOf(store, r.id);
      if (!c) continue;
      const pts = sampleCurve(c, 32);
      const xs = pts.map((p) => p.x);
      const ys = pts.map((p) => p.y);
      const x = Math.min(...xs) - ARROW_SIZE;
      const y = Math.min(...ys) - ARROW_SIZE;
      out.push({ x, y, w: Math.max(...xs) + ARROW_SIZE - x, h: Math.max(...ys) + ARROW_SIZE - y });
      const label = this.labelBoxes.get(r.id);
      if (label) out.push(label);
    }
    return out;
  }

  /**
   * The line under a canvas point (CSS pixels): one whose label is there, else the nearest curve
   * within `px` screen pixels (HIT_PX for a mouse; a finger asks for more).
   */
  hitTest(store: SceneStore, camera: Camera, sx: number, sy: number, px = HIT_PX): string | null {
    if (!this.list.length) return null;
    const [wx, wy] = screenToWorld(camera, sx, sy);
    const tol = px / camera.zoom;
    // A label lies over the map (and maybe over a node): a click inside it (a finger near it) is its line's.
    const pad = px > HIT_PX ? tol : 0;
    for (const [id, b] of this.labelBoxes) if (wx >= b.x - pad && wx <= b.x + b.w + pad && wy >= b.y - pad && wy <= b.y + b.h + pad) return id;
    let best: string | null = null;
    let bestD = tol;
    for (const r of this.list) {
      const c = this.curveOf(store, r.id);
      if (!c) continue;
      const d = distanceToCurve(c, { x: wx, y: wy });
      if (d <= bestD) {
        best = r.id;
        bestD = d;
      }
    }
    return best;
  }

  /** The selected line's control handle (0 near `from`, 1 near `to`) within `px` screen pixels of a canvas point. */
  handleAt(store: SceneStore, camera: Camera, sx: number, sy: number, px = HANDLE_PX + 3): 0 | 1 | null {
    const c = this.selected ? this.curveOf(store, this.selected) : null;
    if (!c) return null;
    const [wx, wy] = screenToWorld(camera, sx, sy);
    const r = px / camera.zoom;
    if (Math.hypot(wx - c.c1.x, wy - c.c1.y) <= r) return 0;
    if (Math.hypot(wx - c.c2.x, wy - c.c2.y) <= r) return 1;
    return null;
  }

  /** Draws when something changed since the last frame; the root follows the camera. */
  frame(store: SceneStore, camera: Camera): void {
    this.root.position.set(camera.tx, camera.ty);
    this.root.scale.set(camera.zoom);
    if (!this.dirty && camera.zoom === this.zoom) return;
    this.dirty = false;
    this.zoom = camera.zoom;
    this.draw(store, camera.zoom);
  }

  private draw(store: SceneStore, zoom: number): void {
    const g = this.lines;
    g.clear();
    const px = 1 / zoom;
    let used = 0;
    this.labelBoxes.clear();
    for (const r of this.list) {
      const c = this.curveOf(store, r.id);
      if (!c) continue;
      const sel = r.id === this.selected;
      const color = sel ? SELECTED : this.color;
      dashed(g, c, sel ? null : RELATION_DASH);
      g.stroke({ color, width: Math.max(RELATION_WIDTH, (sel ? 2.5 : 1.5) * px) });
      const [tip, left, right] = arrowHead(c, Math.max(ARROW_SIZE, 8 * px));
      g.poly([tip.x, tip.y, left.x, left.y, right.x, right.y]).fill(color);
      if (sel) {
        g.moveTo(c.p0.x, c.p0.y).lineTo(c.c1.x, c.c1.y).moveTo(c.p3.x, c.p3.y).lineTo(c.c2.x, c.c2.y).stroke({ color: SELECTED, width: px, alpha: 0.6 });
        for (const h of [c.c1, c.c2])
          g.circle(h.x, h.y, HANDLE_PX * px)
            .fill(0xffffff)
            .stroke({ color: SELECTED, width: 2 * px });
      }
      if (r.title) this.label(used++, r, c, color, store);
    }
    for (let i = used; i < this.texts.length; i++) this.texts[i].visible = false;
    const rb = this.rubber;
    const a = rb && store.boxOf(rb.from);
    if (rb && a) {
      const b = rb.target ? store.boxOf(rb.target) : undefined;
      const c = b ? relationCurve(a, b, undefined, (region) => obstaclesNear(store, region)) : relationCurve(a, { x: rb.to.x, y: rb.to.y, w: 0, h: 0 });
      dashed(g, c, RELATION_DASH);
      g.stroke({ color: SELECTED, width: Math.max(RELATION_WIDTH, 1.5 * px) });
      const [tip, left, right] = arrowHead(c, Math.max(ARROW_SIZE, 8 * px));
      g.poly([tip.x, tip.y, left.x, left.y, right.x, right.y]).fill(SELECTED);
      if (b) g.roundRect(b.x - 3, b.y - 3, b.w + 6, b.h + 6, 4).stroke({ color: SELECTED, width: 2 * px });
    }
  }

  private label(i: number, r: Relationship, c: Curve, color: number, store: SceneStore): void {
    const text = r.title!;
    let t = this.texts[i];
    if (!t) {
      t = new Text({ text, style: new TextStyle({ fontFamily: FONT_FAMILY, fontSize: LABEL_FONT_SIZE, fill: color, padding: 2 }) });
      t.anchor.set(0.5);
      this.texts.push(t);
      this.labels.addChild(t);
    }
    t.visible = true;
    if (t.text !== text) t.text = text;
    if (t.style.fill !== color) t.style.fill = color;
    const b = placeLabel(c, t.width, (region) => obstaclesNear(store, region));
    this.labelBoxes.set(r.id, b);
    t.position.set(b.x + b.w / 2, b.y + b.h / 2);
    // The label's background: the map's, opaque, so neither dashes nor what lies below cross the words.
    this.lines.roundRect(b.x, b.y, b.w, b.h, LABEL_RADIUS).fill(this.background).stroke({ color, width: 0.5 });
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}

/** The curve as a path on `g`: whole, or dashed along its length (Pixi draws no dashes itself). */
function dashed(g: Graphics, c: Curve, dash: readonly number[] | null): void {
  if (!dash) {
    g.moveTo(c.p0.x, c.p0.y).bezierCurveTo(c.c1.x, c.c1.y, c.c2.x, c.c2.y, c.p3.x, c.p3.y);
    return;
  }
  const pts = sampleCurve(c, 64);
  let on = true;
  let left = dash[0];
  let k = 0;
  g.moveTo(pts[0].x, pts[0].y);
  for (let i = 1; i < pts.length; i++) {
    let x = pts[i - 1].x;
    let y = pts[i - 1].y;
    const dx = pts[i].x - x;
    const dy = pts[i].y - y;
    let seg = Math.hypot(dx, dy);
    const ux = seg ? dx / seg : 0;
    const uy = seg ? dy / seg : 0;
    while (seg > left) {
      x += ux * left;
      y += uy * left;
      seg -= left;
      if (on) g.lineTo(x, y);
      else g.moveTo(x, y);
      on = !on;
      k = (k + 1) % dash.length;
      left = dash[k];
    }
    left -= seg;
    if (on) g.lineTo(pts[i].x, pts[i].y);
    else g.moveTo(pts[i].x, pts[i].y);
  }
}

/** Node boxes and expander circles that may touch a world region (the label's obstacles). */
function obstaclesNear(store: SceneStore, region: BoxLike): BoxLike[] {
  const out: BoxLike[] = [];
  // Expanders lie up to 2 + 2 × 9 px outside their node's box: widen the query by that much.
  const pad = 24;
  for (const s of store.queryNodes({ x: region.x - pad, y: region.y - pad, w: region.w + 2 * pad, h: region.h + 2 * pad }, [])) {
    out.push(store.box(s));
    const e = expanderOf(store, s);
    if (e) out.push({ x: e.x - e.r, y: e.y - e.r, w: 2 * e.r, h: 2 * e.r });
  }
  return out;
}
