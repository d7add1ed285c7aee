// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WheelZoomGate, type WheelLike } from './zoom-input';

// Ctrl+wheel zoom: notches debounced into one step per burst, a trackpad pinch followed and settled.

const wheel = (deltaY: number, over: Partial<WheelLike> = {}): WheelLike => ({ deltaY, ctrlKey: true, offsetX: 30, offsetY: 40, ...over });

function gate() {
  const calls: string[] = [];
  const g = new WheelZoomGate({
    step: (d, x, y) => calls.push(`step ${d} @${x},${y}`),
    pinch: (s, x, y) => calls.push(`pinch ${s.toFixed(3)} @${x},${y}`),
    pinchEnd: (d, x, y) => calls.push(`end ${d} @${x},${y}`),
  });
  return { g, calls };
}

describe('WheelZoomGate (Ctrl+wheel and trackpad pinch, 100 ms debounce)', () => {
  afterEach(() => vi.useRealTimers());

  it('ignores a wheel without Ctrl/⌘; a burst of notches is one step about the pointer, 100 ms after the last', () => {
    vi.useFakeTimers();
    const { g, calls } = gate();
    expect(g.wheel(wheel(-120, { ctrlKey: false }))).toBe(false);
    // Chromium's notch is deltaY 100 exactly (kityminder's "> 100" was wheelDelta's 120): it counts.
    g.wheel(wheel(-100));
    vi.advanceTimersByTime(60);
    g.wheel(wheel(-100, { offsetX: 35 }));
    vi.advanceTimersByTime(99);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['step 1 @35,40']);
    // Firefox counts lines: 3 lines down is a notch down; ⌘ counts as Ctrl.
    g.wheel(wheel(3, { deltaMode: 1, ctrlKey: false, metaKey: true }));
    vi.advanceTimersByTime(100);
    expect(calls).toEqual(['step 1 @35,40', 'step -1 @30,40']);
  });

  it('SPEC §9 "delta over 100": a burst whose notches add up to less than 100 px zooms nothing (issue 31.11)', () => {
    vi.useFakeTimers();
    const { g, calls } = gate();
    g.wheel(wheel(-50));
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([]);
    // Two 50 px notches in one burst add up to a step; so does a Linux notch pair (53 + 53).
    g.wheel(wheel(50));
    vi.advanceTimersByTime(50);
    g.wheel(wheel(50));
    vi.advanceTimersByTime(100);
    expect(calls).toEqual(['step -1 @30,40']);
    g.wheel(wheel(-53));
    g.wheel(wheel(-53));
    vi.advanceTimersByTime(100);
    expect(calls).toEqual(['step -1 @30,40', 'step 1 @30,40']);
    // Notches that cancel out (up then down) zoom nothing.
    g.wheel(wheel(-100));
    g.wheel(wheel(60));
    vi.advanceTimersByTime(100);
    expect(calls).toHaveLength(2);
  });

  it('a pinch (small ctrl+wheel deltas) zooms as the fingers move and settles 100 ms after the last', () => {
    vi.useFakeTimers();
    const { g, calls } = gate();
    expect(g.wheel(wheel(-5))).toBe(true);
    g.wheel(wheel(-5));
    expect(calls).toEqual(['pinch 1.051 @30,40', 'pinch 1.051 @30,40']);
    vi.advanceTimersByTime(100);
    // 10 px in all: under SPEC's "delta over 100", so to the nearest step, never forced one on (issue 31.11)
    expect(calls.at(-1)).toBe('end 0 @30,40');
    // A pinch whose deltas add up to 100 px is not undone: at least one step on.
    for (let i = 0; i < 25; i++) g.wheel(wheel(-4));
    vi.advanceTimersByTime(100);
    expect(calls.at(-1)).toBe('end 1 @30,40');
    // In and out again: still settled (never left between ladder steps).
    g.wheel(wheel(4));
    g.wheel(wheel(-4));
    vi.advanceTimersByTime(100);
    expect(calls.at(-1)).toBe('end 0 @30,40');
  });

  it('cancels a pending step on dispose', () => {
    vi.useFakeTimers();
    const { g, calls } = gate();
    g.wheel(wheel(-200));
    g.dispose();
    vi.advanceTimersByTime(500);
    expect(calls).toEqual([]);
  });
});
