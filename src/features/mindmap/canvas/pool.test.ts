import { describe, expect, it } from 'vitest';
import { Pool } from './pool';

describe('Pool', () => {
  it('reuses released items instead of creating new ones', () => {
    let made = 0;
    const parked: number[] = [];
    const pool = new Pool(() => ({ n: made++ }), (o) => parked.push(o.n));
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
