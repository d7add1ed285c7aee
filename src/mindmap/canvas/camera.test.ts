// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  ensureVisible,
  fitAllView,
  fitZoom,
  MIN_ZOOM,
  frameView,
  nearestZoom,
  PHONE_READABLE_PX,
  pinchCamera,
  readableZoom,
  screenToWorld,
  stepZoom,
  viewRect,
  worldToScreen,
  zoomAround,
  ZOOM_STEPS,
  type Camera,
} from './camera';

describe('camera', () => {
  it('a pinch zooms freely within 25-200 % around the fingers and settles on the nearest ladder step', () => {
    const start: Camera = { zoom: 1, tx: 10, ty: 20 };
    const c = pinchCamera(start, 0.6, 110, 220, 150, 260);
    expect(c.zoom).toBeCloseTo(0.6);
    // the world point first under the fingers (100, 200) follows their midpoint
    expect(worldToScreen(c, 100, 200)).toEqual([150, 260]);
    expect(pinchCamera(start, 9, 0, 0, 0, 0).zoom).toBe(2);
    expect(pinchCamera(start, 0.01, 0, 0, 0, 0).zoom).toBe(0.25);
    expect([0.1, 0.6, 0.62, 0.63, 1.1, 1.9, 3].map(nearestZoom)).toEqual([0.25, 0.5, 0.5, 0.75, 1, 2, 2]);
  });

  it('zooms along the 25–200 % ladder in steps of 25', () => {
    expect(ZOOM_STEPS).toEqual([0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(2, 1)).toBe(2);
    expect(stepZoom(0.25, -1)).toBe(0.25);
    // Off-ladder values (mid-animation) snap to the next rung in the asked direction.
    expect(stepZoom(0.6, 1)).toBe(0.75);
    expect(stepZoom(0.6, -1)).toBe(0.5);
  });

  it('clamps zoom to 25–200 %', () => {
    expect(clampZoom(0.1)).toBe(0.25);
    expect(clampZoom(3)).toBe(2);
    expect(clampZoom(1.1)).toBe(1.1);
  });

  it('round-trips screen and world coordinates', () => {
    const c: Camera = { tx: 120, ty: -40, zoom: 1.5 };
    const [sx, sy] = worldToScreen(c, 33, 77);
    expect(screenToWorld(c, sx, sy)).toEqual([33, 77]);
  });

  it('keeps the anchor point fixed when zooming around it', () => {
    const c: Camera = { tx: 10, ty: 20, zoom: 1 };
    const z = zoomAround(c, 2, 400, 300);
    expect(worldToScreen(z, ...screenToWorld(c, 400, 300))).toEqual([400, 300]);
    expect(zoomAround(c, 9, 0, 0).zoom).toBe(2);
  });

  it('computes the visible world rectangle with a screen margin', () => {
    const r = viewRect({ tx: -100, ty: -50, zoom: 0.5 }, 800, 600, 10);
    expect(r).toEqual({ x: 180, y: 80, w: 1640, h: 1240 });
  });

  it('scrolls just enough (plus 50 px) to reveal a box, and not at all when visible', () => {
    const c: Camera = { tx: 0, ty: 0, zoom: 1 };
    expect(ensureVisible(c, { x: 10, y: 10, w: 50, h: 20 }, 800, 600)).toBe(c);
    const moved = ensureVisible(c, { x: 900, y: 700, w: 100, h: 20 }, 800, 600);
    expect(moved).toEqual({ zoom: 1, tx: 800 - 1000 - 50, ty: 600 - 720 - 50 });
    expect(ensureVisible(c, { x: -300, y: 10, w: 100, h: 20 }, 800, 600).tx).toBe(350);
  });

  it('keeps labels readable: 12 px topics need 75 %, 16 px ones 50 %', () => {
    expect(readableZoom(12)).toBe(0.75);
    expect(readableZoom(16)).toBe(0.5);
    expect(readableZoom(40)).toBe(0.25);
    // on a phone 12 px: the same topics open at 100 %, 16 px ones at 75 %
    expect(readableZoom(12, PHONE_READABLE_PX)).toBe(1);
    expect(readableZoom(16, PHONE_READABLE_PX)).toBe(0.75);
    expect(fitZoom({ x: 0, y: 0, w: 960, h: 100 }, 1000, 800)).toBe(1);
    expect(fitZoom({ x: 0, y: 0, w: 960, h: 100 }, 1000, 800, 0.75)).toBe(0.75);
    expect(fitZoom({ x: 0, y: 0, w: 100000, h: 100 }, 1000, 800)).toBe(0.25);
  });

  it('frames the whole map when it fits readably, else a readable zoom around the focus without empty margins', () => {
    const small = frameView({ x: 0, y: 0, w: 600, h: 300 }, { x: 0, y: 0, w: 10, h: 10 }, 1000, 800, 0.75, 1);
    expect(small.zoom).toBe(1);
    expect(worldToScreen(small, 300, 150)).toEqual([500, 400]); // centred on the map
    const bounds = { x: -5000, y: -20000, w: 10000, h: 40000 };
    // focus in the middle: centred on it
    const mid = frameView(bounds, { x: -50, y: -10, w: 100, h: 20 }, 1000, 800, 0.75, 1);
    expect(mid.zoom).toBe(0.75);
    expect(worldToScreen(mid, 0, 0)).toEqual([500, 400]);
    // focus at the map's left edge: the map's edge stays 20 px in, no empty band
    const edge = frameView(bounds, { x: -5000, y: -10, w: 100, h: 20 }, 1000, 800, 0.75, 1);
    expect(worldToScreen(edge, -5000, 0)[0]).toBe(20);
    // a map narrower than the view is centred on that axis
    const tall = frameView({ x: 0, y: 0, w: 400, h: 40000 }, { x: 0, y: 20000, w: 10, h: 10 }, 1000, 800, 0.75, 1);
    expect(worldToScreen(tall, 200, 20005)).toEqual([500, 400]);
  });

  it('适应画布 shows the whole map, below the readable zoom down to MIN_ZOOM, centred; past MIN_ZOOM it centres the map', () => {
    // 2400 × 1200 in 1000 × 800: the readable rule (75 %) frames a part of it around the focus …
    const bounds = { x: -1200, y: -600, w: 2400, h: 1200 };
    expect(frameView(bounds, { x: -1200, y: -10, w: 100, h: 20 }, 1000, 800, 0.75, 2).zoom).toBe(0.75);
    // … the explicit fit shows all of it: every corner on screen, the map's centre at the view's
    const all = fitAllView(bounds, 1000, 800, 2);
    // (the zoom that just holds it, 1000 / 2440: not floored to the ladder's 25 %, issue 31.15)
    expect(all.zoom).toBeCloseTo(1000 / 2440, 6);
    expect(worldToScreen(all, 0, 0)).toEqual([500, 400]);
    for (const [x, y] of [
      [-1200, -600],
      [1200, 600],
    ]) {
      const [sx, sy] = worldToScreen(all, x, y);
      expect(sx).toBeGreaterThanOrEqual(0);
      expect(sx).toBeLessThanOrEqual(1000);
      expect(sy).toBeGreaterThanOrEqual(0);
      expect(sy).toBeLessThanOrEqual(800);
    }
    // A middling map gets the zoom that just holds it (not the ladder step below, nor the readable one).
    expect(fitAllView({ x: 0, y: 0, w: 1500, h: 900 }, 1000, 800, 2).zoom).toBeCloseTo(1000 / 1540, 6);
    // A small one is not blown up past maxZoom.
    expect(fitAllView({ x: 0, y: 0, w: 100, h: 50 }, 1000, 800, 2).zoom).toBe(2);
    // Too big even for MIN_ZOOM: centred on the map at MIN_ZOOM.
    const huge = fitAllView({ x: 0, y: 0, w: 100000, h: 300 }, 1000, 800, 2);
    expect(huge.zoom).toBe(MIN_ZOOM);
    expect(worldToScreen(huge, 50000, 150)).toEqual([500, 400]);
  });

  it("适应画布 keeps the topics' frame while all that is drawn is on screen, and frames the drawings too when not", () => {
    const topics = { x: 0, y: 0, w: 400, h: 300 };
    const plain = fitAllView(topics, 1000, 800, 2);
    // an expander just beside a topic: inside the margin, the same view
    expect(fitAllView(topics, 1000, 800, 2, 20, { x: -14, y: 0, w: 414, h: 300 })).toEqual(plain);
    // an arc swinging 200 px below the topics: the view holds it, 6 px in at least
    const arc = { x: 0, y: 0, w: 400, h: 500 };
    const v = fitAllView(topics, 1000, 800, 2, 20, arc);
    expect(v.zoom).toBeLessThan(plain.zoom);
    const [, bottom] = worldToScreen(v, 0, 500);
    expect(bottom).toBeLessThanOrEqual(800 - 6);
  });
});
