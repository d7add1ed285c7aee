import { FONT_FAMILY } from './fonts';

// Text width by per-glyph advances (DESIGN §3: measureText costs ~8 µs per distinct string;
// a per-glyph cache is exact for CJK and within a pixel for Latin at UI sizes, and makes the
// first open of a 50k-node map cost one measureText per distinct character).

export interface TextMeasurer {
  width(text: string, fontSize: number, bold: boolean, italic: boolean): number;
}

type Ctx = Pick<CanvasRenderingContext2D, 'measureText' | 'font'>;

function makeContext(): Ctx | null {
  try {
    if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(1, 1).getContext('2d') as unknown as Ctx;
    if (typeof document !== 'undefined') return document.createElement('canvas').getContext('2d');
  } catch {
    // jsdom has no canvas; fall through to the table
  }
  return null;
}

/** Deterministic advances used where no canvas exists (tests): CJK 1 em, Latin ~0.6 em. */
export function tableAdvance(code: number, fontSize: number): number {
  if (code >= 0x2e80) return fontSize;
  if (code === 32) return fontSize * 0.3;
  return fontSize * 0.6;
}

export class GlyphMeasurer implements TextMeasurer {
  private ctx: Ctx | null;
  private lastFont = '';
  /** font key → (char code → advance at that font). */
  private fonts = new Map<string, Map<number, number>>();

  constructor(useCanvas = true) {
    this.ctx = useCanvas ? makeContext() : null;
  }

  width(text: string, fontSize: number, bold: boolean, italic: boolean): number {
    const key = `${italic ? 'italic ' : ''}${bold ? 'bold ' : ''}${fontSize}px`;
    let table = this.fonts.get(key);
    if (!table) {
      table = new Map();
      this.fonts.set(key, table);
    }
    let w = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let a = table.get(code);
      if (a === undefined) {
        a = this.measureGlyph(key, text[i], code, fontSize);
        table.set(code, a);
      }
      w += a;
    }
    return Math.max(1, Math.ceil(w));
  }

  private measureGlyph(key: string, ch: string, code: number, fontSize: number): number {
    if (!this.ctx) return tableAdvance(code, fontSize);
    const font = `${key} ${FONT_FAMILY}`;
    if (this.lastFont !== font) this.ctx.font = this.lastFont = font;
    return this.ctx.measureText(ch).width;
  }
}
