// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { drawnBounds } from './drawn-bounds';
import { SceneStore } from './scene-store';
import type { ConnectorStyle, SceneNode } from './scene-types';
import { plainStyle } from './test-scene';

const node = (id: string, x: number, y: number, kind?: ConnectorStyle['kind']): SceneNode => ({
  id,
  x,
  y,
  w: 40,
  h: 20,
  text: id,
  level: kind ? 2 : 1,
  style: plainStyle,
  parent: kind ? 'r' : undefined,
  connector: kind ? { kind, color: 0, width: 1 } : undefined,
});

describe('drawnBounds (what 适应画布 frames)', () => {
  it('holds a tianpan arc that swings past both of its topics', () => {
    const s = new SceneStore();
    s.replace({ nodes: [node('r', 0, 0), node('a', 200, 0, 'arc_tp')] });
    const topics = s.bounds();
    const b = drawnBounds(s)!;
    // the first child's arc is a half circle on the chord from centre to centre (200 px long):
    // it bulges ~100 px off the chord, far past the 20 px tall topics
    expect(b.y).toBeLessThan(topics.y - 80);
  });

  it('holds the topics, their connectors and any extra rectangle (lines, summaries)', () => {
    const s = new SceneStore();
    s.replace({ nodes: [node('r', 0, 0), node('a', 100, 0, 'bezier')] });
    expect(drawnBounds(s)).toEqual({ x: 0, y: 0, w: 140, h: 24 });
    expect(drawnBounds(s, [{ x: 50, y: 300, w: 10, h: 10 }])).toEqual({ x: 0, y: 0, w: 140, h: 310 });
    expect(drawnBounds(new SceneStore())).toBeNull();
  });
});
