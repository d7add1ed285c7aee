import { describe, expect, it } from 'vitest';
import { ContentCache } from './content-cache';

function liveCache(ttlMs = 60_000) {
  let now = 0;
  const cache = new ContentCache({ ttlMs, now: () => now });
  cache.setLive(true);
  let loads = 0;
  const loader = (value: string) => async () => {
    loads++;
    return value;
  };
  return { cache, loader, loads: () => loads, advance: (ms: number) => (now += ms) };
}

describe('ContentCache', () => {
  it('loads once, shares the value with concurrent callers and keeps it until the TTL', async () => {
    const { cache, loader, loads, advance } = liveCache(1000);
    const [a, b] = await Promise.all([cache.get('k', ['courses'], loader('v1')), cache.get('k', ['courses'], loader('v2'))]);
    expect([a, b, loads()]).toEqual(['v1', 'v1', 1]);
    advance(999);
    expect(await cache.get('k', ['courses'], loader('v3'))).toBe('v1');
    advance(1);
    expect(await cache.get('k', ['courses'], loader('v4'))).toBe('v4');
  });

  it('drops exactly the entries that read a changed table', async () => {
    const { cache, loader } = liveCache();
    await cache.get('courses', ['courses', 'course_nodes'], loader('c1'));
    await cache.get('help', ['help_entries'], loader('h1'));
    cache.invalidate('course_nodes');
    expect(await cache.get('courses', ['courses', 'course_nodes'], loader('c2'))).toBe('c2');
    expect(await cache.get('help', ['help_entries'], loader('h2'))).toBe('h1');
  });

  it('does not keep a value whose table changed while it was loading', async () => {
    const { cache } = liveCache();
    let release!: (v: string) => void;
    const slow = cache.get('k', ['cases'], () => new Promise<string>((r) => (release = r)));
    cache.invalidate('cases');
    release('read before the change');
    expect(await slow).toBe('read before the change');
    expect(await cache.get('k', ['cases'], async () => 'fresh')).toBe('fresh');
  });

  it('does not keep a failed load, and caches nothing while not live or with TTL 0', async () => {
    const { cache, loader, loads } = liveCache();
    await expect(cache.get('k', ['tutors'], () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', ['tutors'], loader('ok'))).toBe('ok');
    cache.setLive(false);
    await cache.get('x', ['tutors'], loader('a'));
    await cache.get('x', ['tutors'], loader('b'));
    expect(cache.size).toBe(0);
    const off = liveCache(0);
    await off.cache.get('x', ['tutors'], off.loader('a'));
    expect(off.cache.size).toBe(0);
    expect(loads()).toBe(3);
  });
});
