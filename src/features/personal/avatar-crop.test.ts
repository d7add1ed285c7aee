// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { initialCrop, panCrop, sourceRect, zoomCrop, MAX_ZOOM } from './avatar-crop';

const wide = { w: 800, h: 400, view: 200 };

describe('avatar crop geometry', () => {
  it('starts centred on the middle square of the image', () => {
    expect(sourceRect(initialCrop(wide), wide)).toEqual({ sx: 200, sy: 0, size: 400 });
  });

  it('pans within the image only: never an empty edge', () => {
    const c = initialCrop(wide);
    expect(sourceRect(panCrop(c, 1000, 0, wide), wide)).toEqual({ sx: 0, sy: 0, size: 400 });
    expect(sourceRect(panCrop(c, -1000, 50, wide), wide)).toEqual({ sx: 400, sy: 0, size: 400 });
  });

  it('zooms about the centre, within 1×–4×', () => {
    const z = zoomCrop(initialCrop(wide), 2, wide);
    expect(sourceRect(z, wide)).toEqual({ sx: 300, sy: 100, size: 200 });
    expect(zoomCrop(z, 99, wide).zoom).toBe(MAX_ZOOM);
    expect(sourceRect(zoomCrop(z, 0.1, wide), wide)).toEqual({ sx: 200, sy: 0, size: 400 });
  });
});
