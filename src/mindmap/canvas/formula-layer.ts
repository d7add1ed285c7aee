import { Container, ImageSource, Sprite, Texture } from 'pixi.js';
import { DEFAULT_FONT_FAMILY } from '../engine/layout/node-size';
import { hasFormula, mayHaveFormula } from '../engine/render/formula';
import type { SceneNode } from './scene-types';

// Labels with `$…$` formulas (issue 19.3) are typeset by KaTeX on the main thread and drawn as
// one rasterised texture per (font, colour, text), cached like Pixi caches a Text's texture.
// Until it is ready (or if it fails) the plain label shows the source, so nothing is hidden.
// Labels without `$` never get here: the painter checks `mayHaveFormula` (one indexOf) first.

/** Rasterises one label; the real one loads KaTeX lazily (formula/typeset.ts). */
export type LabelRaster = (font: string, color: string, text: string, scale: number) => Promise<{ canvas: HTMLCanvasElement; w: number; h: number }>;

const defaultRaster: LabelRaster = async (...a) => (await import('../formula/typeset')).rasterLabel(...a);

/** The CSS font the worker measured the label in (engine node-size.ts#fontOf), so the raster fits its box. */
export function cssFont(st: SceneNode['style']): string {
  return st.font ?? `${st.italic ? 'italic ' : ''}${st.bold ? 'bold ' : ''}${st.fontSize}px ${DEFAULT_FONT_FAMILY}`;
}

const hex = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

export interface Art {
  texture: Texture;
  w: number;
  h: number;
}
type Entry = { state: 'loading' } | ({ state: 'ready' } & Art) | { state: 'failed' };

export class FormulaTextures {
  private entries = new Map<string, Entry>();
  /** Texts with `$` that hold no formula (parsed once). */
  private plain = new Set<string>();
  /** The map's `$` are literal text (a kityminder .km, engine km-formulas.ts): nothing is typeset. */
  literal = false;

  constructor(
    private readonly onReady: () => void,
    private readonly raster: LabelRaster = defaultRaster,
    /** Device px per CSS px of a raster: sharp up to 200 % zoom on a 1× screen. */
    private readonly scale = Math.max(2, 2 * (globalThis.devicePixelRatio || 1)),
  ) {}

  /** True when the text is drawn typeset (has a formula). */
  isFormula(text: string): boolean {
    if (this.literal || !mayHaveFormula(text) || this.plain.has(text)) return false;
    if (hasFormula(text)) return true;
    this.plain.add(text);
    return false;
  }

  /** The texture of a node's formula label, or its state while loading or after a failure. */
  get(n: SceneNode): Art | 'loading' | 'failed' {
    return this.label(cssFont(n.style), hex(n.style.textColor), n.text);
  }

  /** The texture of a formula label in a CSS font and colour (a summary topic's too), or its state. */
  label(font: string, color: string, text: string): Art | 'loading' | 'failed' {
    const key = `${font}\u0001${color}\u0001${text}`;
    const e = this.entries.get(key);
    if (e) return e.state === 'ready' ? e : e.state;
    this.entries.set(key, { state: 'loading' });
    this.raster(font, color, text, this.scale).then(
      ({ canvas, w, h }) => {
        this.entries.set(key, { state: 'ready', texture: new Texture({ source: new ImageSource({ resource: canvas }) }), w, h });
        this.onReady();
      },
      (err: unknown) => {
        console.warn('formula label', err);
        this.entries.set(key, { state: 'failed' });
      },
    );
    return 'loading';
  }

  destroy(): void {
    for (const e of this.entries.values()) if (e.state === 'ready') e.texture.destroy(true);
    this.entries.clear();
  }
}

/** One pooled Sprite per visible formula label (the image layer's pattern). */
export class FormulaLayer {
  readonly root = new Container();
  private sprites = new Map<number, Sprite>();
  private free: Sprite[] = [];
  private seen = new Set<number>();

  constructor(readonly textures: FormulaTextures) {}

  begin(): void {
    this.seen.clear();
  }

  /** Draws slot's typeset label with its left edge at x, centred on cy; false = not ready (show the text). */
  place(slot: number, n: SceneNode, x: number, cy: number): boolean {
    const art = this.textures.get(n);
    if (typeof art === 'string') return false;
    let s = this.sprites.get(slot);
    if (!s) {
      s = this.free.pop() ?? new Sprite();
      this.root.addChild(s);
      this.sprites.set(slot, s);
    }
    if (s.texture !== art.texture) s.texture = art.texture;
    s.visible = true;
    // the raster has a pixel of room either side of the measured label (typeset.ts)
    s.position.set(x - 1, cy - art.h / 2);
    s.width = art.w;
    s.height = art.h;
    this.seen.add(slot);
    return true;
  }

  end(): void {
    for (const [slot, s] of this.sprites) {
      if (this.seen.has(slot)) continue;
      s.visible = false;
      this.sprites.delete(slot);
      this.free.push(s);
    }
  }
}
