// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FrameViews, Pool } from './pool';

describe('Pool', () => {
  it('reuses released items instead of creating new ones', () => {
    let made = 0;
    const parked: number[] = [];
    const pool = new Pool(
      () => ({ n: made++ }),
      (o) => parked.push(o.n),
    );
    const a = pool.acquire();
    const b = pool.acquire();
    pool.release(a);
    expect(parked).toEqual([0]);
    expect(pool.acquire()).toBe(a);
    expect(pool.created).toBe(2);
    pool.release(b);
    expect(pool.idle).toBe(1);
  });

  it('trims idle items beyond a limit', () => {
    const pool = new Pool(() => ({}));
    const items = [pool.acquire(), pool.acquire(), pool.acquire()];
    items.forEach((i) => pool.release(i));
    const destroyed: object[] = [];
    pool.trim(1, (i) => destroyed.push(i));
    expect(pool.idle).toBe(1);
    expect(destroyed).toHaveLength(2);
  });
});

describe('FrameViews', () => {
  it('keeps each key on its own view across frames and recycles only keys no longer drawn', () => {
    const pool = new Pool(() => ({ text: '' }));
    const views = new FrameViews<string, { text: string }>(pool);
    const frame = (keys: string[]) => {
      views.begin();
      const out = keys.map((k) => {
        const v = views.take(k);
        v.text = k; // what the painter does: dress the view for its key
        return v;
      });
      views.end();
      return out;
    };
    const [a, b, c] = frame(['1:priority', '2:priority', '3:count']);
    // Same keys, drawn in another order: no view changes what it shows (no re-rasterising).
    const again = frame(['3:count', '1:priority', '2:priority']);
    expect(again[0]).toBe(c);
    expect(again[1]).toBe(a);
    expect(again[2]).toBe(b);
    expect([a.text, b.text, c.text]).toEqual(['1:priority', '2:priority', '3:count']);
    // Keys that left the view go back to the pool at the end of the frame...
    const [a2] = frame(['1:priority', '4:priority']);
    expect(a2).toBe(a);
    expect(views.size).toBe(2);
    expect(pool.idle).toBe(2);
    // ...and serve keys that arrive later.
    const [, e] = frame(['1:priority', '5:priority']);
    expect([b, c]).toContain(e);
    expect(pool.created).toBe(4);
  });
});
