// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { arcBounds, circleArc, type CircleArc } from './arc-geometry';

const arc = (): CircleArc => ({ cx: 0, cy: 0, r: 0, a0: 0, a1: 0 });
const end = (a: CircleArc, t: number) => [a.cx + a.r * Math.cos(t), a.cy + a.r * Math.sin(t)];

describe('circleArc (SVG "A r,r 0 0 sweep" in centre form)', () => {
  it('keeps both end points on the circle for either sweep', () => {
    for (const sweep of [0, 1] as const) {
      const a = circleArc(10, 20, 70, 100, 100, sweep, arc());
      expect(a.r).toBe(100);
      end(a, a.a0).forEach((v, i) => expect(v).toBeCloseTo([10, 20][i], 9));
      end(a, a.a1).forEach((v, i) => expect(v).toBeCloseTo([70, 100][i], 9));
      // large-arc 0: never more than half a turn, in the sweep's direction
      expect(Math.abs(a.a1 - a.a0)).toBeLessThanOrEqual(Math.PI);
      expect(Math.sign(a.a1 - a.a0)).toBe(sweep ? 1 : -1);
    }
  });

  it('puts the centre on opposite sides of the chord for the two sweeps', () => {
    const cw = circleArc(0, 0, 2, 0, 2, 1, arc());
    const ccw = circleArc(0, 0, 2, 0, 2, 0, arc());
    expect(cw.cy).toBeCloseTo(Math.sqrt(3), 9); // below: the clockwise arc bulges up
    expect(ccw.cy).toBeCloseTo(-Math.sqrt(3), 9);
  });

  it('grows a radius shorter than half the chord to a half circle, as SVG does', () => {
    const a = circleArc(0, 0, 10, 0, 1, 1, arc());
    expect([a.cx, a.cy, a.r]).toEqual([5, 0, 5]);
    expect(a.a1 - a.a0).toBeCloseTo(Math.PI, 9);
  });

  it('degenerates to a point when both ends coincide', () => {
    expect(circleArc(3, 4, 3, 4, 10, 1, arc())).toEqual({ cx: 3, cy: 4, r: 0, a0: 0, a1: 0 });
  });
});

describe('arcBounds', () => {
  const box = () => ({ x: 0, y: 0, w: 0, h: 0 });

  it('adds the axis extremes the sweep passes', () => {
    // half circle over the top of centre (5,0), r 5: from (0,0) clockwise to (10,0)
    const b = arcBounds(circleArc(0, 0, 10, 0, 5, 1, arc()), box());
    [b.x, b.y, b.w, b.h].forEach((v, i) => expect(v).toBeCloseTo([0, -5, 10, 5][i], 9));
  });

  it('is the end points box when no extreme lies on the arc', () => {
    // quarter arc from (1,0) to (0,1) around the origin: angles 0 → π/2 include both extremes
    const q = { cx: 0, cy: 0, r: 1, a0: 0.1, a1: 1.4 };
    const b = arcBounds(q, box());
    expect(b.x).toBeCloseTo(Math.cos(1.4), 9);
    expect(b.y).toBeCloseTo(Math.sin(0.1), 9);
    expect(b.x + b.w).toBeCloseTo(Math.cos(0.1), 9);
    expect(b.y + b.h).toBeCloseTo(Math.sin(1.4), 9);
  });

  it('handles counter-clockwise arcs and angles below −π', () => {
    const b = arcBounds({ cx: 0, cy: 0, r: 2, a0: -0.5, a1: -2 }, box());
    // passes −π/2 (the top): y reaches −2
    expect(b.y).toBeCloseTo(-2, 9);
    expect(b.x + b.w).toBeCloseTo(2 * Math.cos(-0.5), 9);
  });
});
