import * as fontkit from 'fontkit';
import { unzlibSync } from 'fflate';
import type { Fontkit } from 'pdf-lib/cjs/types/fontkit';

// The CJK font of the PDF export (Noto Sans SC, OFL, from @openfonts/noto-sans-sc_all as a WOFF
// of TrueType outlines): the caller hands its bytes in, the engine never fetches anything.
//
// Two things stand between those bytes and a correct, small PDF:
// - pdf-lib's own fontkit fork (@pdf-lib/fontkit 1.1.1) writes broken CJK subsets (a short
//   `loca` without padding: glyphs after an odd-length one come out blank; CID-keyed CFF with an
//   invalid header), fixed in upstream fontkit 1.8/1.9 years ago (pdf-lib issue #1232). Upstream
//   fontkit 2 is used instead, behind the one method pdf-lib still calls by its 1.x name.
// - fontkit re-inflates a WOFF table on every access: a layout took ~1 s per title. The WOFF is
//   unpacked once into a plain sfnt (each table zlib-inflated, laid out again) and read from that.

/** A WOFF 1.0 file as the sfnt (TTF/OTF) it wraps; any other bytes are returned unchanged. */
export function woffToSfnt(w: Uint8Array): Uint8Array {
  const v = new DataView(w.buffer, w.byteOffset, w.byteLength);
  if (w.length < 44 || v.getUint32(0) !== 0x774f4646 /* wOFF */) return w;
  const n = v.getUint16(12);
  const tables: { tag: number; off: number; clen: number; olen: number; sum: number }[] = [];
  for (let i = 0; i < n; i++) {
    const p = 44 + i * 20;
    tables.push({ tag: v.getUint32(p), off: v.getUint32(p + 4), clen: v.getUint32(p + 8), olen: v.getUint32(p + 12), sum: v.getUint32(p + 16) });
  }
  let size = 12 + 16 * n;
  for (const t of tables) size += (t.olen + 3) & ~3;
  const out = new Uint8Array(size);
  const o = new DataView(out.buffer);
  o.setUint32(0, v.getUint32(4));
  o.setUint16(4, n);
  let es = 0;
  while (1 << (es + 1) <= n) es++;
  o.setUint16(6, 16 << es);
  o.setUint16(8, es);
  o.setUint16(10, n * 16 - (16 << es));
  let pos = 12 + 16 * n;
  tables.forEach((t, i) => {
    const src = w.subarray(t.off, t.off + t.clen);
    const data = t.clen < t.olen ? unzlibSync(src) : src;
    if (data.length !== t.olen) throw new Error('生成 PDF 所用的字体文件已损坏（WOFF 表长度不符），请刷新页面后重试');
    out.set(data, pos);
    const p = 12 + i * 16;
    o.setUint32(p, t.tag);
    o.setUint32(p + 4, t.sum);
    o.setUint32(p + 8, pos);
    o.setUint32(p + 12, t.olen);
    pos += (t.olen + 3) & ~3;
  });
  return out;
}

/** What the export needs of a fontkit font besides what pdf-lib uses. */
export interface CjkFont {
  hasGlyphForCodePoint(cp: number): boolean;
  postscriptName: string;
}

interface Subset {
  encode(): Uint8Array;
  encodeStream?: () => unknown;
}

/**
 * A fontkit for `PDFDocument.registerFontkit` that opens fonts with upstream fontkit 2 and gives
 * its subsets the `encodeStream()` pdf-lib 1.17 calls (fontkit 2 only has `encode()`). `opened`
 * receives the font, so the export can ask which characters it has.
 */
export function fontkitForPdfLib(opened: (f: CjkFont) => void): Fontkit {
  const kit = {
    create(bytes: Uint8Array) {
      let font: fontkit.FontkitFont & CjkFont;
      try {
        font = fontkit.create(woffToSfnt(bytes));
      } catch {
        throw new Error('无法读取生成 PDF 所用的字体文件，请刷新页面后重试');
      }
      opened(font);
      const createSubset = font.createSubset.bind(font);
      Object.assign(font, {
        createSubset() {
          const s = createSubset() as unknown as Subset;
          s.encodeStream = () => {
            const on: Record<string, (x?: unknown) => void> = {};
            const stream = {
              on(event: string, cb: (x?: unknown) => void) {
                on[event] = cb;
                return stream;
              },
            };
            // pdf-lib attaches its listeners first, then waits: answer on the next microtask
            queueMicrotask(() => {
              try {
                on.data?.(s.encode());
                on.end?.();
              } catch (e) {
                on.error?.(e);
              }
            });
            return stream;
          };
          return s;
        },
      });
      return font;
    },
  };
  // pdf-lib types the fontkit 1.x font it was written against; fontkit 2's has the same members
  return kit as unknown as Fontkit;
}
