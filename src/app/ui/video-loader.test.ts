// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mediaType, PLAYER_OPTIONS, ZH_MISSING } from './video-loader';

afterEach(() => vi.unstubAllGlobals());

describe('video player setup', () => {
  it('says every control name and message video.js has in Chinese (its zh-CN pack lacks a few; screen readers read them)', () => {
    const require = createRequire(import.meta.url);
    const zh = { ...(require('video.js/dist/lang/zh-CN.json') as Record<string, string>), ...ZH_MISSING };
    const en = Object.keys(require('video.js/dist/lang/en.json') as Record<string, string>);
    const code = readFileSync(require.resolve('video.js/dist/video.es.js'), 'utf8');
    const named = [...code.matchAll(/controlText_ = '([^']+)'/g), ...code.matchAll(/localize\('([^']+)'\)/g)].map((m) => m[1]);
    expect([...en, ...named].filter((k) => !(k in zh))).toEqual([]);
  });

  it('uses the SPEC §2 options', () => {
    expect(PLAYER_OPTIONS).toMatchObject({
      playbackRates: [1, 1.25, 1.5, 2],
      fluid: true,
      aspectRatio: '16:9',
      preload: 'auto',
      language: 'zh-CN',
      autoplay: false,
    });
  });

  it('takes the media type from the file name when it has a known extension', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await mediaType('/vod/1', '讲解.WEBM')).toBe('video/webm');
    expect(await mediaType('/vod/1', 'a.mp4')).toBe('video/mp4');
    expect(await mediaType('/vod/1', 'a.ogv')).toBe('video/ogg');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the server (HEAD) otherwise, falling back to mp4', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200, headers: { 'content-type': 'video/webm; charset=binary' } })),
    );
    expect(await mediaType('/vod/1')).toBe('video/webm');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 404, headers: { 'content-type': 'text/plain' } })),
    );
    expect(await mediaType('/vod/1')).toBe('video/mp4');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    expect(await mediaType('/vod/1')).toBe('video/mp4');
  });
});
