import { escapeHtml, loadTex, texHtml as tex } from '../host';
// The same stylesheet as text: the SVG export and the canvas rasters carry it, fonts inlined.
import katexCss from 'katex/dist/katex.min.css?inline';
import { splitFormulas } from '../engine/render/formula';

await loadTex(); // the app's KaTeX (host.ts), fetched with this module

// KaTeX on the main thread (issue 19.3), loaded only once a map shows a formula (formula/index.ts
// imports this module lazily). A label with formulas becomes one piece of XHTML: its text runs
// verbatim, each `$…$` as KaTeX's HTML. That markup is measured here (the worker has no DOM and
// lays the node out with that box), rasterised for the canvas through an SVG foreignObject, and
// given to the engine for the SVG export. KaTeX's CSS and fonts come from our own bundle.

const markup = new Map<string, string>();

/**
 * The label as well-formed XHTML (it goes into SVG files): text runs escaped, formulas typeset.
 * Re-serialised through the DOM so whatever KaTeX writes is valid XML.
 */
export function labelHtml(text: string): string {
  let html = markup.get(text);
  if (html !== undefined) return html;
  const raw = splitFormulas(text)
    .map((s) => (s.kind === 'text' ? escapeHtml(s.text) : tex(s.tex)))
    .join('');
  const doc = new DOMParser().parseFromString(`<span>${raw}</span>`, 'text/html');
  html = new XMLSerializer().serializeToString(doc.body.firstChild!);
  markup.set(text, html);
  return html;
}

/** The wrapper style shared by measuring, the canvas raster and the SVG export (svg-node.ts). */
export const wrapperStyle = (font: string, color: string) => `font: ${font}; color: ${color}; line-height: 1.2; white-space: pre; text-align: center`;

let host: HTMLDivElement | null = null;

/** Box of the label in CSS px as the page lays it out with KaTeX's fonts loaded. */
export async function measureLabel(font: string, text: string): Promise<{ w: number; h: number; html: string }> {
  const html = labelHtml(text);
  if (!host) {
    host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.style.cssText = 'position:absolute;left:-100000px;top:0;visibility:hidden;pointer-events:none';
    document.body.appendChild(host);
  }
  const el = document.createElement('div');
  el.style.cssText = `${wrapperStyle(font, '#000')}; display: inline-block`;
  el.innerHTML = html;
  host.appendChild(el);
  try {
    el.getBoundingClientRect(); // lays it out: the fonts it needs start loading
    await Promise.race([document.fonts.ready, new Promise((r) => setTimeout(r, 3000))]);
    const r = el.getBoundingClientRect();
    return { w: Math.ceil(r.width), h: Math.ceil(r.height), html };
  } finally {
    el.remove();
  }
}

const FONT_URL = /url\(([^)]+?\.woff2)\)/g;

let css: Promise<string> | null = null;

/**
 * KaTeX's CSS with its woff2 fonts inlined as data URLs (the woff/ttf fallbacks dropped): an SVG
 * drawn as an image or opened as a file loads nothing from outside. Built once (~0.4 MB).
 */
export function formulaCss(): Promise<string> {
  css ??= (async () => {
    const text = katexCss.replace(/,\s*url\([^)]+\.(?:woff|ttf)\)\s*format\("(?:woff|truetype)"\)/g, '');
    const urls = [...new Set([...text.matchAll(FONT_URL)].map((m) => m[1]))];
    const data = new Map<string, string>();
    await Promise.all(
      urls.map(async (u) => {
        if (u.startsWith('data:')) return;
        try {
          const blob = await (await fetch(u.replace(/^["']|["']$/g, ''))).blob();
          data.set(
            u,
            await new Promise<string>((ok, fail) => {
              const fr = new FileReader();
              fr.onload = () => ok(String(fr.result));
              fr.onerror = () => fail(fr.error);
              fr.readAsDataURL(blob);
            }),
          );
        } catch {
          // a font that cannot be read falls back to the system's: the formula still shows
        }
      }),
    );
    return text.replace(FONT_URL, (all, u: string) => (data.has(u) ? `url(${data.get(u)})` : all));
  })();
  return css;
}

/** A standalone SVG document showing the label: what the canvas rasterises. */
export function labelSvg(font: string, color: string, box: { w: number; h: number; html: string }, style: string): string {
  const w = box.w + 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${box.h}"><style><![CDATA[${style}]]></style>` +
    `<foreignObject x="0" y="0" width="${w}" height="${box.h}"><div xmlns="http://www.w3.org/1999/xhtml" style="${escapeHtml(wrapperStyle(font, color)).replace(/"/g, '&quot;')}">${box.html}</div></foreignObject></svg>`
  );
}

/** The label rasterised at `scale` device px per CSS px (the canvas keeps it as a texture). */
export async function rasterLabel(font: string, color: string, text: string, scale: number): Promise<{ canvas: HTMLCanvasElement; w: number; h: number }> {
  const [box, style] = await Promise.all([measureLabel(font, text), formulaCss()]);
  if (!(box.w > 0 && box.h > 0)) throw new Error('empty formula label');
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(labelSvg(font, color, box, style))}`;
  await img.decode();
  const w = box.w + 2;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(w * scale));
  canvas.height = Math.max(1, Math.ceil(box.h * scale));
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return { canvas, w, h: box.h };
}
