import { describe, expect, it } from 'vitest';
import { A4, MAX_PAGE, MAX_TILED_PAGES, planPages, PX } from './pdf-pages';
import { pathBox, readSvg } from './pdf-ops';

// Where a map goes on PDF pages (the rules in pdf-pages.ts), and the SVG export read back as
// drawing operations.

describe('PDF pages', () => {
  it('one page: the map at 100 %, scaled down only past the 14,400 pt page limit', () => {
    expect(planPages(800, 600, 'single')).toEqual([expect.objectContaining({ width: 600, height: 450, scale: PX, label: '' })]);
    const [big] = planPages(40_000, 1000, 'single');
    expect(big.width).toBeCloseTo(MAX_PAGE);
    expect(big.scale).toBeCloseTo(MAX_PAGE / 40_000);
  });

  it('print: a map that reads at half size is one A4 page in the orientation that fits it best', () => {
    const [landscape, ...rest] = planPages(1400, 700, 'tiled');
    expect(rest).toEqual([]);
    expect([landscape.width, landscape.height]).toEqual([A4.h, A4.w]);
    expect(landscape.scale).toBeLessThanOrEqual(PX);
    expect(landscape.scale).toBeGreaterThanOrEqual(PX / 2);
    const [portrait] = planPages(700, 1400, 'tiled');
    expect([portrait.width, portrait.height]).toEqual([A4.w, A4.h]);
  });

  it('print: a larger map is cut into labelled, overlapping tiles that cover all of it', () => {
    const W = 5000,
      H = 1200;
    const pages = planPages(W, H, 'tiled');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.length).toBeLessThanOrEqual(MAX_TILED_PAGES);
    pages.forEach((p, i) => expect(p.label).toMatch(new RegExp(`^第 ${i + 1} / ${pages.length} 页（第 \\d+ 行，第 \\d+ 列）$`)));
    // neighbours overlap, and the last row and column reach the map's edges
    const [a, b] = pages;
    expect(b.view.x).toBeLessThan(a.view.x + a.view.w);
    expect(Math.max(...pages.map((p) => p.view.x + p.view.w))).toBeGreaterThanOrEqual(W);
    expect(Math.max(...pages.map((p) => p.view.y + p.view.h))).toBeGreaterThanOrEqual(H);
  });

  it('print: a huge map is scaled down (to half at most) to keep the page count sane', () => {
    const pages = planPages(20_000, 20_000, 'tiled');
    expect(pages[0].scale).toBeCloseTo(PX / 2);
  });
});

describe('SVG read back for the PDF', () => {
  it('keeps group translates, inherited paint, and the pen position of empty lines', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50" style="background: #abc; font-family: x">' +
      '<g transform="translate(10,20)"><g fill="none" stroke="#666" stroke-width="2"><rect x="1" y="2" width="11" height="8" rx="4"/></g>' +
      '<text x="50" y="10" text-anchor="middle" font-size="14" font-weight="bold" fill="#fff"><tspan x="50" dy="-7">A &amp; B</tspan><tspan x="50" dy="7"></tspan><tspan x="50" dy="7">第三行</tspan></text>' +
      '<title>学习进度</title></g></svg>';
    const scene = readSvg(svg);
    expect(scene).toMatchObject({ width: 100, height: 50, background: '#abc' });
    const [rect, first, third, ...rest] = scene.ops;
    expect(rest).toEqual([]);
    expect(rect).toMatchObject({ kind: 'path', dx: 10, dy: 20, paint: { fill: null, stroke: '#666', strokeWidth: 2 } });
    expect(first).toMatchObject({ kind: 'text', text: 'A & B', x: 60, y: 23, anchor: 'middle', bold: true, color: '#fff' });
    expect(third).toMatchObject({ kind: 'text', text: '第三行', y: 37 });
  });

  it('bounds a path, arcs padded by their radius', () => {
    expect(pathBox('M0,0L10,5')).toEqual({ x: 0, y: 0, w: 10, h: 5 });
    expect(pathBox('M0,0A20,20 0 0 1 10,10')).toEqual({ x: -20, y: -20, w: 50, h: 50 });
    expect(pathBox('M5,5H15V25Z')).toEqual({ x: 5, y: 5, w: 10, h: 20 });
  });
});
