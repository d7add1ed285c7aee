import { loadableUrl } from '../host';
import type { FileFormat } from '../engine/protocols/formats';
import { PngStream } from './png-stream';

// File import/export helpers of the editor menu: format by file name, downloads, and PNG from
// the engine's SVG (rasterised strip by strip into one streamed PNG, for maps of any size).

/** SPEC §8's words first, then what a student can do about it. */
export const UNSUPPORTED = 'Not supported protocol（不支持这种文件，请选择 .km、.json、.md、.txt、.xmind、.mm 或 .opml 文件）';

const EXT: Record<string, FileFormat> = { km: 'km', json: 'km', md: 'md', markdown: 'md', txt: 'txt', xmind: 'xmind', mm: 'mm', opml: 'opml' };

/** The file input's accept list: every extension above. */
export const IMPORT_ACCEPT = Object.keys(EXT)
  .map((e) => `.${e}`)
  .join(',');

/** File format of a file name; throws 'Not supported protocol' for anything else (SPEC §8). */
export function formatOfFile(name: string): FileFormat {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const f = EXT[ext];
  if (!f) throw new Error(UNSUPPORTED);
  return f;
}

export const EXPORTS = [
  { format: 'km', label: 'JSON (.km)', ext: 'km', mime: 'application/json' },
  { format: 'md', label: 'Markdown (.md)', ext: 'md', mime: 'text/markdown' },
  { format: 'txt', label: '大纲文本 (.txt)', ext: 'txt', mime: 'text/plain' },
  { format: 'xmind', label: 'XMind (.xmind)', ext: 'xmind', mime: 'application/vnd.xmind.workbook' },
  { format: 'mm', label: 'FreeMind (.mm)', ext: 'mm', mime: 'application/x-freemind' },
  { format: 'opml', label: 'OPML 大纲 (.opml)', ext: 'opml', mime: 'text/x-opml' },
  { format: 'svg', label: 'SVG 图片 (.svg)', ext: 'svg', mime: 'image/svg+xml' },
  { format: 'png', label: 'PNG 图片 (.png)', ext: 'png', mime: 'image/png' },
  // issue 19.6: one page the size of the map, or A4 pages to print (engine/protocols/pdf-pages.ts)
  { format: 'pdf', label: 'PDF（单页）', ext: 'pdf', mime: 'application/pdf' },
  { format: 'pdf-tiled', label: 'PDF（分页打印，A4）', ext: 'pdf', mime: 'application/pdf' },
] as const;

export type ExportKind = (typeof EXPORTS)[number]['format'];

export { download } from '../host';

/** Safe file name from the root text. */
export function fileBase(rootText: string): string {
  return (rootText || '思维导图').replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60);
}

/** True when an image URL would taint a canvas (another origin). */
export function isCrossOrigin(url: string, origin = location.origin): boolean {
  try {
    const u = new URL(url, origin);
    return u.protocol !== 'data:' && u.protocol !== 'blob:' && u.origin !== origin;
  } catch {
    return false;
  }
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('图片导出失败'));
    img.src = src;
  });
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error('图片导出失败'));
    r.readAsDataURL(blob);
  });
}

/**
 * Data URLs of the map's same-origin node images (the student's uploads), for a file format that
 * embeds images (.xmind): the engine cannot fetch them itself. Ones that fail to load are left
 * out (the export then says the image was not kept).
 */
export async function imageDataUrls(
  urls: Iterable<string>,
  origin = location.origin,
  get: (url: string) => Promise<Blob> = fetchBlob,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const wanted = [...new Set(urls)].filter((u) => u && !u.startsWith('data:') && !isCrossOrigin(u, origin));
  await Promise.all(
    wanted.map(async (u) => {
      try {
        out[u] = await blobToDataUrl(await get(u));
      } catch {
        // left out: counted as an image not kept
      }
    }),
  );
  return out;
}

/**
 * A same-origin file's bytes. The student's own uploads are served only to them: they are read
 * through their short-lived signed URL (no token in any URL); other files by their plain URL.
 */
export async function fetchBlob(url: string): Promise<Blob> {
  const res = await fetch(await loadableUrl(url), { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${res.status}`);
  return res.blob();
}

const unescapeAttr = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * An SVG drawn as an <img> loads no external resources, and a downloaded .svg cannot resolve
 * our relative URLs: every same-origin node image is inlined as a data URL. Cross-origin ones
 * are kept as links when `keepCrossOrigin` (a saved .svg may load them), else dropped (PNG; the
 * caller warns); an image that fails to load is dropped.
 */
export async function inlineImages(
  svg: string,
  keepCrossOrigin = false,
  origin = location.origin,
  get: (url: string) => Promise<Blob> = fetchBlob,
  inlined = new Map<string, string | null>(),
): Promise<string> {
  const hrefs = [...new Set([...svg.matchAll(/<image href="([^"]*)"/g)].map((m) => m[1]))].filter((h) => !inlined.has(h));
  await Promise.all(
    hrefs.map(async (h) => {
      const url = unescapeAttr(h);
      if (url.startsWith('data:')) return inlined.set(h, h);
      if (isCrossOrigin(url, origin)) return inlined.set(h, keepCrossOrigin ? h : null);
      try {
        inlined.set(h, await blobToDataUrl(await get(url)));
      } catch {
        inlined.set(h, null);
      }
    }),
  );
  return svg.replace(/<image href="([^"]*)"[^>]*\/>/g, (tag, h: string) => {
    const data = inlined.get(h);
    return data ? tag.replace(`href="${h}"`, `href="${data}"`) : '';
  });
}

/** Rows rasterised at a time, and the widest PNG drawn at full scale (wider ones are scaled down to fit one canvas). */
export const STRIP = 2048;
export const MAX_PNG_WIDTH = 16384;

export interface Clip {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * One PNG of the whole map, however large: the engine draws the SVG of one horizontal strip at a
 * time (`svgOf(clip)`: only what touches it), the strip is rasterised on a canvas and its rows are
 * streamed into the PNG (png-stream.ts). Same-origin images are fetched once for all strips.
 */
export async function mapToPng(svgOf: (clip: Clip) => Promise<string>, onProgress: (done: number, total: number) => void = () => {}): Promise<Blob> {
  const probe = await svgOf({ x: 0, y: 0, w: 1, h: 1 });
  const W = Number(/data-map-width="([\d.]+)"/.exec(probe)?.[1] ?? 1);
  const H = Number(/data-map-height="([\d.]+)"/.exec(probe)?.[1] ?? 1);
  const background = /background: ([^;"]+)/.exec(probe)?.[1] ?? '#fff';
  const scale = Math.min(1, MAX_PNG_WIDTH / W);
  const outW = Math.max(1, Math.round(W * scale));
  const outH = Math.max(1, Math.round(H * scale));
  const png = new PngStream(outW, outH);
  const canvas = document.createElement('canvas');
  canvas.width = outW;
  const images = new Map<string, string | null>();
  const total = Math.ceil(outH / STRIP);
  for (let i = 0; i < total; i++) {
    const y = i * STRIP;
    const h = Math.min(STRIP, outH - y);
    canvas.height = h;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, outW, h);
    const svg = await inlineImages(await svgOf({ x: 0, y: y / scale, w: W, h: h / scale }), false, location.origin, fetchBlob, images);
    ctx.drawImage(await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`), 0, 0, outW, h);
    await png.addRows(ctx.getImageData(0, 0, outW, h).data, h);
    onProgress(i + 1, total);
  }
  return png.finish();
}
