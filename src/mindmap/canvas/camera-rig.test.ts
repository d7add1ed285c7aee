import { afterEach, describe, expect, it, vi } from 'vitest';
import { CameraRig } from './camera-rig';
import { ZOOM_ANIMATION_MS } from './zoom-input';

function rig() {
  const host = document.createElement('div');
  const seen = { frames: 0, zooms: [] as number[], rests: 0 };
  const r = new CameraRig({ invalidate: () => seen.frames++, host: () => host, zoom: (z) => seen.zooms.push(z), rest: () => seen.rests++ });
  r.width = 800;
  r.height = 600;
  return { r, host, seen };
}

describe('CameraRig', () => {
  afterEach(() => vi.useRealTimers());

  it('animates a zoom to its target, reports the target at once and rests 100 ms after the last move', () => {
    vi.useFakeTimers();
    const { r, host, seen } = rig();
    r.frame(0);
    const t0 = performance.now();
    r.zoomTo(2);
    expect(seen.zooms).toEqual([2]);
    expect(r.targetZoom).toBe(2);
    const mid = r.frame(t0 + ZOOM_ANIMATION_MS / 2);
    expect(mid.zoom).toBeGreaterThan(1);
    expect(mid.zoom).toBeLessThan(2);
    expect(host.dataset.camera).toBe('moving');
    expect(r.frame(t0 + ZOOM_ANIMATION_MS).zoom).toBe(2);
    vi.advanceTimersByTime(99);
    expect(seen.rests).toBe(0);
    vi.advanceTimersByTime(1);
    expect(seen.rests).toBe(1);
    expect(host.dataset.camera).toBeUndefined();
  });

  it('a reveal during a zoom animation moves the animation’s end, so the next frame keeps it', () => {
    const { r } = rig();
    const t0 = performance.now();
    r.zoomTo(2);
    expect(r.reveal({ x: 5000, y: 5000, w: 100, h: 40 })).toBe(true);
    const end = r.frame(t0 + ZOOM_ANIMATION_MS);
    // The node is inside the viewport at the zoom the animation ended on.
    expect(5000 * end.zoom + end.tx).toBeGreaterThanOrEqual(0);
    expect(5100 * end.zoom + end.tx).toBeLessThanOrEqual(800);
    expect(r.reveal({ x: 5000, y: 5000, w: 100, h: 40 })).toBe(false); // already visible
  });

  it('a resize keeps the content centred', () => {
    const { r } = rig();
    r.resize(1000, 600);
    expect(r.camera).toEqual({ tx: 100, ty: 0, zoom: 1 });
  });

  it('Ctrl+wheel steps and trackpad pinches zoom about the pointer; a small pinch still lands a step on', () => {
    const { r } = rig();
    const under = (c: { tx: number; ty: number; zoom: number }, sx: number, sy: number) => [(sx - c.tx) / c.zoom, (sy - c.ty) / c.zoom];
    const before = under(r.camera, 100, 50);
    r.zoomStepAt(1, 100, 50);
    const stepped = r.frame(performance.now() + ZOOM_ANIMATION_MS + 1);
    expect(stepped.zoom).toBe(1.25);
    expect(under(stepped, 100, 50)).toEqual(before);

    r.pinchBy(1.05, 700, 500);
    r.pinchBy(1.05, 700, 500);
    expect(r.camera.zoom).toBeCloseTo(1.25 * 1.05 * 1.05);
    const at = under(r.camera, 700, 500);
    // 1.378 is nearest 1.25, where the pinch began: it goes one step on, about the pointer.
    r.pinchEnd(1, 700, 500);
    const settled = r.frame(performance.now() + ZOOM_ANIMATION_MS + 1);
    expect(settled.zoom).toBe(1.5);
    expect(under(settled, 700, 500)[0]).toBeCloseTo(at[0]);
    expect(under(settled, 700, 500)[1]).toBeCloseTo(at[1]);
  });
});
