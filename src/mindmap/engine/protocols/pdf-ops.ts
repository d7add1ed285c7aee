import type { Box } from '../layout/connectors';
import type { FormulaSlot } from './pdf-formula';

// The SVG export (svg.ts) read back as a flat list of drawing operations for the PDF export, so
// the PDF is drawn from exactly the geometry, colours and text the SVG shows — one renderer of a
// map, not two that drift apart. Only what svg.ts and render/*.ts write is understood: <g> (a
// translate, inherited fill/stroke), <path> with absolute M L H V C A Z, <rect rx>, <circle>,
// <text>/<tspan> (x, dy, anchor start|middle, baseline central), <image>, stroke-dasharray; <defs>
// content is skipped (it defines, it is not drawn in place), and so is a <foreignObject>'s (HTML):
// an empty one with data-latex is a typeset label's slot. Each operation has a
// bounding box in map coordinates so a printed tile draws only what can touch it.

export interface Paint {
  fill: string | null;
  stroke: string | null;
  strokeWidth: number;
  fillOpacity: number;
  /** stroke-dasharray in map units (relationship lines), absent for a solid stroke. */
  dash?: number[];
}

export type PdfOp =
  /** `d` is drawn moved by (dx, dy): the translate of its groups. */
  | { kind: 'path'; d: string; dx: number; dy: number; paint: Paint; box: Box }
  | { kind: 'text'; text: string; x: number; y: number; size: number; anchor: 'start' | 'middle'; bold: boolean; italic: boolean; color: string; box: Box }
  | { kind: 'image'; href: string; box: Box }
  /** A topic's hyperlink over its box (render/svg-node.ts): `live` for a web address, made a link annotation. */
  | { kind: 'link'; uri: string; live: boolean; box: Box }
  /** A typeset label's place (svg.ts `formulaSlots`): drawn from the main thread's drawing (pdf-formula.ts). */
  | ({ kind: 'formula' } & FormulaSlot);

export interface SvgScene {
  width: number;
  height: number;
  background: string;
  ops: PdfOp[];
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITY[e.toLowerCase()],
  );

function attrsOf(s: string): Record<string, string> {
  const a: Record<string, string> = {};
  for (const m of s.matchAll(/([\w:-]+)="([^"]*)"/g)) a[m[1]] = unescape(m[2]);
  return a;
}

const num = (v: string | undefined, d = 0) => {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) ? n : d;
};

