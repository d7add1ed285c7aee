import katexCss from 'katex/dist/katex.min.css?inline';
import type { FormulaDrawing, FormulaPath, FormulaRule, FormulaRun } from '../engine/protocols/formula-drawing';
import { labelHtml, wrapperStyle } from './typeset';

// Formula labels for the PDF export (issue 19.6 + 19.3). The engine (worker, Node) cannot lay
// KaTeX out; here, in the page, a label is typeset exactly as it is measured for the canvas and
// walked into a serialisable drawing (engine/protocols/pdf-formula.ts): each run of characters
// with the KaTeX face the browser used and its baseline, the borders KaTeX draws fraction bars
// and overlines with, and the SVG paths of square roots and stretchy delimiters — all in CSS px
// from the label's top-left. The PDF then embeds KaTeX's TTF fonts (bundled, fetched on the first
// PDF with a formula) and the formula's characters stay real, searchable text.

/** The wrapper's colour: what has it was not coloured by the formula (the label's colour applies). */
const SENTINEL = 'rgb(1, 2, 3)';
const NONE = new Set(['transparent', 'rgba(0, 0, 0, 0)']);

/** KaTeX face key ("KaTeX_Main-BoldItalic", as its font files are named) → TTF URL, from KaTeX's CSS as bundled. */
const FACES: Record<string, string> = {};
for (const m of katexCss.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
  const block = m[1];
  const family = /font-family:\s*([^;]+)/.exec(block)?.[1]?.trim().replace(/["']/g, '');
  const ttf = /url\(\s*["']?([^)"']+\.ttf)["']?\s*\)/.exec(block)?.[1];
  if (!family || !ttf) continue;
  const bold = /font-weight:\s*(bold|[6-9]00)/.test(block);
  const italic = /font-style:\s*italic/.test(block);
  FACES[faceName(family, bold, italic)] = ttf;
}

function faceName(family: string, bold: boolean, italic: boolean): string {
  return `${family}-${bold && italic ? 'BoldItalic' : bold ? 'Bold' : italic ? 'Italic' : 'Regular'}`;
}

const colorOf = (c: string) => (c === SENTINEL ? undefined : c);

let host: HTMLDivElement | null = null;

/** The drawing of a label (text with `$…$`) in CSS font `font`, as KaTeX lays it out in this page. */
export async function labelDrawing(font: string, text: string): Promise<FormulaDrawing> {
  if (!host) {
    // off screen but not visibility:hidden — the walk reads what is visible (\phantom is not)
    host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.style.cssText = 'position:absolute;left:-100000px;top:0;pointer-events:none';
    document.body.appendChild(host);
  }
  const el = document.createElement('div');
  el.style.cssText = `${wrapperStyle(font, SENTINEL)}; display: inline-block`;
  el.innerHTML = labelHtml(text);
  host.appendChild(el);
  try {
    el.getBoundingClientRect();
    await Promise.race([document.fonts.ready, new Promise((r) => setTimeout(r, 3000))]);
    return walkLabel(el);
  } finally {
    el.remove();
  }
}

interface Pending {
  node: Text;
  start: number;
  run: FormulaRun;
  right: number;
  top: number;
}

/** Walks a laid-out label element (mutates it: baseline markers are inserted). */
export function walkLabel(el: HTMLElement): FormulaDrawing {
  const o = el.getBoundingClientRect();
  const rules: FormulaRule[] = [];
  const paths: FormulaPath[] = [];
  const pending: Pending[] = [];
  const rel = (r: DOMRect) => ({ x: r.left - o.left, y: r.top - o.top, w: r.width, h: r.height });

  const text = (node: Text, cs: CSSStyleDeclaration) => {
    if (NONE.has(cs.color)) return;
    const family = cs.fontFamily.split(',')[0].trim().replace(/["']/g, '');
    const bold = (Number(cs.fontWeight) || (cs.fontWeight === 'bold' ? 700 : 400)) >= 600;
    const italic = cs.fontStyle !== 'normal';
    let face = '';
    if (family.startsWith('KaTeX_'))
      face = FACES[faceName(family, bold, italic)] ? faceName(family, bold, italic) : FACES[`${family}-Regular`] ? `${family}-Regular` : '';
    const size = parseFloat(cs.fontSize) || 14;
    const range = document.createRange();
    let cur: Pending | null = null;
    let off = 0;
    for (const ch of node.data) {
      const at = off;
      off += ch.length;
      // line breaks and zero-width spaces (KaTeX's vlist-s) are no glyph
      if (ch === '\n' || ch === '\r' || ch === '\u200b') {
        cur = null;
        continue;
      }
      range.setStart(node, at);
      range.setEnd(node, off);
      const r = range.getClientRects()[0];
      if (!r) {
        cur = null;
        continue;
      }
      if (cur && Math.abs(r.top - cur.top) < 0.5 && Math.abs(r.left - cur.right) < 1) {
        cur.run.t += ch;
        cur.right = r.right;
        cur.run.w = r.right - o.left - cur.run.x;
        continue;
      }
      const run: FormulaRun = { t: ch, x: r.left - o.left, y: 0, w: r.width, size, face, color: colorOf(cs.color) };
      if (!face && bold) run.bold = true;
      if (!face && italic) run.italic = true;
      cur = { node, start: at, run, right: r.right, top: r.top };
      pending.push(cur);
    }
  };

  const walk = (e: Element, clip: DOMRect | null) => {
    if (e.classList.contains('katex-mathml')) return; // the MathML copy is for screen readers
    const cs = getComputedStyle(e);
    if (cs.display === 'none' || cs.visibility === 'hidden') return;
    const r = e.getBoundingClientRect();
    if (!NONE.has(cs.backgroundColor) && e !== el) rules.push({ ...rel(r), color: colorOf(cs.backgroundColor) });
    for (const [side, w, c] of [
      ['top', cs.borderTopWidth, cs.borderTopColor],
      ['bottom', cs.borderBottomWidth, cs.borderBottomColor],
      ['left', cs.borderLeftWidth, cs.borderLeftColor],
      ['right', cs.borderRightWidth, cs.borderRightColor],
    ] as const) {
      const bw = parseFloat(w);
      const style = cs.getPropertyValue(`border-${side}-style`);
      if (!(bw > 0) || style === 'none' || style === 'hidden' || NONE.has(c)) continue;
      const b = rel(r);
      if (side === 'top') rules.push({ ...b, h: bw, color: colorOf(c) });
      else if (side === 'bottom') rules.push({ ...b, y: b.y + b.h - bw, h: bw, color: colorOf(c) });
      else if (side === 'left') rules.push({ ...b, w: bw, color: colorOf(c) });
      else rules.push({ ...b, x: b.x + b.w - bw, w: bw, color: colorOf(c) });
    }
    if (e instanceof SVGSVGElement) {
      svg(e, r, clip);
      return;
    }
    const inner = cs.overflow !== 'visible' || cs.overflowX !== 'visible' ? intersect(clip, r) : clip;
    for (const n of e.childNodes) {
      if (n instanceof Text) text(n, cs);
      else if (n instanceof Element) walk(n, inner);
    }
  };

  const svg = (e: SVGSVGElement, r: DOMRect, clip: DOMRect | null) => {
    const d = [...e.querySelectorAll('path')].map((p) => p.getAttribute('d') ?? '').filter(Boolean);
    // \cancel's strokes: lines in % and em of an svg without a viewBox (user units are px)
    const lines = [...e.querySelectorAll('line')];
    if (!(r.width > 0 && r.height > 0)) return;
    const c = intersect(clip, r)!;
    for (const l of lines) {
      const width = parseFloat(getComputedStyle(l).strokeWidth);
      if (!(width > 0)) continue;
      const dl = `M${l.x1.baseVal.value},${l.y1.baseVal.value}L${l.x2.baseVal.value},${l.y2.baseVal.value}`;
      paths.push({ d: [dl], m: [1, 0, 0, 1, r.left - o.left, r.top - o.top], clip: rel(c), color: colorOf(getComputedStyle(l).stroke), stroke: width });
    }
    if (!d.length) return;
    const vb = e.viewBox?.baseVal;
    let m: FormulaPath['m'] = [1, 0, 0, 1, r.left - o.left, r.top - o.top];
    if (vb && vb.width > 0 && vb.height > 0) {
      const [align = 'xMidYMid', mode = 'meet'] = (e.getAttribute('preserveAspectRatio') ?? '').trim().split(/\s+/).filter(Boolean);
      let sx = r.width / vb.width;
      let sy = r.height / vb.height;
      let dx = 0;
      let dy = 0;
      if (align !== 'none') {
        sx = sy = mode === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy);
        const fx = align.slice(1, 4) === 'Min' ? 0 : align.slice(1, 4) === 'Max' ? 1 : 0.5;
        const fy = align.slice(5, 8) === 'Min' ? 0 : align.slice(5, 8) === 'Max' ? 1 : 0.5;
        dx = (r.width - vb.width * sx) * fx;
        dy = (r.height - vb.height * sy) * fy;
      }
      m = [sx, 0, 0, sy, r.left - o.left + dx - vb.x * sx, r.top - o.top + dy - vb.y * sy];
    }
    // an inner <svg> clips to its own box; KaTeX's tails are cut by overflow:hidden spans
    const fill = getComputedStyle(e.querySelector('path')!).fill;
    paths.push({ d, m, clip: rel(c), color: fill.startsWith('rgb') ? colorOf(fill) : undefined });
  };

  for (const n of el.childNodes) {
    if (n instanceof Text) text(n, getComputedStyle(el));
    else if (n instanceof Element) walk(n, null);
  }

  // Baselines: a zero-size inline-block at a run's start sits on it. Inserted last to first, so
  // a text node split for a later run keeps the offsets of the earlier ones.
  for (let i = pending.length - 1; i >= 0; i--) {
    const p = pending[i];
    const mark = document.createElement('span');
    mark.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline;margin:0;padding:0;border:0';
    const at = p.start > 0 ? p.node.splitText(p.start) : p.node;
    at.parentNode!.insertBefore(mark, at);
    p.run.y = mark.getBoundingClientRect().bottom - o.top;
  }
  return { w: o.width, h: o.height, runs: pending.map((p) => p.run), rules, paths };
}

function intersect(a: DOMRect | null, b: DOMRect): DOMRect | null {
  if (!a) return b;
  const x0 = Math.max(a.left, b.left);
  const y0 = Math.max(a.top, b.top);
  return new DOMRect(x0, y0, Math.max(0, Math.min(a.right, b.right) - x0), Math.max(0, Math.min(a.bottom, b.bottom) - y0));
}

const fonts = new Map<string, Promise<Uint8Array | null>>();

/** The TTF bytes of KaTeX faces, fetched once per page load; a face that cannot be had is left out (its characters fall back to the CJK font). */
export async function faceFonts(faces: Iterable<string>): Promise<Record<string, Uint8Array>> {
  const out: Record<string, Uint8Array> = {};
  await Promise.all(
    [...new Set(faces)].map(async (face) => {
      const url = FACES[face];
      if (!url) return;
      let p = fonts.get(face);
      if (!p) {
        p = fetch(url, { credentials: 'same-origin' })
          .then(async (res) => (res.ok ? new Uint8Array(await res.arrayBuffer()) : null))
          .catch(() => null);
        fonts.set(face, p);
      }
      const bytes = await p;
      if (bytes) out[face] = bytes;
      else fonts.delete(face);
    }),
  );
  return out;
}
