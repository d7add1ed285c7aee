import { Container, Graphics, Sprite, Text } from 'pixi.js';
import type { SummaryPlace } from '../engine/layout/summary-space';
import { braceOps, summaryLook } from '../engine/render/summary-shape';
import { getTheme } from '../engine/theme/themes';
import { parseColor } from './color';
import { FONT_FAMILY } from './fonts';
import type { FormulaTextures } from './formula-layer';

// Summaries (概要) on the canvas: the brace along the range and the summary topic (a bordered
// box with its text), in world space above the nodes. A map has few summaries, so they are
// drawn whole into one Graphics and one Text each (no culling); the engine's layout placed them
// (layout/summary-space.ts) and the look is the SVG export's (render/summary-shape.ts). A text
// with `$…$` formulas is typeset like a node's label (formula-layer.ts): the worker measured the
// topic to the typeset box, and the plain source shows until the raster is ready.

export interface SceneSummary {
  id: string;
  text: string;
  place: SummaryPlace;
  /** Depth of its parent (0 = root). */
  depth: number;
}

const SELECTED = 0x1677ff;

export class SummaryLayer {
  readonly root = new Container({ label: 'summaries' });
  private readonly g = new Graphics();
  private readonly texts = new Map<string, Text>();
  private readonly sprites = new Map<string, Sprite>();
  private items: SceneSummary[] = [];
  private selected: string | null = null;
  private theme = 'fresh-blue';

  constructor(private readonly formulas?: FormulaTextures) {
    this.root.addChild(this.g);
  }

  /** Draws again (a formula raster became ready). */
  refresh(): void {
    if (this.items.length) this.draw();
  }

  set(items: SceneSummary[], theme: string, selected: string | null): void {
    this.items = items;
    this.theme = theme;
    this.selected = selected;
    this.draw();
  }

  select(id: string | null): void {
    if (id === this.selected) return;
    this.selected = id;
    this.draw();
  }

  /** The summary whose topic or brace is at world point (wx, wy). */
  hit(wx: number, wy: number): string | null {
    for (let i = this.items.length - 1; i >= 0; i--) {
      const { place } = this.items[i];
      for (const [x, y, w, h] of [place.topic, place.brace]) if (wx >= x - 2 && wx <= x + w + 2 && wy >= y - 2 && wy <= y + h + 2) return place.id;
    }
    return null;
  }

  /** The world rectangles drawn: each brace and summary topic (适应画布 frames them too). */
  extents(): Array<{ x: number; y: number; w: number; h: number }> {
    return this.items.flatMap(({ place }) => [place.topic, place.brace].map(([x, y, w, h]) => ({ x, y, w, h })));
  }

  get count(): number {
    return this.items.length;
  }

  private draw(): void {
    const g = this.g;
    g.clear();
    const theme = getTheme(this.theme);
    const seen = new Set<string>();
    for (const it of this.items) {
      const look = summaryLook(theme, it.depth);
      const stroke = parseColor(look.stroke) ?? 0x999999;
      for (const op of braceOps(it.place)) {
        if (op[0] === 'M') g.moveTo(op[1], op[2]);
        else if (op[0] === 'L') g.lineTo(op[1], op[2]);
        else g.quadraticCurveTo(op[1], op[2], op[3]!, op[4]!);
      }
      g.stroke({ color: stroke, width: 1.5 });
      const [x, y, w, h] = it.place.topic;
      g.roundRect(x, y, w, h, look.radius).fill({ color: parseColor(look.fill) ?? 0xffffff });
      g.roundRect(x, y, w, h, look.radius).stroke(it.id === this.selected ? { color: SELECTED, width: 2.5 } : { color: stroke, width: 1 });
      let t = this.texts.get(it.id);
      if (!t) {
        t = new Text({ text: '', anchor: 0.5, resolution: 2, style: { fontFamily: FONT_FAMILY, fontSize: look.fontSize, fill: 0x000000, align: 'center' } });
        this.texts.set(it.id, t);
        this.root.addChild(t);
      }
      t.text = it.text || ' ';
      t.style.fontSize = look.fontSize;
      const color = parseColor(look.color) ?? 0x000000;
      t.style.fill = color;
      t.style.lineHeight = look.fontSize * look.lineHeight;
      t.position.set(x + w / 2, y + h / 2);
      t.visible = !this.placeFormula(it.id, it.text, look.font, `#${color.toString(16).padStart(6, '0')}`, x + w / 2, y + h / 2);
      seen.add(it.id);
    }
    for (const [id, t] of this.texts)
      if (!seen.has(id)) {
        t.destroy();
        this.texts.delete(id);
      }
    for (const [id, sp] of this.sprites)
      if (!seen.has(id) || !sp.visible) {
        sp.destroy();
        this.sprites.delete(id);
      }
  }

  /** The typeset text centred at (cx, cy) once its raster is ready; false = show the plain text. */
  private placeFormula(id: string, text: string, font: string, color: string, cx: number, cy: number): boolean {
    const art = this.formulas?.isFormula(text) ? this.formulas.label(font, color, text) : null;
    let sp = this.sprites.get(id);
    if (!art || typeof art === 'string') {
      if (sp) sp.visible = false;
      return false;
    }
    if (!sp) {
      sp = new Sprite();
      this.sprites.set(id, sp);
      this.root.addChild(sp);
    }
    sp.visible = true;
    if (sp.texture !== art.texture) sp.texture = art.texture;
    sp.position.set(cx - art.w / 2, cy - art.h / 2);
    sp.width = art.w;
    sp.height = art.h;
    return true;
  }
}
