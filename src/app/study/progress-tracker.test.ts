// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ProgressTracker } from './progress-tracker';

describe('ProgressTracker', () => {
  it('reports the start of playback at once, then every 15 s of playback', () => {
    const t = new ProgressTracker({ position: 12, watched: 12 });
    expect(t.pending).toBe(false);
    expect(t.tick(12.25, 0.25)).toBe(true);
    expect(t.take()).toEqual({ position: 12.25, watched: 12.25, segments: [[12, 12.25]] });
    let due = 0;
    for (let i = 1; i <= 60; i++) {
      if (t.tick(12.25 + i * 0.5, 0.5)) {
        due++;
        t.take();
      }
    }
    expect(due).toBe(2);
    expect(t.watched).toBeCloseTo(42.25);
  });

  it('collects the intervals played at any rate: a 30 s clip at 2× is [0, 30]; a seek starts another; a lost report is resent', () => {
    const t = new ProgressTracker({ position: 0, watched: 0 });
    for (let i = 1; i <= 60; i++) t.tick(i * 0.5, 0.5); // 2×: 0.5 s of media per 250 ms timeupdate
    t.tick(40, 0); // a seek forward counts nothing
    t.tick(41, 1);
    const p = t.take();
    expect(p.segments).toEqual([
      [0, 30],
      [40, 41],
    ]);
    t.restore(p.segments);
    t.tick(42, 1);
    expect(t.take().segments).toEqual([
      [0, 30],
      [40, 42],
    ]);
  });

  it('counts seeks and pauses as nothing watched, but a moved position is still pending', () => {
    const t = new ProgressTracker({ position: 0, watched: 0 });
    expect(t.tick(20, 0)).toBe(false);
    expect(t.watched).toBe(0);
    expect(t.pending).toBe(true);
    expect(t.take()).toEqual({ position: 20, watched: 0, segments: [] });
    expect(t.pending).toBe(false);
  });
});
