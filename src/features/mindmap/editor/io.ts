import { http } from '../../../app/http/client';
import type { TextFormat } from '../../../engine/protocols/formats';

// File import/export helpers of the editor menu: format by file name, downloads, and PNG from
// the engine's SVG (rendered on a canvas, tiled when the map is larger than a browser canvas).

/** SPEC §8's words first, then what a student can do about it. */
export const UNSUPPORTED = 'Not supported protocol（不支持这种文件，请选择 .km、.json、.md 或 .txt 文件）';

const EXT: Record<string, TextFormat> = { km: 'km', json: 'km', md: 'md', markdown: 'md', txt: 'txt' };

/** Text format of a file name; throws 'Not supported protocol' for anything else (SPEC §8). */
export function formatOfFile(name: string): TextFormat {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const f = EXT[ext];
  if (!f) throw new Error(UNSUPPORTED);
  return f;
}

export const EXPORTS = [
  { format: 'km', label: 'JSON (.km)', ext: 'km', mime: 'application/json' },
  { format: 'md', label: 'Markdown (.md)', ext: 'md', mime: 'text/markdown' },
  { format: 'txt', label: '大纲文本 (.txt)', ext: 'txt', mime: 'text/plain' },
  { format: 'svg', label: 'SVG 图片 (.svg)', ext: 'svg', mime: 'image/svg+xml' },
  { format: 'png', label: 'PNG 图片 (.png)', ext: 'png', mime: 'image/png' },
] as const;

export type ExportKind = (typeof EXPORTS)[number]['format'];

export function download(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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

/** Largest side of one canvas we draw into; larger maps are cut into tiles of this size. */
export const TILE = 8192;

export interface Tile {
  x: number;
  y: number;
  w: number;
  h: number;
  row: number;
  col: number;
}

export function tilesFor(width: number, height: number, tile = TILE): Tile[] {
  const out: Tile[] = [];
  for (let y = 0, row = 0; y < height; y += tile, row++) for (let x = 0, col = 0; x < width; x += tile, col++) out.push({ x, y, w: Math.min(tile, width - x), h: Math.min(tile, height - y), row, col });
  return out;
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

/** A same-origin file through the app's client: our uploads are served only with the login token. */
export async function fetchBlob(url: string): Promise<Blob> {
  return (await http.get<Blob>(url, { responseType: 'blob', dedupe: false, silent: true, timeout: 30_000 })).data;
}

const unescapeAttr = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * An SVG drawn as an <img> loads no external resources, and a downloaded .svg cannot resolve
 * our relative URLs: every same-origin node image is inlined as a data URL. Cross-origin ones
 * are kept as links when `keepCrossOrigin` (a saved .svg may load them), else dropped (PNG; the
 * caller warns); an image that fails to load is dropped.
 */
export async function inlineImages(svg: string, keepCrossOrigin = false, origin = location.origin, get: (url: string) => Promise<Blob> = fetchBlob): Promise<string> {
  const hrefs = [...new Set([...svg.matchAll(/<image href="([^"]*)"/g)].map((m) => m[1]))];
  const inlined = new Map<string, string | null>();
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

/** PNG blobs of an SVG string: one when it fits a canvas, else one per tile. */
export async function svgToPng(svg: string): Promise<Array<{ blob: Blob; tile: Tile | null }>> {
  const m = /<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(svg);
  const width = Math.ceil(Number(m?.[1] ?? 800));
  const height = Math.ceil(Number(m?.[2] ?? 600));
  const img = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
  const tiles = tilesFor(width, height);
  const out: Array<{ blob: Blob; tile: Tile | null }> = [];
  for (const t of tiles) {
    const c = document.createElement('canvas');
    c.width = t.w;
    c.height = t.h;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, t.x, t.y, t.w, t.h, 0, 0, t.w, t.h);
    const blob = await new Promise<Blob>((resolve, reject) => c.toBlob((b) => (b ? resolve(b) : reject(new Error('图片导出失败'))), 'image/png'));
    out.push({ blob, tile: tiles.length > 1 ? t : null });
  }
  return out;
}
