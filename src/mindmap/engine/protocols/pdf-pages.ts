import type { Box } from '../layout/connectors';

// Where the map goes on the pages of a PDF export (issue 19.6). Sizes are PDF points (1/72 in);
// the map is in CSS pixels, which print at 0.75 pt (96 per inch) — "100 %".
//
// 单页 (one page): one page the size of the map at 100 %, up to PDF's 200-inch page limit
//   (14,400 pt); a larger map is scaled down to fit that page.
// 分页打印 (tiled): A4 pages with a 10 mm margin and a line at the bottom saying
//   "第 2 / 6 页（第 1 行，第 2 列）".
//   - A map that fits one page at ≥ 50 % (it would still read) is one page, at most 100 %.
//   - Otherwise it is cut into tiles at 100 %, neighbours overlapping by 6 mm so nothing is lost
//     on a cut line; when that takes more than MAX_TILED_PAGES the scale goes down (to 50 % at the
//     least) to keep the print run sane.
//   - Landscape or portrait: whichever needs fewer pages (landscape on a tie).

export const PX = 0.75;
export const MAX_PAGE = 14400;
export const A4 = { w: 595.28, h: 841.89 };
export const MARGIN = 28.35;
/** Room under the printable area for the page label. */
export const FOOTER = 14;
export const OVERLAP = 17;
export const MAX_TILED_PAGES = 48;
const MIN_TILE_SCALE = 0.5 * PX;

export type PdfMode = 'single' | 'tiled';

export interface PdfPage {
  width: number;
  height: number;
  /** The part of the map on this page, in map pixels. */
  view: Box;
  /** Where the view goes on the page: its top-left corner from the page's top-left, in points. */
  left: number;
  top: number;
  /** Points per map pixel. */
  scale: number;
  /** "第 2 / 6 页（第 1 行，第 2 列）" on tiled pages, '' on one page. */
  label: string;
}

/** The pages of a map of `width` × `height` pixels. */
export function planPages(width: number, height: number, mode: PdfMode): PdfPage[] {
  const W = Math.max(1, width);
  const H = Math.max(1, height);
  if (mode === 'single') {
    const scale = Math.min(PX, MAX_PAGE / W, MAX_PAGE / H);
    return [{ width: W * scale, height: H * scale, view: { x: 0, y: 0, w: W, h: H }, left: 0, top: 0, scale, label: '' }];
  }
  const sheets = [
    { w: A4.h, h: A4.w },
    { w: A4.w, h: A4.h },
  ];
  const area = (s: { w: number; h: number }) => ({ w: s.w - 2 * MARGIN, h: s.h - 2 * MARGIN - FOOTER });
  // one page when the whole map still reads
  const fits = sheets.map((s) => Math.min(area(s).w / W, area(s).h / H));
  const best = fits[0] >= fits[1] ? 0 : 1;
  if (fits[best] >= MIN_TILE_SCALE) {
    const s = sheets[best];
    const scale = Math.min(PX, fits[best]);
    const a = area(s);
    return [{ width: s.w, height: s.h, view: { x: 0, y: 0, w: W, h: H }, left: MARGIN + (a.w - W * scale) / 2, top: MARGIN, scale, label: '' }];
  }
  const grid = (s: { w: number; h: number }, scale: number) => {
    const a = area(s);
    const step = (len: number, room: number) => Math.max(1, Math.ceil((len * scale - OVERLAP) / (room - OVERLAP)));
    return { cols: step(W, a.w), rows: step(H, a.h) };
  };
  let scale = PX;
  const count = (s: { w: number; h: number }, k: number) => {
    const g = grid(s, k);
    return g.cols * g.rows;
  };
  const pick = (k: number) => (count(sheets[0], k) <= count(sheets[1], k) ? 0 : 1);
  let o = pick(scale);
  while (count(sheets[o], scale) > MAX_TILED_PAGES && scale > MIN_TILE_SCALE) {
    scale = Math.max(MIN_TILE_SCALE, scale * 0.9);
    o = pick(scale);
  }
  const s = sheets[o];
  const a = area(s);
  const { cols, rows } = grid(s, scale);
  const vw = a.w / scale;
  const vh = a.h / scale;
  const ov = OVERLAP / scale;
  const pages: PdfPage[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const n = pages.length + 1;
      pages.push({
        width: s.w,
        height: s.h,
        view: { x: c * (vw - ov), y: r * (vh - ov), w: vw, h: vh },
        left: MARGIN,
        top: MARGIN,
        scale,
        label: `第 ${n} / ${rows * cols} 页（第 ${r + 1} 行，第 ${c + 1} 列）`,
      });
    }
  return pages;
}

export const intersects = (a: Box, b: Box) => a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;
