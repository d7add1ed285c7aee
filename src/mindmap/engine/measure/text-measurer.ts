// Text width behind one interface. In the worker the factory wraps OffscreenCanvas measureText;
// in Node (tests, bench, CLI) a deterministic width table stands in. Both are cached by
// (font, text) because a map re-measures the same strings on every theme/template change.

export interface TextMeasurer {
  /** Width in px of one line of text in a CSS font shorthand such as "bold 14px sans-serif". */
  width(font: string, text: string): number;
}

export type MeasureFn = (font: string, text: string) => number;

export function createMeasurer(measure: MeasureFn): TextMeasurer {
  const cache = new Map<string, Map<string, number>>();
  return {
    width(font, text) {
      let byText = cache.get(font);
      if (!byText) cache.set(font, (byText = new Map()));
      let w = byText.get(text);
      if (w === undefined) {
        w = measure(font, text);
        byText.set(text, w);
      }
      return w;
    },
  };
}

export function fontSizeOf(font: string): number {
  const m = /(\d+(?:\.\d+)?)px/.exec(font);
  return m ? Number(m[1]) : 14;
}

// Advance widths as a fraction of the font size, roughly Arial/Helvetica; CJK and other wide
// characters are one em. Exactness does not matter in Node, determinism (and speed: this runs
// for every node of a 100k map on first open) does.
const ASCII_EM = new Float32Array(128).fill(0.52);
for (let c = 65; c <= 90; c++) ASCII_EM[c] = 0.67;
for (let c = 48; c <= 57; c++) ASCII_EM[c] = 0.56;
for (const ch of "il.,:;|!'`ijtf()[]{}") ASCII_EM[ch.charCodeAt(0)] = 0.3;
for (const ch of 'mwMW@%') ASCII_EM[ch.charCodeAt(0)] = 0.85;
ASCII_EM[32] = 0.28;

function charEm(code: number): number {
  if (code < 128) return ASCII_EM[code];
  if (code >= 0x2e80 && code <= 0x9fff) return 1;
  if (code >= 0xac00 && code <= 0xd7af) return 1;
  if (code >= 0xff00 && code <= 0xffef) return 1;
  if (code >= 0xd800 && code <= 0xdfff) return 0.5; // each half of a surrogate pair
  return 0.6;
}

const fontScale = new Map<string, number>();

function scaleOf(font: string): number {
  let s = fontScale.get(font);
  if (s === undefined) {
    const bold = /\bbold\b|\b[6-9]00\b/.test(font) ? 1.06 : 1;
    s = fontSizeOf(font) * bold;
    fontScale.set(font, s);
  }
  return s;
}

export function tableWidth(font: string, text: string): number {
  let em = 0;
  for (let i = 0; i < text.length; i++) em += charEm(text.charCodeAt(i));
  return Math.round(em * scaleOf(font) * 100) / 100;
}

export function createTableMeasurer(): TextMeasurer {
  // No (font, text) cache here: computing the table width is cheaper than a Map lookup.
  return { width: tableWidth };
}

/** Measures one character (a code point as a string) in a CSS font: the only costly call. */
export type GlyphFn = (font: string, glyph: string) => number;

const isIdeograph = (c: number) => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf);

/**
 * Text width as the sum of cached per-glyph advances (DESIGN §3): one measure call per distinct
 * character and font instead of one per distinct string. CJK unified ideographs share one
 * advance per font (CJK fonts set them all on the same full-width em box), so a Chinese map
 * costs a handful of calls however many distinct characters it uses: a cold measureText of a
 * CJK glyph costs ~0.3 ms in Chromium, a 20k-node first open paid ~40 ms for them. Exact for
 * CJK, within a pixel for Latin at UI sizes (kerning is ignored).
 */
export function createGlyphMeasurer(measure: GlyphFn): TextMeasurer {
  const fonts = new Map<string, { bmp: Float32Array; other: Map<string, number>; ideograph: number }>();
  const fontOf = (font: string) => {
    let f = fonts.get(font);
    if (!f) fonts.set(font, (f = { bmp: new Float32Array(0x10000).fill(-1), other: new Map(), ideograph: -1 }));
    return f;
  };
  return {
    width(font, text) {
      const f = fontOf(font);
      let w = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
          const pair = text.slice(i, i + 2);
          let a = f.other.get(pair);
          if (a === undefined) f.other.set(pair, (a = measure(font, pair)));
          w += a;
          i++;
          continue;
        }
        let a = f.bmp[c];
        if (a < 0) {
          if (isIdeograph(c)) {
            if (f.ideograph < 0) f.ideograph = measure(font, '中');
            a = f.ideograph;
          } else a = measure(font, text[i]);
          f.bmp[c] = a;
        }
        w += a;
      }
      return w;
    },
  };
}
