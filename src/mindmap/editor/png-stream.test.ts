// @vitest-environment node
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { PngStream } from './png-stream';

// The streamed PNG of a huge map export: rows added strip by strip decode to exactly those pixels.

describe('PngStream', () => {
  it('writes RGBA rows given in strips as one valid PNG', async () => {
    const w = 37,
      h = 29;
    const px = (x: number, y: number) => [(x * 7) & 255, (y * 11) & 255, (x + y) & 255, 255];
    const png = new PngStream(w, h);
    for (let y0 = 0; y0 < h; y0 += 8) {
      const rows = Math.min(8, h - y0);
      const strip = new Uint8ClampedArray(w * rows * 4);
      for (let y = 0; y < rows; y++) for (let x = 0; x < w; x++) strip.set(px(x, y0 + y), (y * w + x) * 4);
      await png.addRows(strip, rows);
    }
    const blob = await png.finish();
    expect(blob.type).toBe('image/png');
    const decoded = PNG.sync.read(Buffer.from(await blob.arrayBuffer()));
    expect([decoded.width, decoded.height]).toEqual([w, h]);
    for (const [x, y] of [
      [0, 0],
      [36, 0],
      [5, 17],
      [36, 28],
    ])
      expect([...decoded.data.subarray((y * w + x) * 4, (y * w + x) * 4 + 4)]).toEqual(px(x, y));
  });

  it('refuses to finish a PNG with missing rows', async () => {
    const png = new PngStream(2, 2);
    await png.addRows(new Uint8Array(8), 1);
    await expect(png.finish()).rejects.toThrow('1 of 2 rows');
  });
});
