import { Container, Graphics } from 'pixi.js';
import { diffVisible } from './culling';
import { createLabel, type LabelMode, type LabelView } from './label-factory';
import { showsLabel, type Lod } from './lod';
import { drawExpander, expanderOf } from './expander';
import { hslToRgb } from '../engine/render/markers';
import { ImageLayer } from './image-layer';
import { FormulaLayer, type FormulaTextures } from './formula-layer';
import type { ImageCache } from './image-cache';
import { drawMarker, markerText } from './markers';
import { contentRow } from './node-content';
import { FrameViews, Pool } from './pool';
import { BADGE_FONT_SIZE, BADGE_INK, badgePlace, drawProgressBadge, type BadgePlace } from './progress-ring';
import { drawReviewMark, REVIEW_MARK_FONT, REVIEW_MARK_TEXT, reviewMarkCentre } from './review-mark';
import { drawMasteryMark, HEAT_INK, heatFill, heatStroke } from './mastery-mark';
import { drawPresenceMark, PRESENCE_FONT, presenceDotCentre } from './presence-mark';
import type { SceneStore } from './scene-store';
import { ConnectorPainter } from './connector-painter';
import { SHADOW_DX, SHADOW_DY, traceOutline } from './node-shape';
import type { Rect, SceneNode } from './scene-types';

// Rebuilds the world layer for one culling rect. Connectors, shadows, boxes and markers are
// batched into four Graphics (one draw list each; connectors grouped per stroke style, in
// connector-painter.ts); labels are pooled per-node views, created only for nodes inside the
// rect whose font is readable.
// Called on re-query only: panning inside the rect just moves the world container.

interface Dressed {
  view: LabelView;
  rec: SceneNode;
  /** Dressed for the 掌握度 view (dark text on every tint). */
  heat: boolean;
}

export class ScenePainter {
  readonly root = new Container({ isRenderGroup: true });
  /** Parent–child connectors, one stroke per style (connector-painter.ts). */
  private connectors = new ConnectorPainter();
  /** Theme shadows, under every box (a shadow never darkens a neighbouring node). */
  private shadows = new Graphics();
  private boxes = new Graphics();
  private marks = new Graphics();
  private labelLayer = new Container();
  private labels = new Map<number, Dressed>();
  /** Marker badges ("slot:kind"), kept per key across frames (see FrameViews). */
  private badges: FrameViews<string, LabelView>;
  private pool: Pool<LabelView>;
  private visible = new Set<number>();
  private scratch: number[] = [];
  /** Reused for every progress badge of a paint (no allocation per node). */
  private place: BadgePlace = { x: 0, w: 0, cy: 0, tx: 0 };
  /** Stats of the last paint, read by the bench. */
  last = { nodes: 0, connectors: 0, labels: 0, ms: 0 };

  private resolution: number;
  private labelScale = 1;

  private images: ImageLayer;
  private formulas: FormulaLayer;

  constructor(mode: LabelMode, resolution: number, images: ImageCache, formulas: FormulaTextures) {
    this.resolution = resolution;
    this.images = new ImageLayer(images);
    this.formulas = new FormulaLayer(formulas);
    this.pool = new Pool(
      () => {
        const v = createLabel(mode, this.resolution * this.labelScale);
        this.labelLayer.addChild(v.obj);
        return v;
      },
      (v) => {
        v.obj.visible = false;
      },
    );
    this.badges = new FrameViews(this.pool);
    this.root.addChild(this.connectors.root, this.shadows, this.boxes, this.images.root, this.marks, this.labelLayer, this.formulas.root);
    // Hit tests use the spatial index, never Pixi's event tree.
    this.root.interactiveChildren = false;
  }

  /**
   * Draws one throwaway frame with a box and a Chinese label, so that the renderer's one-time
   * set-up (batcher shaders, the text canvas and its CJK font) happens at start-up, while the
   * editor fetches its map, rather than inside the first frame of the map (~50 ms here).
   */
  warmUp(render: () => void): void {
    const label = this.pool.acquire();
    label.obj.visible = true;
    label.dress('学图 Xuetu', { fontSize: 14, color: 0, bold: false, italic: false });
    this.boxes.roundRect(0, 0, 80, 24, 3).fill(0xffffff).stroke({ color: 0, width: 1 });
    render();
    this.boxes.clear();
    this.pool.release(label);
  }

  paint(store: SceneStore, rect: Rect, lod: Lod): void {
    const t0 = performance.now();
    const slots = store.queryNodes(rect, this.scratch);
    const next = new Set<number>();
    const recs = store.records;
    for (const s of slots) {
      const r = recs[s];
      if (r && showsLabel(lod, r.style.fontSize)) next.add(s);
    }
    this.paintBoxes(store, slots, lod, next);
    this.paintLabels(store, next, lod);
    const links = this.connectors.paint(store, rect, lod, this.scratch);
    this.last = { nodes: slots.length, connectors: links, labels: next.size, ms: performance.now() - t0 };
  }

