import { describe, expect, it } from 'vitest';
import { connectorBounds, connectorPath } from './connector-path';
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

  it('mirrors for children on the left', () => {
    const left = { x: -200, y: 100, w: 60, h: 20 };
    expect(connectorPath('line', parent, left, [])).toEqual([PathOp.Move, 0, 20, PathOp.Line, -138, 110]);
  });

  it('poly is a vertical elbow from the parent bottom centre to the child top centre (organisation charts)', () => {
    expect(connectorPath('poly', parent, child, [])).toEqual([PathOp.Move, 50, 40, PathOp.Line, 50, 70, PathOp.Line, 230, 70, PathOp.Line, 230, 100]);
  });

  it('fish-bone runs along the parent middle, then 45° into the child corner', () => {
    expect(connectorPath('fish-bone', parent, child, [])).toEqual([PathOp.Move, 100, 20, PathOp.Line, 120, 20, PathOp.Line, 200, 100]);
  });

  it('bounds cover both facing sides', () => {
    const b = connectorBounds(parent, child);
    expect(b.x).toBe(50);
    expect(b.x + b.w).toBe(260);
    expect(b.y).toBe(0);
  });
});
