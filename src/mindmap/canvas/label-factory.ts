import { BitmapText, Text, TextStyle, type Container } from 'pixi.js';
import { FONT_FAMILY } from './fonts';

// Labels are the costly part of a mind-map frame. Two strategies, selectable so the bench
// can measure them under the Canvas renderer (`?labels=text|bitmap`):
// - 'text': one pooled Pixi Text per visible node; Pixi caches a canvas texture per
//   (string, style) and a frame is one drawImage per label.
// - 'bitmap': BitmapText over a shared dynamic glyph atlas per style; no per-label
//   rasterising, but one drawImage per glyph each frame.

export type LabelMode = 'text' | 'bitmap';

export interface LabelLook {
  fontSize: number;
  color: number;
  bold: boolean;
  italic: boolean;
}

export interface LabelView {
  readonly obj: Container;
  dress(text: string, look: LabelLook): void;
  /** Raster resolution (device pixel ratio × LOD label scale). */
  setResolution(r: number): void;
}

function lookKey(l: LabelLook): string {
  return `${l.fontSize}|${l.color}|${l.bold ? 1 : 0}|${l.italic ? 1 : 0}`;
}

const styles = new Map<string, TextStyle>();

/** Shared TextStyle per look: Pixi keys its text-texture cache on the style, so sharing matters. */
export function styleFor(l: LabelLook): TextStyle {
  const key = lookKey(l);
  let s = styles.get(key);
  if (!s) {
    s = new TextStyle({
      fontFamily: FONT_FAMILY,
      fontSize: l.fontSize,
      fill: l.color,
      fontWeight: l.bold ? 'bold' : 'normal',
      fontStyle: l.italic ? 'italic' : 'normal',
    });
    styles.set(key, s);
  }
  return s;
}

class TextLabel implements LabelView {
  readonly obj: Text;
  private key = '';

  constructor(resolution: number) {
    this.obj = new Text({ text: '', resolution });
  }

  setResolution(r: number): void {
    if (this.obj.resolution !== r) this.obj.resolution = r;
  }

  dress(text: string, look: LabelLook): void {
    const key = lookKey(look);
    if (key !== this.key) {
      this.obj.style = styleFor(look);
      this.key = key;
    }
    if (this.obj.text !== text) this.obj.text = text;
  }
}

class BitmapLabel implements LabelView {
  // Glyph atlases are rasterised once per style; zoom only scales them.
  setResolution(): void {}

  readonly obj: BitmapText;
  private key = '';

  constructor() {
    this.obj = new BitmapText({ text: '' });
  }

  dress(text: string, look: LabelLook): void {
    const key = lookKey(look);
    if (key !== this.key) {
      this.obj.style = styleFor(look);
      this.key = key;
    }
    if (this.obj.text !== text) this.obj.text = text;
  }
}

export function createLabel(mode: LabelMode, resolution: number): LabelView {
  return mode === 'bitmap' ? new BitmapLabel() : new TextLabel(resolution);
}
