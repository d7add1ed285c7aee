// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lodFor, sameGeometry, showsLabel } from './lod';

describe('level of detail', () => {
  it('drops glyphs that would be smaller than 6 CSS px', () => {
    expect(showsLabel(lodFor(1), 12)).toBe(true);
    // The smallest topic font of every theme (12 px) is still text at 50 %; bars only at 25 %.
    expect(showsLabel(lodFor(0.5), 12)).toBe(true);
    expect(showsLabel(lodFor(0.5), 11)).toBe(false);
    expect(showsLabel(lodFor(0.25), 12)).toBe(false);
    expect(showsLabel(lodFor(0.25), 20)).toBe(false);
    expect(showsLabel(lodFor(0.25), 24)).toBe(true);
    expect(showsLabel(lodFor(0.75), 8)).toBe(true);
    expect(showsLabel(lodFor(0.75), 7)).toBe(false);
    expect(lodFor(1).labelScale).toBe(1);
    expect(lodFor(1.25).labelScale).toBe(2);
  });

  it('draws every label of a small map at every zoom: no grey bars at 25 % on a 74-topic map (issue 31.15)', () => {
    expect(showsLabel(lodFor(0.25, 74), 12)).toBe(true);
    expect(showsLabel(lodFor(0.25, 500), 12)).toBe(true);
    expect(showsLabel(lodFor(0.25, 501), 12)).toBe(false);
  });

  it('simplifies geometry only below 50 %', () => {
    expect(lodFor(0.25)).toMatchObject({ markers: false, rounded: false, straightConnectors: true });
    expect(lodFor(0.5)).toMatchObject({ markers: true, rounded: true, straightConnectors: false });
    expect(sameGeometry(lodFor(1), lodFor(2))).toBe(true);
    expect(sameGeometry(lodFor(1), lodFor(0.25))).toBe(false);
  });
});
