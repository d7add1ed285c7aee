// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nearestInDirection, type NavBox } from './spatial-nav';

// A root with one branch on each side, as the default (mind) template lays them out.
const boxes: NavBox[] = [
  { id: 'r', parentId: null, x: 0, y: 0, w: 80, h: 30 },
  { id: 'R1', parentId: 'r', x: 150, y: -40, w: 60, h: 20 },
  { id: 'R2', parentId: 'r', x: 150, y: 40, w: 60, h: 20 },
  { id: 'L1', parentId: 'r', x: -130, y: -20, w: 60, h: 20 },
  { id: 'L1a', parentId: 'L1', x: -250, y: -20, w: 60, h: 20 },
];
const at = (id: string) => boxes.find((b) => b.id === id)!;

describe('spatial arrow navigation', () => {
  it('← goes away from the root on the left side and → comes back, as on screen', () => {
    expect(nearestInDirection(at('r'), boxes, 'left')).toBe('L1');
    expect(nearestInDirection(at('L1'), boxes, 'left')).toBe('L1a');
    expect(nearestInDirection(at('L1a'), boxes, 'right')).toBe('L1');
    expect(nearestInDirection(at('L1'), boxes, 'right')).toBe('r');
  });
  it('↑/↓ prefer siblings; nothing on a side gives null', () => {
    expect(nearestInDirection(at('R1'), boxes, 'down')).toBe('R2');
    expect(nearestInDirection(at('R2'), boxes, 'up')).toBe('R1');
    expect(nearestInDirection(at('r'), boxes, 'right')).toBe('R2'); // the nearer of the two by gap
    expect(nearestInDirection(at('L1a'), boxes, 'left')).toBeNull();
  });
  it('→ from the root goes to a main topic, not to a grandchild whose box happens to be nearer', () => {
    // a wide main topic far to the right, its child tucked in below the root's right edge
    const wide: NavBox[] = [
      { id: 'r', parentId: null, x: 0, y: 0, w: 80, h: 30 },
      { id: 'M', parentId: 'r', x: 200, y: -120, w: 60, h: 20 },
      { id: 'Ma', parentId: 'M', x: 100, y: 60, w: 60, h: 20 },
    ];
    expect(nearestInDirection(wide[0], wide, 'right')).toBe('M');
  });
  it('↑ from a topic with children stacked beside it goes to its sibling above, not to its top child', () => {
    const stacked: NavBox[] = [
      { id: 'r', parentId: null, x: 0, y: 0, w: 80, h: 30 },
      { id: 'A', parentId: 'r', x: 150, y: -80, w: 60, h: 20 },
      { id: 'B', parentId: 'r', x: 150, y: 40, w: 60, h: 20 },
      { id: 'B1', parentId: 'B', x: 260, y: 0, w: 60, h: 20 },
      { id: 'B2', parentId: 'B', x: 260, y: 80, w: 60, h: 20 },
    ];
    expect(nearestInDirection(stacked[2], stacked, 'up')).toBe('A');
  });
});
