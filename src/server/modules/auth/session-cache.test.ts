import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

function liveCache(ttlMs = 60_000, maxEntries?: number) {
  let now = 1_000_000;
  const cache = new SessionCache({ ttlMs, maxEntries, now: () => now });
  cache.setLive(true);
  return { cache, advance: (ms: number) => (now += ms), at: (ms: number) => new Date(now + ms) };
}

describe('SessionCache', () => {
  it('remembers a session until the earlier of its expiry and the TTL', () => {
    const { cache, advance, at } = liveCache(60_000);
    cache.remember('a', 'stu-1', at(10_000), cache.generation);
    cache.remember('b', 'stu-2', at(3_600_000), cache.generation);
    expect(cache.get('a')).toBe('stu-1');
    advance(10_000);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('stu-2');
    advance(50_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not cache a lookup that raced with a revocation', () => {
    const { cache, at } = liveCache();
    const before = cache.generation;
    cache.forget('a'); // a logout landed while the lookup was reading the old row
    cache.remember('a', 'stu-1', at(60_000), before);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets one token, or every token of a student', () => {
    const { cache, at } = liveCache();
    cache.remember('a', 'stu-1', at(60_000), cache.generation);
    cache.remember('b', 'stu-1', at(60_000), cache.generation);
    cache.remember('c', 'stu-2', at(60_000), cache.generation);
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('stu-1');
    cache.forgetStudent('stu-1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBe('stu-2');
  });

  it('holds and caches nothing while its notifications are not live', () => {
    const { cache, at } = liveCache();
    cache.remember('a', 'stu-1', at(60_000), cache.generation);
    cache.setLive(false);
    expect(cache.get('a')).toBeUndefined();
    cache.remember('a', 'stu-1', at(60_000), cache.generation);
    expect(cache.size).toBe(0);
    cache.setLive(true);
    cache.remember('a', 'stu-1', at(60_000), cache.generation);
    expect(cache.get('a')).toBe('stu-1');
  });

  it('caches nothing with a TTL of 0 and drops the oldest entry when full', () => {
    const off = liveCache(0);
    off.cache.remember('a', 'stu-1', off.at(60_000), off.cache.generation);
    expect(off.cache.size).toBe(0);
    const { cache, at } = liveCache(60_000, 2);
    for (const h of ['a', 'b', 'c']) cache.remember(h, `stu-${h}`, at(60_000), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe('stu-c');
  });
});
