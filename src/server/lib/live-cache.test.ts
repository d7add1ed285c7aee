import { describe, expect, it } from 'vitest';
import { LiveCache } from './live-cache';

function liveCache(ttlMs = 60_000, maxEntries = 100) {
  let now = 1_000;
  const cache = new LiveCache({ ttlMs, maxEntries, now: () => now });
  cache.setLive(true);
  let loads = 0;
  const loader = (value: string) => async () => {
    loads++;
    return value;
  };
  return { cache, loader, loads: () => loads, advance: (ms: number) => (now += ms), now: () => now };
}

describe('LiveCache', () => {
  it('shares one load between concurrent callers and serves it until the TTL', async () => {
    const { cache, loader, loads, advance } = liveCache(1000);
    const [a, b] = await Promise.all([cache.get('k', ['t'], loader('v1')), cache.get('k', ['t'], loader('v2'))]);
    expect([a, b, loads()]).toEqual(['v1', 'v1', 1]);
    advance(999);
    expect(await cache.get('k', ['t'], loader('v3'))).toBe('v1');
    advance(1);
    expect(await cache.get('k', ['t'], loader('v4'))).toBe('v4');
    expect(cache.size).toBe(1);
  });

  it('drops exactly the entries of a forgotten tag, through its index', async () => {
    const { cache, loader } = liveCache();
    await cache.get('a', ['x', 'y'], loader('a1'));
    await cache.get('b', ['y'], loader('b1'));
    await cache.get('c', ['z'], loader('c1'));
    expect(cache.tagCount).toBe(3);
    cache.forgetTag('y');
    expect([cache.peek('a'), cache.peek('b')]).toEqual([undefined, undefined]);
    expect(await cache.peek('c')).toBe('c1');
    // The index forgets dropped keys: 'x' only tagged 'a'.
    expect(cache.tagCount).toBe(1);
  });

  it('removes a load that a forget overtook; its waiters keep what was read, later callers load again', async () => {
    const { cache, loader } = liveCache();
    let release!: (v: string) => void;
    const slow = cache.get('k', ['t'], () => new Promise<string>((r) => (release = r)));
    cache.forgetTag('t');
    release('read before the change');
    expect(await slow).toBe('read before the change');
    expect(await cache.get('k', ['t'], loader('fresh'))).toBe('fresh');
  });

  it('keeps no failed load, and a late failure does not drop the value that replaced it', async () => {
    const { cache, loader, advance } = liveCache(1000);
    await expect(cache.get('k', ['t'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size).toBe(0);
    let fail!: (e: Error) => void;
    const first = cache.get('k', ['t'], () => new Promise<string>((_, r) => (fail = r)));
    advance(1000); // expired while still loading: the next caller loads again
    expect(await cache.get('k', ['t'], loader('second'))).toBe('second');
    fail(new Error('late'));
    await expect(first).rejects.toThrow('late');
    expect(await cache.get('k', ['t'], loader('third'))).toBe('second');
  });

  it('remembers a synchronous lookup until the earlier of its own end and the TTL, unless a forget came between', () => {
    const { cache, advance, now } = liveCache(60_000);
    cache.remember('a', 'stu-1', ['stu-1'], { generation: cache.generation, until: now() + 10_000 });
    cache.remember('b', 'stu-2', ['stu-2'], { generation: cache.generation });
    advance(10_000);
    expect([cache.peek('a'), cache.peek('b')]).toEqual([undefined, 'stu-2']);
    advance(50_000);
    expect(cache.peek('b')).toBeUndefined();
    const before = cache.generation;
    cache.forget('c');
    cache.remember('c', 'stu-3', ['stu-3'], { generation: before });
    expect(cache.peek('c')).toBeUndefined();
  });

  it('holds and caches nothing while not live or with a TTL of 0', async () => {
    const { cache, loader, loads } = liveCache();
    await cache.get('k', ['t'], loader('v'));
    cache.setLive(false);
    expect(cache.size).toBe(0);
    await cache.get('k', ['t'], loader('a'));
    cache.remember('r', 'x', [], { generation: cache.generation });
    expect([cache.size, loads()]).toEqual([0, 2]);
    const off = liveCache(0);
    await off.cache.get('k', ['t'], off.loader('a'));
    await off.cache.get('k', ['t'], off.loader('b'));
    expect([off.cache.size, off.loads()]).toEqual([0, 2]);
  });

  it('holds at most maxEntries, dropping the longest-held first along with its tags', async () => {
    const { cache, loader } = liveCache(60_000, 2);
    await cache.get('a', ['ta'], loader('1'));
    await cache.get('b', ['tb'], loader('2'));
    await cache.get('c', ['tc'], loader('3'));
    expect([cache.size, cache.tagCount]).toEqual([2, 2]);
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.peek('c')).toBe('3');
  });
});