  private paintBoxes(store: SceneStore, slots: readonly number[], lod: Lod, labelled: ReadonlySet<number>): void {
    const g = this.boxes.clear();
    const m = this.marks.clear();
    const sh = this.shadows.clear();
    const { x: X, y: Y, w: W, h: H } = store.boxes;
    this.images.begin();
    for (const s of slots) {
      const n = store.records[s];
      if (!n) continue;
      const st = n.style;
      const x = X[s],
        y = Y[s],
        w = W[s],
        h = H[s];
      const ex = lod.markers ? expanderOf(store, s) : null;
      if (ex) drawExpander(m, ex);
      const level = store.masteryOf(s);
      const bare = st.fill === null && (st.stroke === null || st.strokeWidth <= 0);
      if (store.heatMap) {
        // The 掌握度 view: every topic a tinted box, bare ones too (mastery-mark.ts).
        traceOutline(g, st, x, y, w, h, lod.rounded)
          .fill(heatFill(level))
          .stroke(heatStroke(store.isFading(s)));
      } else if (bare) {
        // Borderless sub nodes are just text; without a label (LOD) a grey bar stands in.
        if (!labelled.has(s)) g.rect(x + st.paddingX, y + h / 2 - st.fontSize / 3, w - 2 * st.paddingX, (st.fontSize * 2) / 3).fill(0xd8d8d8);
      } else {
        // Shadows are decoration: dropped with the markers at low zoom.
        if (st.shadow && lod.markers) traceOutline(sh, st, x + SHADOW_DX, y + SHADOW_DY, w, h, lod.rounded).fill(st.shadow);
        traceOutline(g, st, x, y, w, h, lod.rounded);
        if (st.fill !== null) g.fill(st.fill);
        if (st.stroke !== null && st.strokeWidth > 0) g.stroke({ color: st.stroke, width: st.strokeWidth });
      }
      if (n.image) this.images.place(s, n, x, y, w);
      if (lod.progressRings && store.hasProgressBadge(s)) this.paintProgress(store, s, x, y, w, h, showsLabel(lod, BADGE_FONT_SIZE) && labelled.has(s));
      if (lod.progressRings && store.isReviewDue(s)) drawReviewMark(m, x, y, w);
      if (lod.progressRings && level > 0) drawMasteryMark(m, x, y, level, store.isFading(s));
      const here = store.presenceOf(s);
      if (here) drawPresenceMark(m, x, y, w, h, here);
      // Icons are drawn on every node, boxed or bare (a bare sub node's ✓ is as meaningful).
      if (!lod.markers || !n.markers) continue;
      const { ml, cy, x0, xr } = contentRow(n, x, y, w, h);
      const space = st.space ?? 5;
      const hues = n.markers.chipHues;
      const chip = (tag: string) => hslToRgb(hues?.[n.markers!.resources?.indexOf(tag) ?? 0] ?? 51, 1, 0.85);
      let mx = x0;
      for (const it of ml.left) {
        drawMarker(m, it, n.markers, mx, cy, st.textColor, chip);
        mx += it.w + space;
      }
      mx = xr;
      for (const it of ml.right) {
        drawMarker(m, it, n.markers, mx, cy, st.textColor, chip);
        mx += it.w + space;
      }
    }
    this.images.end();
  }

