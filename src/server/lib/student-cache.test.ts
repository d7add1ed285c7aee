import { describe, expect, it } from 'vitest';
import { StudentCache } from './student-cache';

function liveCache(ttlMs = 60_000, maxEntries?: number) {
  let now = 0;
  const cache = new StudentCache({ ttlMs, maxEntries, now: () => now });
  cache.setLive(true);
  let loads = 0;
  const loader = (value: string) => async () => {
    loads++;
    return value;
  };
  return { cache, loader, loads: () => loads, advance: (ms: number) => (now += ms) };
}

describe('StudentCache', () => {
  it('loads once per student and kind, shares concurrent loads and keeps values until the TTL', async () => {
    const { cache, loader, loads, advance } = liveCache(1000);
    const [a, b] = await Promise.all([cache.get('s1', 'cases', loader('c1')), cache.get('s1', 'cases', loader('c2'))]);
    expect([a, b, loads()]).toEqual(['c1', 'c1', 1]);
    expect(await cache.get('s1', 'courses', loader('k1'))).toBe('k1');
    expect(await cache.get('s2', 'cases', loader('other'))).toBe('other');
    advance(999);
    expect(await cache.get('s1', 'cases', loader('c3'))).toBe('c1');
    advance(1);
    expect(await cache.get('s1', 'cases', loader('c4'))).toBe('c4');
  });

  it('forgets exactly the notified student, and everyone on "*"', async () => {
    const { cache, loader } = liveCache();
    await cache.get('s1', 'cases', loader('a1'));
    await cache.get('s1', 'tutors', loader('t1'));
    await cache.get('s2', 'cases', loader('b1'));
    cache.forget('s1');
    expect(await cache.get('s1', 'cases', loader('a2'))).toBe('a2');
    expect(await cache.get('s1', 'tutors', loader('t2'))).toBe('t2');
    expect(await cache.get('s2', 'cases', loader('b2'))).toBe('b1');
    cache.forget('*');
    expect(await cache.get('s2', 'cases', loader('b3'))).toBe('b3');
  });

  it('does not keep a value read before a change that arrived while it was loading', async () => {
    const { cache, loader } = liveCache();
    let release!: (v: string) => void;
    const slow = cache.get('s1', 'cases', () => new Promise<string>((r) => (release = r)));
    cache.forget('s1');
    release('old');
    expect(await slow).toBe('old'); // the callers that asked before the change
    expect(await cache.get('s1', 'cases', loader('new'))).toBe('new');
  });

  it('keeps no failed load, and caches nothing while not live', async () => {
    const { cache, loader, loads } = liveCache();
    await expect(cache.get('s1', 'cases', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('s1', 'cases', loader('ok'))).toBe('ok');
    cache.setLive(false);
    expect(cache.size).toBe(0);
    await cache.get('s1', 'cases', loader('x'));
    await cache.get('s1', 'cases', loader('y'));
    expect(loads()).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries values, dropping the longest-held first', async () => {
    const { cache, loader } = liveCache(60_000, 2);
    await cache.get('s1', 'cases', loader('1'));
    await cache.get('s2', 'cases', loader('2'));
    await cache.get('s3', 'cases', loader('3'));
    expect(cache.size).toBe(2);
    expect(await cache.get('s1', 'cases', loader('1b'))).toBe('1b');
    expect(await cache.get('s3', 'cases', loader('3b'))).toBe('3');
  });
});
