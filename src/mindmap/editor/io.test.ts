import { describe, expect, it } from 'vitest';
import { fileBase, formatOfFile, imageDataUrls, IMPORT_ACCEPT, inlineImages, isCrossOrigin, UNSUPPORTED } from './io';

describe('editor file helpers', () => {
  it('maps file names to formats and refuses others with Not supported protocol', () => {
    expect(formatOfFile('a.km')).toBe('km');
    expect(formatOfFile('A.JSON')).toBe('km');
    expect(formatOfFile('笔记.md')).toBe('md');
    expect(formatOfFile('大纲.txt')).toBe('txt');
    expect(formatOfFile('复习.XMIND')).toBe('xmind');
    expect(formatOfFile('网络.mm')).toBe('mm');
    expect(formatOfFile('订阅.opml')).toBe('opml');
    expect(IMPORT_ACCEPT).toBe('.km,.json,.md,.markdown,.txt,.xmind,.mm,.opml');
    expect(() => formatOfFile('x.docx')).toThrow(UNSUPPORTED);
    expect(() => formatOfFile('noext')).toThrow(UNSUPPORTED);
  });
  it('tells cross-origin images apart and makes safe file names', () => {
    expect(isCrossOrigin('https://cdn.example.com/a.png', 'http://127.0.0.1:8080')).toBe(true);
    expect(isCrossOrigin('/api/folder/resource/file/vod/x', 'http://127.0.0.1:8080')).toBe(false);
    expect(isCrossOrigin('data:image/png;base64,AA', 'http://127.0.0.1:8080')).toBe(false);
    expect(fileBase('a/b: c')).toBe('a_b_c');
    expect(fileBase('')).toBe('思维导图');
  });
});

describe('images in the SVG / PNG export', () => {
  it('reads the student’s own uploaded images by their plain URL (the client sends the login token as a header), never with a token in the URL', async () => {
    const seen: string[] = [];
    const get = async (url: string) => (seen.push(url), new Blob(['png'], { type: 'image/png' }));
    const own =
      '<svg><image href="/api/folder/resource/file/vod/abc123" x="0" y="0" width="1" height="1"/><image href="/img/a.png" x="0" y="0" width="1" height="1"/></svg>';
    const out = await inlineImages(own, false, 'http://127.0.0.1:8080', get);
    expect(seen.sort()).toEqual(['/api/folder/resource/file/vod/abc123', '/img/a.png']);
    expect(out.match(/data:image\/png;base64/g)).toHaveLength(2);
    expect(seen.join(' ')).not.toContain('token=');
  });
  const svg =
    '<svg><g><image href="/img/a.png?x=1&amp;y=2" x="0" y="0" width="10" height="5"/><image href="https://cdn.example.com/b.png" x="0" y="0" width="10" height="5"/><image href="/img/missing.png" x="0" y="0" width="1" height="1"/></g></svg>';
  it('inlines same-origin images as data URLs, keeps or drops cross-origin ones, drops failed ones', async () => {
    const seen: string[] = [];
    const get = async (url: string) => {
      seen.push(url);
      if (url.includes('missing')) throw new Error('404');
      return new Blob(['png'], { type: 'image/png' });
    };
    {
      const png = await inlineImages(svg, false, 'http://127.0.0.1:8080', get);
      expect(seen.sort()).toEqual(['/img/a.png?x=1&y=2', '/img/missing.png']);
      expect(png).toMatch(/<image href="data:image\/png;base64,[^"]+" x="0" y="0" width="10" height="5"\/>/);
      expect(png).not.toContain('cdn.example.com');
      expect(png.match(/<image /g)).toHaveLength(1);
      expect(await inlineImages(svg, true, 'http://127.0.0.1:8080', get)).toContain('<image href="https://cdn.example.com/b.png"');
    }
  });
});

describe('images for an .xmind export', () => {
  it('reads the same-origin images once each as data URLs; leaves out data URLs, other sites and failures', async () => {
    const seen: string[] = [];
    const get = async (url: string) => {
      seen.push(url);
      if (url.includes('missing')) throw new Error('404');
      return new Blob(['png'], { type: 'image/png' });
    };
    const urls = [
      '/api/folder/resource/file/vod/a',
      '/api/folder/resource/file/vod/a',
      'data:image/png;base64,AA',
      'https://cdn.example.com/b.png',
      '/img/missing.png',
      '',
    ];
    const out = await imageDataUrls(urls, 'http://127.0.0.1:8080', get);
    expect(seen.sort()).toEqual(['/api/folder/resource/file/vod/a', '/img/missing.png']);
    expect(Object.keys(out)).toEqual(['/api/folder/resource/file/vod/a']);
    expect(out['/api/folder/resource/file/vod/a']).toMatch(/^data:image\/png;base64,/);
  });
});
