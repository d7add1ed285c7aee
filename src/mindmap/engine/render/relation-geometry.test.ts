import { describe, expect, it } from 'vitest';
import {
  ARROW_SIZE,
  arrowHead,
  autoControls,
  boxExit,
  defaultControls,
  distanceToCurve,
  pointAt,
  relationColor,
  relationCurve,
  sampleCurve,
  type BoxLike,
} from './relation-geometry';

const A = { x: 0, y: 0, w: 100, h: 40 };
const B = { x: 300, y: 200, w: 80, h: 30 };
const onEdge = (b: typeof A, p: { x: number; y: number }) => {
  const eps = 1e-6;
  const inX = p.x >= b.x - eps && p.x <= b.x + b.w + eps;
  const inY = p.y >= b.y - eps && p.y <= b.y + b.h + eps;
  const edgeX = Math.abs(p.x - b.x) < eps || Math.abs(p.x - b.x - b.w) < eps;
  const edgeY = Math.abs(p.y - b.y) < eps || Math.abs(p.y - b.y - b.h) < eps;
  return inX && inY && (edgeX || edgeY);
};

describe('relation geometry', () => {
  it('starts and ends the curve on the two boxes’ edges, toward the control points', () => {
    const c = relationCurve(A, B);
    expect(onEdge(A, c.p0)).toBe(true);
    expect(onEdge(B, c.p3)).toBe(true);
    const above = { ...B, y: -300 };
    const stored = relationCurve(A, above, [
      { x: 0, y: -100 },
      { x: 0, y: 100 },
    ]);
    // Straight up from A's centre, straight down from the other's: top and bottom edge middles.
    expect(stored.p0).toEqual({ x: 50, y: 0 });
    expect(stored.p3).toEqual({ x: 340, y: -270 });
  });

  it('bows the automatic curve sideways, off the straight line between the centres', () => {
    const a = { x: 0, y: 0, w: 10, h: 10 };
    const b = { x: 300, y: 0, w: 10, h: 10 };
    const [o1, o2] = defaultControls(a, b);
    expect(o1.y).toBeLessThan(-40);
    expect(o2.y).toBe(o1.y);
    expect(Math.abs(pointAt(relationCurve(a, b), 0.5).y)).toBeGreaterThan(30);
  });

  it('a control point stored inside its topic is drawn past the edge: the curve stays off both boxes and ends on their borders', () => {
    // XMind's offsets: 40 px from the centre of topics wider than 80 px
    const a = { x: 0, y: 0, w: 160, h: 40 };
    const b = { x: 0, y: 300, w: 160, h: 40 };
    const c = relationCurve(a, b, [
      { x: 50, y: 10 },
      { x: -40, y: -15 },
    ]);
    expect(onEdge(a, c.p0)).toBe(true);
    expect(onEdge(b, c.p3)).toBe(true);
    const inside = (r: typeof a, p: { x: number; y: number }) => p.x > r.x + 1 && p.x < r.x + r.w - 1 && p.y > r.y + 1 && p.y < r.y + r.h - 1;
    for (const p of sampleCurve(c, 40)) expect(inside(a, p) || inside(b, p)).toBe(false);
  });

  it('a control point stored beyond its topic, opposite where the curve comes from, is turned until the curve no longer runs through that topic', () => {
    // a file's offset 30 px below a one-character topic, the other end straight above it
    const a = { x: 0, y: 0, w: 24, h: 26 };
    const b = { x: 0, y: 200, w: 24, h: 26 };
    const inside = (r: BoxLike, p: { x: number; y: number }) => p.x > r.x + 1 && p.x < r.x + r.w - 1 && p.y > r.y + 1 && p.y < r.y + r.h - 1;
    for (const controls of [
      [
        { x: 0, y: 60 },
        { x: 0, y: 43 },
      ],
      [
        { x: 5, y: -45 },
        { x: -3, y: 50 },
      ],
    ] as const) {
      const c = relationCurve(a, b, controls);
      expect(onEdge(a, c.p0)).toBe(true);
      expect(onEdge(b, c.p3)).toBe(true);
      for (const p of sampleCurve(c, 64)) expect(inside(a, p) || inside(b, p)).toBe(false);
    }
    // a stored point that leaves the curve clear is drawn where it is stored
    const kept = relationCurve(a, b, [
      { x: 60, y: 40 },
      { x: 60, y: -40 },
    ]);
    expect(kept.c1).toEqual({ x: 72, y: 53 });
    expect(kept.c2).toEqual({ x: 72, y: 173 });
  });

  it("a control point at its topic's centre, or inside on the far side of a wide topic, is drawn past the edge facing the other end (an outside walk's XMind files)", () => {
    const jia = { x: 122, y: 54, w: 108, h: 52 };
    const bing = { x: 122, y: 318, w: 416, h: 52 };
    const inside = (r: BoxLike, p: { x: number; y: number }) => p.x > r.x + 1 && p.x < r.x + r.w - 1 && p.y > r.y + 1 && p.y < r.y + r.h - 1;
    for (const [a, b, controls] of [
      [
        jia,
        bing,
        [
          { x: 0, y: 0 },
          { x: 5, y: 2 },
        ],
      ],
      [
        jia,
        { ...jia, y: 200 },
        [
          { x: 0, y: 0 },
          { x: 0, y: 0 },
        ],
      ],
    ] as const) {
      const c = relationCurve(a, b, controls);
      expect(onEdge(a, c.p0)).toBe(true);
      expect(onEdge(b, c.p3)).toBe(true);
      for (const p of sampleCurve(c, 64)) expect(inside(a, p) || inside(b, p)).toBe(false);
      // the arrow's tip is the end on the border, its back outside the box
      const [, l, r] = arrowHead(c, ARROW_SIZE);
      expect(inside(b, l) || inside(b, r)).toBe(false);
    }
  });

  it('a point inside a box exits at its centre', () => {
    expect(boxExit(A, { x: 60, y: 25 })).toEqual({ x: 50, y: 20 });
  });

  it('hit test: distance to the curve is ~0 on it and grows away from it', () => {
    const c = relationCurve(A, B);
    const mid = pointAt(c, 0.5);
    expect(distanceToCurve(c, mid)).toBeLessThan(0.5);
    const a = pointAt(c, 0.49);
    const b = pointAt(c, 0.51);
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const off = { x: mid.x - ((b.y - a.y) / len) * 20, y: mid.y + ((b.x - a.x) / len) * 20 };
    expect(distanceToCurve(c, off)).toBeGreaterThan(15);
  });

  it('the arrowhead’s tip is the curve end, its base behind it', () => {
    const c = relationCurve(A, B, [
      { x: 0, y: 0 },
      { x: -200, y: 0 },
    ]);
    const [tip, l, r] = arrowHead(c, 10);
    expect(tip).toEqual(c.p3);
    expect(l.x).toBeCloseTo(tip.x - 10);
    expect(r.x).toBeCloseTo(tip.x - 10);
    expect(Math.abs(l.y - r.y)).toBeCloseTo(9);
  });

  it('colour: dark lines on light backgrounds, light ones on dark', () => {
    expect(relationColor({ background: '#fbfbfb' })).toBe('#e8590c');
    expect(relationColor({ background: '#3a4144' })).toBe('#ffa94d');
  });

  it('keeps an automatic curve off other topics: the other side, or a wider bow, when the usual one crosses one', () => {
    // Two branches left and right of a root that lies where the usual bow passes.
    const left = { x: 0, y: 100, w: 80, h: 30 };
    const right = { x: 400, y: 100, w: 80, h: 30 };
    const usual = relationCurve(left, right);
    const mid = pointAt(usual, 0.5);
    const root = { x: mid.x - 50, y: mid.y - 20, w: 100, h: 40 };
    const near = (r: BoxLike) => [left, right, root].filter((b) => b.x < r.x + r.w && r.x < b.x + b.w && b.y < r.y + r.h && r.y < b.y + b.h);
    const inside = (b: BoxLike) => (p: { x: number; y: number }) => p.x >= b.x && p.x <= b.x + b.w && p.y >= b.y && p.y <= b.y + b.h;
    expect(sampleCurve(usual, 24).some(inside(root))).toBe(true);
    const clear = relationCurve(left, right, undefined, near);
    expect(sampleCurve(clear, 24).some(inside(root))).toBe(false);
    // nothing in the way: the usual bow, whatever is elsewhere on the map
    const far = { x: 2000, y: 2000, w: 100, h: 40 };
    expect(
      autoControls(left, right, (r) => [left, right, far].filter((b) => b.x < r.x + r.w && r.x < b.x + b.w && b.y < r.y + r.h && r.y < b.y + b.h)),
    ).toEqual(defaultControls(left, right));
  });
});
