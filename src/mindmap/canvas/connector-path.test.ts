// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { arcTp, arcTpBounds, connectorBounds, connectorPath } from './connector-path';
import type { CircleArc } from './arc-geometry';
import { PathOp } from './scene-types';

const parent = { x: 0, y: 0, w: 100, h: 40 };
const child = { x: 200, y: 100, w: 60, h: 20 };

describe('connectorPath', () => {
  it('bezier runs from the parent right-middle to 2 px before the child, controls at mid x', () => {
    expect(connectorPath('bezier', parent, child, [])).toEqual([PathOp.Move, 100, 20, PathOp.Cubic, 149, 20, 149, 110, 198, 110]);
  });

  it('arc starts at the parent centre and ends with a dot', () => {
    const p = connectorPath('arc', parent, child, []);
    expect(p.slice(0, 3)).toEqual([PathOp.Move, 50, 20]);
    expect(p.slice(-4)).toEqual([PathOp.Dot, 198, 110, 3]);
  });

  it('line (fish-bone level 2) leaves the bone at its golden cut, on the edge facing the child', () => {
    expect(connectorPath('line', parent, child, [])).toEqual([PathOp.Move, 38.2, 40, PathOp.Line, 200, 110]);
    const above = { x: 200, y: -100, w: 60, h: 20 };
    expect(connectorPath('line', parent, above, [])).toEqual([PathOp.Move, 38.2, 0, PathOp.Line, 200, -90]);
  });

  it('poly is a vertical elbow from the parent bottom centre to the child top centre (organisation charts)', () => {
    expect(connectorPath('poly', parent, child, [])).toEqual([PathOp.Move, 50, 40, PathOp.Line, 50, 70, PathOp.Line, 230, 70, PathOp.Line, 230, 100]);
  });

  it('fish-bone runs along the parent middle, then 45° into the child corner', () => {
    expect(connectorPath('fish-bone', parent, child, [])).toEqual([PathOp.Move, 100, 20, PathOp.Line, 120, 20, PathOp.Line, 200, 100]);
  });

  it('bounds are the union of both boxes, 4 px deeper for the underline', () => {
    expect(connectorBounds(parent, child)).toEqual({ x: 0, y: 0, w: 260, h: 124 });
  });
});

describe('arc_tp (tianpan)', () => {
  // Boxes centred on (50,20) (parent), (150,20) (previous sibling) and (150,120) (the node).
  const p = { x: 0, y: 0, w: 100, h: 40 };
  const prev = { x: 120, y: 0, w: 60, h: 40 };
  const node = { x: 120, y: 100, w: 60, h: 40 };
  const at = (a: CircleArc, t: number) => [a.cx + a.r * Math.cos(t), a.cy + a.r * Math.sin(t)];
  const close = (got: number[], want: number[]) => got.forEach((v, i) => expect(v).toBeCloseTo(want[i], 6));

  it('runs from the previous sibling centre to the node centre with radius = their distance, clockwise', () => {
    const path = connectorPath('arc_tp', p, node, [], false, prev);
    expect(path[0]).toBe(PathOp.Move);
    close(path.slice(1, 3), [150, 20]);
    expect(path[3]).toBe(PathOp.Arc);
    const a = { cx: path[4], cy: path[5], r: path[6], a0: path[7], a1: path[8] };
    expect(a.r).toBeCloseTo(100, 6);
    close(at(a, a.a0), [150, 20]);
    close(at(a, a.a1), [150, 120]);
    // sweep 1: angles grow (clockwise on a y-down screen), the short way (chord = radius: 60°)
    expect(a.a1 - a.a0).toBeCloseTo(Math.PI / 3, 6);
    // the arc bulges to the right of a downward chord (clockwise), i.e. its centre is on the left
    expect(a.cx).toBeLessThan(150);
    expect(path.slice(-4)).toEqual([PathOp.Dot, 150, 120, 3]);
  });

  it('starts from the parent centre for the first child: 0.4 × the distance grows to a half circle', () => {
    const path = connectorPath('arc_tp', p, prev, []);
    close(path.slice(1, 3), [50, 20]);
    const [cx, cy, r, a0, a1] = path.slice(4, 9);
    close([cx, cy, r], [100, 20, 50]);
    expect(a1 - a0).toBeCloseTo(Math.PI, 6);
    // clockwise from the left end: over the top (y < 20)
    expect(cy + r * Math.sin((a0 + a1) / 2)).toBeCloseTo(-30, 6);
  });

  it('is drawn from the sibling actually given, not the parent', () => {
    const fromParent = connectorPath('arc_tp', p, node, []);
    const fromPrev = connectorPath('arc_tp', p, node, [], false, prev);
    expect(fromParent.slice(1, 3)).toEqual([50, 20]);
    expect(fromPrev.slice(1, 3)).not.toEqual(fromParent.slice(1, 3));
  });

  it('culls by the arc extent, which bulges past the chord box', () => {
    const a = arcTp(p, prev, true, { cx: 0, cy: 0, r: 0, a0: 0, a1: 0 });
    const b = arcTpBounds(p, prev, true, { x: 0, y: 0, w: 0, h: 0 });
    // chord is the segment (50,20)–(150,20); the half circle reaches y = −30
    close([b.x, b.y, b.w, b.h], [50, -30, 100, 50]);
    expect(a.r).toBeCloseTo(50, 6);
  });
});
