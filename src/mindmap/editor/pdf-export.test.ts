// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FONT_FAILED, pdfFont } from './pdf-export';

// The PDF font is fetched once from our own assets; a failed download is said in Chinese and tried
// again on the next export (not remembered as a failure).

describe('PDF font download', () => {
  it('says why in Chinese when the font cannot be had, then tries again and keeps what it got', async () => {
    const urls: string[] = [];
    const fail = (u: string) => (urls.push(u), Promise.resolve(new Response('no', { status: 503 })));
    await expect(pdfFont(fail)).rejects.toThrow(FONT_FAILED);
    const ok = (u: string) => (urls.push(u), Promise.resolve(new Response(new Uint8Array([1, 2, 3]))));
    expect([...(await pdfFont(ok))]).toEqual([1, 2, 3]);
    // fetched once: the next export reuses the bytes
    expect([...(await pdfFont(fail))]).toEqual([1, 2, 3]);
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/noto-sans-sc-all-400.*\.woff$/);
  });
});
