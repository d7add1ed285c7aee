// Theme colours are CSS strings (engine themes); Pixi's Canvas renderer is fastest with
// numeric colours, so they are parsed once here. parseColor drops alpha; the one translucent
// theme colour the scene draws (shadows) goes through parseRgba.

const NAMED: Record<string, number> = { white: 0xffffff, black: 0x000000, red: 0xff0000, yellow: 0xffff00, gray: 0x808080, grey: 0x808080 };

export function parseColor(css: string | null | undefined): number | null {
  if (!css) return null;
  const s = css.trim().toLowerCase();
  if (s === 'transparent' || s === 'none') return null;
  if (s in NAMED) return NAMED[s];
  if (s[0] === '#') {
    const h = s.slice(1);
    if (h.length === 3 || h.length === 4) return parseInt(h[0] + h[0] + h[1] + h[1] + h[2] + h[2], 16);
    if (h.length === 6 || h.length === 8) return parseInt(h.slice(0, 6), 16);
    return null;
  }
  const m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(s);
  if (m) {
    if (/^rgba/.test(s) && /,\s*0\s*\)$/.test(s)) return null;
    return (Number(m[1]) << 16) | (Number(m[2]) << 8) | Number(m[3]);
  }
  return null;
}

/** Colour and alpha of a CSS colour (`rgba(0,0,0,.25)` → {0, 0.25}); null when not painted. */
export function parseRgba(css: string | null | undefined): { color: number; alpha: number } | null {
  const color = parseColor(css);
  if (color === null) return null;
  const m = /^rgba\([^,]*,[^,]*,[^,]*,\s*([\d.]+)\s*\)$/.exec(css!.trim().toLowerCase());
  return { color, alpha: m ? Number(m[1]) : 1 };
}
