import { unzipSync } from 'fflate';
import { LIMIT_MESSAGES, MAX_DOCUMENT_BYTES, MAX_NODE_DEPTH, MAX_NODES } from '../model/limits';
import { fitImage } from '../commands/image';
import type { KmNode, KmNodeData } from '../model/types';
import type { Lost } from './lost';

// Zip entries, embedded images and tree bounds for the XMind importers. A .xmind is a zip: only
// the entries we need are inflated, each into a buffer of its declared size (fflate writes no
// further), and a declared size beyond the bounds is refused before anything is inflated, so a
// zip bomb costs nothing. Images become data URLs within a budget that keeps the map savable.

/** content.json / content.xml are wordier than .km (ids, classes, styles): 4× the document limit. */
export const MAX_CONTENT_BYTES = 4 * MAX_DOCUMENT_BYTES;
/** All embedded images together (base64 adds a third): half of the savable document. */
export const IMAGE_BUDGET = Math.floor((MAX_DOCUMENT_BYTES / 2 / 4) * 3);

const NOT_ZIP = '无法导入 .xmind 文件：文件不是有效的 XMind 文件（无法作为 zip 压缩包打开）';

/** The wanted entries of a zip; names whose declared size is over `max` are listed in `tooBig`. */
export function readZip(bytes: Uint8Array, want: (name: string) => boolean, max: number): { files: Record<string, Uint8Array>; tooBig: string[] } {
  const tooBig: string[] = [];
  try {
    const files = unzipSync(bytes, {
      filter: (f) => {
        if (!want(f.name)) return false;
        if (f.originalSize > max) tooBig.push(f.name);
        return f.originalSize <= max;
      },
    });
    return { files, tooBig };
  } catch {
    throw new Error(NOT_ZIP);
  }
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
};

export function mimeOf(name: string): string | undefined {
  return MIME[/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''];
}

export function extOf(mime: string): string | undefined {
  return Object.keys(MIME).find((k) => MIME[k] === mime && k !== 'jpeg');
}

export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

export function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Natural size from a PNG or GIF header (XMind usually states it; older files may not). */
function headerSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length > 24 && b[0] === 0x89 && b[1] === 0x50) {
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { width: v.getUint32(16), height: v.getUint32(20) };
  }
  if (b.length > 10 && b[0] === 0x47 && b[1] === 0x49) return { width: b[6] | (b[7] << 8), height: b[8] | (b[9] << 8) };
  return null;
}

export interface PendingImage {
  data: KmNodeData;
  /** Entry name in the zip (xap: prefix removed). */
  path: string;
  width?: number;
  height?: number;
}

/** Reads the images the topics point at into data URLs; what is missing, unknown or over budget is counted. */
export function attachImages(bytes: Uint8Array, pending: PendingImage[], lost: Lost): void {
  if (!pending.length) return;
  const wanted = new Set(pending.map((p) => p.path));
  const { files } = readZip(bytes, (n) => wanted.has(n), IMAGE_BUDGET);
  let used = 0;
  for (const p of pending) {
    const b = files[p.path];
    const mime = mimeOf(p.path);
    if (!b || !mime || used + b.length > IMAGE_BUDGET) {
      lost.add('image');
      continue;
    }
    used += b.length;
    p.data.image = `data:${mime};base64,${toBase64(b)}`;
    p.data.imageTitle = '';
    const size = p.width && p.height ? { width: p.width, height: p.height } : headerSize(b);
    p.data.imageSize = size ? fitImage(size.width, size.height) : fitImage(200, 200);
  }
}

/** Counts nodes and levels while a tree is built, refusing past the map limits. */
export class TreeBounds {
  private count = 0;
  /** `what`: the file kind named in the message, e.g. .xmind. */
  constructor(private readonly what: string) {}
  node(level: number): void {
    if (++this.count > MAX_NODES) throw new Error(`无法导入 ${this.what} 文件：${LIMIT_MESSAGES.nodes}`);
    if (level > MAX_NODE_DEPTH) throw new Error(`无法导入 ${this.what} 文件：${LIMIT_MESSAGES.depth}`);
  }
}

export function newNode(text: string): KmNode {
  return { data: { text }, children: [] };
}

/**
 * Keeps a topic's id from the file as the node id (our own .xmind export writes node ids as topic
 * ids), so a re-imported map still matches the study marks the server keys by node id. Only a sane
 * id (1–64 chars, no control characters) not used yet in this import; else the node gets a new one.
 */
export function keepId(node: KmNode, id: unknown, used: Set<string>): void {
  // eslint-disable-next-line no-control-regex
  if (typeof id !== 'string' || id.length < 1 || id.length > 64 || /[\u0000-\u001f\u007f]/.test(id) || used.has(id)) return;
  used.add(id);
  node.data.id = id;
}

/** `xap:resources/a.png` → `resources/a.png` (the zip entry). */
export function zipPath(src: string): string | null {
  const m = /^xap:(.+)$/.exec(src);
  return m ? m[1].replace(/^\/+/, '') : null;
}
