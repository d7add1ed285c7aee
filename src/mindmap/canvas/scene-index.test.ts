// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SceneIndex } from './scene-index';
import { SceneStore } from './scene-store';
import { topicAt } from './test-scene';

const mk = (i: number) => topicAt(i, (i % 50) * 80, Math.floor(i / 50) * 30);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the idle re-index', () => {
  it('waits for an idle period as long as its last build, or for its timeout: never holds the next frame back', () => {
    const waiting: ((d: IdleDeadline) => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: (d: IdleDeadline) => void) => waiting.push(fn));
    // A build takes 10 ms on this clock, whatever the machine: measured for real, a loaded CI box
    // took longer than the 50 ms idle period below, and the build rightly waited.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 10));
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