  private paintLabels(store: SceneStore, next: Set<number>, lod: Lod): void {
    const recs = store.records;
    if (lod.labelScale !== this.labelScale) {
      this.labelScale = lod.labelScale;
      for (const d of this.labels.values()) d.view.setResolution(this.resolution * this.labelScale);
    }
    const { exit } = diffVisible(this.visible, next);
    for (const s of exit) {
      const d = this.labels.get(s);
      if (d) this.pool.release(d.view);
      this.labels.delete(s);
    }
    this.badges.begin();
    this.formulas.begin();
    const formulas = this.formulas.textures;
    const { x: X, y: Y, w: W, h: H } = store.boxes;
    const heat = store.heatMap;
    for (const s of next) {
      const n = recs[s] as SceneNode;
      let d = this.labels.get(s);
      if (!d) {
        d = { view: this.pool.acquire(), rec: n, heat };
        d.view.setResolution(this.resolution * this.labelScale);
        this.labels.set(s, d);
        this.dress(d.view, n, heat);
      } else if (d.rec !== n || d.heat !== heat) {
        d.rec = n;
        d.heat = heat;
        this.dress(d.view, n, heat);
      }
      d.view.obj.visible = true;
      // Positions always come from the box arrays: packed moves never replace the record.
      const row = contentRow(n, X[s], Y[s], W[s], H[s]);
      d.view.obj.position.set(row.x0 + row.ml.leftWidth, row.cy - n.style.fontSize * 0.625);
      // A typeset label replaces the text once its raster is ready (formula-layer.ts).
      if (formulas.isFormula(n.text) && this.formulas.place(s, n, row.x0 + row.ml.leftWidth, row.cy)) d.view.obj.visible = false;
      if (lod.markers && n.markers) this.paintBadges(store, s, n);
      if (showsLabel(lod, BADGE_FONT_SIZE) && lod.progressRings && store.hasProgressBadge(s)) this.progressText(store, s);
      const here = store.presenceOf(s);
      if (here && showsLabel(lod, PRESENCE_FONT)) {
        const { cx, cy } = presenceDotCentre(X[s], Y[s]);
        this.badge(`${s}:presence`, here.initial, PRESENCE_FONT, cx, cy, false);
      }
      if (showsLabel(lod, REVIEW_MARK_FONT) && store.isReviewDue(s)) {
        const { cx, cy } = reviewMarkCentre(X[s], Y[s], W[s]);
        this.badge(`${s}:review`, REVIEW_MARK_TEXT, REVIEW_MARK_FONT, cx, cy, false);
      }
    }
    // Releasing every badge each frame used to swap their texts on each re-query (a texture
    // re-rasterised per badge); now only badges that left the view go back to the pool.
    this.badges.end();
    this.formulas.end();
    this.visible = next;
  }

  private dress(v: LabelView, n: SceneNode, heat: boolean): void {
    const st = n.style;
    v.dress(n.text, { fontSize: st.fontSize, color: heat ? HEAT_INK : st.textColor, bold: st.bold, italic: st.italic });
  }

  private paintBadges(store: SceneStore, slot: number, n: SceneNode): void {
    const m = n.markers!;
    const b = store.box(slot);
    const { ml, cy, x0, xr } = contentRow(n, b.x, b.y, b.w, b.h);
    const space = n.style.space ?? 5;
    let x = x0;
    for (const it of ml.left) {
      const text = markerText(it, m);
      // The priority digit sits in the badge's upper (lighter) part, as kityminder draws it.
      if (text) this.badge(`${slot}:${it.kind}`, text, 12, x + it.w / 2, it.kind === 'priority' ? cy - 1.5 : cy, it.kind === 'priority');
      x += it.w + space;
    }
    x = xr;
    ml.right.forEach((it, i) => {
      if (it.kind === 'resource') {
        const hue = m.chipHues?.[m.resources?.indexOf(it.text ?? '') ?? 0] ?? 51;
        this.badge(`${slot}:r${i}`, it.text ?? '', 12, x + it.w / 2, cy, false, hslToRgb(hue, 1, 0.15));
      }
      x += it.w + space;
    });
    const ex = m.collapsedCount ? expanderOf(store, slot) : null;
    if (ex) this.badge(`${slot}:count`, ex.count > 99 ? '+' : String(ex.count), 9, ex.x, ex.y, false, 0x666666);
  }

  /** The study ring of a branch (progress-ring.ts), with its pill when its text is drawn too. */
  private paintProgress(store: SceneStore, s: number, x: number, y: number, w: number, h: number, withText: boolean): void {
    const pr = store.progress;
    const b = badgePlace(x, y, w, h, pr.text(s, store.records[s]!.parent === undefined), this.place);
    drawProgressBadge(this.marks, b, pr.learnt(s), pr.total(s), withText);
  }

  private progressText(store: SceneStore, s: number): void {
    const { x, y, w, h } = store.boxes;
    const text = store.progress.text(s, store.records[s]!.parent === undefined);
    const b = badgePlace(x[s], y[s], w[s], h[s], text, this.place);
    const v = this.badges.take(`${s}:progress`);
    v.setResolution(this.resolution * this.labelScale);
    v.dress(text, { fontSize: BADGE_FONT_SIZE, color: BADGE_INK, bold: false, italic: false });
    v.obj.visible = true;
    v.obj.position.set(b.tx, b.cy - v.obj.height / 2);
  }

  private badge(key: string, text: string, size: number, cx: number, cy: number, italic: boolean, color = 0xffffff): void {
    const v = this.badges.take(key);
    v.setResolution(this.resolution * this.labelScale);
    v.dress(text, { fontSize: size, color, bold: false, italic });
    v.obj.visible = true;
    v.obj.position.set(cx - v.obj.width / 2, cy - v.obj.height / 2);
  }

  /** Pool size, for the bench and tests of reuse. */
  get poolStats(): { created: number; idle: number; live: number } {
    return { created: this.pool.created, idle: this.pool.idle, live: this.labels.size + this.badges.size };
  }
}
