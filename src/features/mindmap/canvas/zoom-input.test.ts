import { afterEach, describe, expect, it, vi } from 'vitest';
import { WheelZoomGate } from './zoom-input';

describe('WheelZoomGate (ctrl+wheel, |delta| > 100, 100 ms debounce)', () => {
  afterEach(() => vi.useRealTimers());

  it('ignores wheel without ctrl and small deltas, and debounces a burst into one step', () => {
    vi.useFakeTimers();
    const steps: number[] = [];
    const gate = new WheelZoomGate((d) => steps.push(d));
    expect(gate.wheel(-120, false)).toBe(false);
    expect(gate.wheel(-50, true)).toBe(true);
    vi.advanceTimersByTime(200);
    expect(steps).toEqual([]);
    gate.wheel(-120, true);
    vi.advanceTimersByTime(60);
    gate.wheel(-120, true);
    vi.advanceTimersByTime(99);
    expect(steps).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(steps).toEqual([1]);
    gate.wheel(150, true);
    vi.advanceTimersByTime(100);
    expect(steps).toEqual([1, -1]);
  });

  it('cancels a pending step on dispose', () => {
    vi.useFakeTimers();
    const steps: number[] = [];
    const gate = new WheelZoomGate((d) => steps.push(d));
    gate.wheel(-200, true);
    gate.dispose();
    vi.advanceTimersByTime(500);
    expect(steps).toEqual([]);
  });
});