/** Bounding box of an absolute path (arcs padded by their radius: they may bow out). */
export function pathBox(d: string): Box {
  const tokens = d.match(/[MLHVCAZ]|-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? [];
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  let cx = 0,
    cy = 0;
  const add = (x: number, y: number, pad = 0) => {
    x0 = Math.min(x0, x - pad);
    y0 = Math.min(y0, y - pad);
    x1 = Math.max(x1, x + pad);
    y1 = Math.max(y1, y + pad);
  };
  let cmd = 'M';
  let i = 0;
  const next = () => Number(tokens[i++]);
  while (i < tokens.length) {
    if (/[a-z]/i.test(tokens[i])) cmd = tokens[i++].toUpperCase();
    if (cmd === 'Z') continue;
    if (cmd === 'H') cx = next();
    else if (cmd === 'V') cy = next();
    else if (cmd === 'C') {
      for (let k = 0; k < 2; k++) add(next(), next());
      cx = next();
      cy = next();
    } else if (cmd === 'A') {
      const r = Math.max(Math.abs(next()), Math.abs(next()));
      i += 3;
      const sx = cx,
        sy = cy;
      cx = next();
      cy = next();
      add(sx, sy, r);
      add(cx, cy, r);
    } else {
      cx = next();
      cy = next();
    }
    if (!Number.isFinite(cx) || !Number.isFinite(cy)) break;
    add(cx, cy);
  }
  return x0 <= x1 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : { x: 0, y: 0, w: 0, h: 0 };
}

/**
 * Arcs with a zero radius as the straight lines SVG draws them (SVG 1.1 F.6.2): the connector of
 * a main topic level with the root is `A174,0 …`, which pdf-lib's arc conversion turns into NaN
 * coordinates, so PDF viewers drew no line there (outside walk).
 */
export function flatArcsAsLines(d: string): string {
  const n = String.raw`(-?\d*\.?\d+(?:e[-+]?\d+)?)`;
  const sep = String.raw`[\s,]*`;
  const arc = new RegExp(`A${sep}${n}${sep}${n}${sep}${n}${sep}${n}${sep}${n}${sep}${n}${sep}${n}`, 'gi');
  return d.replace(arc, (m, rx: string, ry: string, _rot, _large, _sweep, x: string, y: string) => (Number(rx) === 0 || Number(ry) === 0 ? `L${x},${y}` : m));
}

/** A rounded rect (rx) as a path, arcs at the corners. */
export function rectPath(x: number, y: number, w: number, h: number, rx: number): string {
  const r = Math.max(0, Math.min(rx, w / 2, h / 2));
  if (r === 0) return `M${x},${y}H${x + w}V${y + h}H${x}Z`;
  return (
    `M${x + r},${y}H${x + w - r}A${r},${r} 0 0 1 ${x + w},${y + r}V${y + h - r}A${r},${r} 0 0 1 ${x + w - r},${y + h}` +
    `H${x + r}A${r},${r} 0 0 1 ${x},${y + h - r}V${y + r}A${r},${r} 0 0 1 ${x + r},${y}Z`
  );
}

export const circlePath = (cx: number, cy: number, r: number) => `M${cx - r},${cy}A${r},${r} 0 1 1 ${cx + r},${cy}A${r},${r} 0 1 1 ${cx - r},${cy}Z`;

interface Frame {
  dx: number;
  dy: number;
  fill?: string;
  stroke?: string;
  strokeWidth?: string;
}

/** The drawing operations of an SVG written by svg.ts (unclipped), in paint order. */
export function readSvg(svg: string): SvgScene {
  const root = /<svg\b([^>]*)>/.exec(svg);
  const ra = attrsOf(root?.[1] ?? '');
  const background = /background:\s*([^;"]+)/.exec(ra.style ?? '')?.[1]?.trim() ?? '#ffffff';
  const ops: PdfOp[] = [];
  const stack: Frame[] = [{ dx: 0, dy: 0 }];
  let text: { a: Record<string, string>; f: Frame; y: number } | null = null;
  let span: Record<string, string> | null = null;
  let inTitle = false;
  // <defs> (markers, styles) define things, they draw nothing where they stand
  let inDefs = 0;
  const paintOf = (a: Record<string, string>, f: Frame): Paint => {
    const fill = a.fill ?? f.fill ?? '#000';
    const stroke = a.stroke ?? f.stroke;
    const dash = (a['stroke-dasharray'] ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number)
      .filter(Number.isFinite);
    return {
      fill: fill === 'none' || fill === 'transparent' ? null : fill,
      stroke: !stroke || stroke === 'none' ? null : stroke,
      strokeWidth: num(a['stroke-width'] ?? f.strokeWidth, 1),
      fillOpacity: num(a['fill-opacity'], 1),
      ...(dash.length && dash.every((v) => v >= 0) && dash.some((v) => v > 0) ? { dash } : {}),
    };
  };
  const shape = (path: string, a: Record<string, string>, f: Frame) => {
    const d = flatArcsAsLines(path);
    const paint = paintOf(a, f);
    if (!paint.fill && !paint.stroke) return;
    const b = pathBox(d);
    const pad = paint.stroke ? paint.strokeWidth / 2 : 0;
    ops.push({ kind: 'path', d, dx: f.dx, dy: f.dy, paint, box: { x: b.x + f.dx - pad, y: b.y + f.dy - pad, w: b.w + 2 * pad, h: b.h + 2 * pad } });
  };
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>|([^<]+)/g)) {
    const [, close, tag, rawAttrs, selfClose, chars] = m;
    const f = stack[stack.length - 1];
    if (tag === 'foreignObject' && !close && !inDefs) {
      const a = attrsOf(rawAttrs);
      if (a['data-latex'] !== undefined && a['data-font'])
        ops.push({
          kind: 'formula',
          text: a['data-latex'],
          font: a['data-font'],
          color: a['data-color'] || '#000',
          box: { x: num(a.x) + f.dx, y: num(a.y) + f.dy, w: num(a.width), h: num(a.height) },
        });
    }
    if (tag === 'defs' || tag === 'foreignObject') {
      if (close) inDefs = Math.max(0, inDefs - 1);
      else if (!selfClose) inDefs++;
      continue;
    }
    if (inDefs) continue;
    if (chars !== undefined) {
      if (text && span && !inTitle) {
        const a = text.a;
        const size = num(a['font-size'], 12);
        const x = num(span.x ?? a.x) + f.dx;
        const t = unescape(chars);
        const anchor = a['text-anchor'] === 'middle' ? 'middle' : 'start';
        const w = t.length * size;
        ops.push({
          kind: 'text',
          text: t,
          x,
          y: text.y + f.dy,
          size,
          anchor,
          bold: a['font-weight'] === 'bold',
          italic: a['font-style'] === 'italic',
          color: a.fill ?? f.fill ?? '#000',
          box: { x: anchor === 'middle' ? x - w / 2 : x, y: text.y + f.dy - size, w, h: 2 * size },
        });
      }
      continue;
    }
    if (close) {
      if (tag === 'g') stack.pop();
      else if (tag === 'text') text = span = null;
      else if (tag === 'tspan') span = null;
      else if (tag === 'title') inTitle = false;
      continue;
    }
    const a = attrsOf(rawAttrs);
    switch (tag) {
      case 'g': {
        const t = /translate\(([-\d.e]+)[ ,]+([-\d.e]+)\)/.exec(a.transform ?? '');
        stack.push({
          dx: f.dx + (t ? Number(t[1]) : 0),
          dy: f.dy + (t ? Number(t[2]) : 0),
          fill: a.fill ?? f.fill,
          stroke: a.stroke ?? f.stroke,
          strokeWidth: a['stroke-width'] ?? f.strokeWidth,
        });
        if (selfClose) stack.pop();
        break;
      }
      case 'path':
        if (a.d) shape(a.d, a, f);
        break;
      case 'rect':
        shape(rectPath(num(a.x), num(a.y), num(a.width), num(a.height), num(a.rx)), a, f);
        break;
      case 'circle':
        shape(circlePath(num(a.cx), num(a.cy), num(a.r)), a, f);
        break;
      case 'image':
        if (a.href) ops.push({ kind: 'image', href: a.href, box: { x: num(a.x) + f.dx, y: num(a.y) + f.dy, w: num(a.width), h: num(a.height) } });
        break;
      case 'a': {
        const uri = a.href ?? a['data-href'];
        const [x, y, w, h] = (a['data-box'] ?? '').split(' ').map(Number);
        if (uri && [x, y, w, h].every(Number.isFinite)) ops.push({ kind: 'link', uri, live: a.href !== undefined, box: { x: x + f.dx, y: y + f.dy, w, h } });
        break;
      }
      case 'text':
        text = { a, f, y: num(a.y) + num(a.dy) };
        // a <text> without <tspan> (icons, badges) is its own one line
        span = a;
        break;
      case 'tspan':
        // dy moves the pen even for an empty line (no characters follow)
        if (text) text.y += num(a.dy);
        span = a;
        break;
      case 'title':
        inTitle = !selfClose;
        break;
    }
  }
  return { width: num(ra.width, 1), height: num(ra.height, 1), background, ops };
}
