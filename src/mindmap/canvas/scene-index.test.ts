// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SceneIndex } from './scene-index';
import { SceneStore } from './scene-store';
import type { NodeStyle, SceneNode } from './scene-types';

const style: NodeStyle = { fill: 0xffffff, stroke: null, strokeWidth: 0, textColor: 0, fontSize: 12, bold: false, italic: false, radius: 3, paddingX: 10 };
const mk = (i: number): SceneNode => ({
  id: `n${i}`,
  x: (i % 50) * 80,
  y: Math.floor(i / 50) * 30,
  w: 60,
  h: 20,
  text: `t${i}`,
  level: i ? 2 : 1,
  style,
  parent: i ? 'n0' : undefined,
});

afterEach(() => vi.unstubAllGlobals());

describe('the idle re-index', () => {
  it('waits for an idle period as long as its last build, or for its timeout: never holds the next frame back', () => {
    const waiting: ((d: IdleDeadline) => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: (d: IdleDeadline) => void) => waiting.push(fn));
    const store = new SceneStore();
    store.replace({ nodes: [...Array(5000).keys()].map(mk) });
    const index = new SceneIndex(store);
    index.hitTest(0, 0, () => false); // the first build, timed
    index.moved(10);
    index.reindexWhenIdle();
    index.reindexWhenIdle(); // one request at a time
    expect(waiting).toHaveLength(1);

    // a short idle period between two frames: the build waits for a longer one
    waiting.shift()!({ didTimeout: false, timeRemaining: () => 0 });
    expect(index.dirty).toBe(true);
    expect(waiting).toHaveLength(1);
    // a long idle period (nothing on screen moving)
    waiting.shift()!({ didTimeout: false, timeRemaining: () => 50 });
    expect(index.dirty).toBe(false);

    // 500 ms without a long enough period: built anyway
    index.moved(10);
    index.reindexWhenIdle();
    waiting.shift()!({ didTimeout: true, timeRemaining: () => 0 });
    expect(index.dirty).toBe(false);
    expect(waiting).toHaveLength(0);
  });
});
