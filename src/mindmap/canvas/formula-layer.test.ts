import { describe, expect, it, vi } from 'vitest';
import { cssFont, FormulaTextures, type LabelRaster } from './formula-layer';
import type { SceneNode } from './scene-types';

const node = (text: string, textColor = 0x333333, bold = false): SceneNode =>
  ({
    id: 'n',
    text,
    style: { fill: null, stroke: null, strokeWidth: 0, textColor, fontSize: 14, bold, italic: false, radius: 0, paddingX: 8 },
  }) as unknown as SceneNode;

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('FormulaTextures (the raster cache of typeset labels)', () => {
  it('rasterises a label once per font, colour and text, then serves the texture', async () => {
    const raster = vi.fn<LabelRaster>(async () => ({ canvas: document.createElement('canvas'), w: 80, h: 22 }));
    const ready = vi.fn();
    const t = new FormulaTextures(ready, raster, 2);
    const n = node('勾股定理 $a^2+b^2=c^2$');
    expect(t.get(n)).toBe('loading');
    expect(t.get(n)).toBe('loading');
    await flush();
    expect(ready).toHaveBeenCalledTimes(1);
    const art = t.get(n);
    expect(art).toMatchObject({ w: 80, h: 22 });
    expect(raster).toHaveBeenCalledTimes(1);
    expect(raster).toHaveBeenCalledWith(cssFont(n.style), '#333333', n.text, 2);
    t.get(node(n.text, 0xff0000));
    t.get(node(n.text, 0x333333, true));
    expect(raster).toHaveBeenCalledTimes(3);
    expect(raster.mock.calls[2][0]).toMatch(/^bold 14px /);
  });

  it('typesets in the font the engine measured the label in (a family set on the node too)', async () => {
    const raster = vi.fn<LabelRaster>(async () => ({ canvas: document.createElement('canvas'), w: 10, h: 10 }));
    const t = new FormulaTextures(() => {}, raster, 2);
    const n = node('$x$');
    n.style.font = 'bold 20px KaiTi';
    t.get(n);
    expect(raster.mock.calls[0][0]).toBe('bold 20px KaiTi');
  });

  it('a label that fails to typeset stays text and is not tried again', async () => {
    const raster = vi.fn<LabelRaster>(async () => Promise.reject(new Error('no fonts')));
    const t = new FormulaTextures(() => {}, raster, 2);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const n = node('$\\frac{1}{2}$');
    t.get(n);
    await flush();
    expect(t.get(n)).toBe('failed');
    expect(raster).toHaveBeenCalledTimes(1);
  });

  it('only texts with a formula are typeset (a price with $ stays a plain label)', () => {
    const t = new FormulaTextures(() => {}, vi.fn<LabelRaster>(), 2);
    expect(t.isFormula('普通主题')).toBe(false);
    expect(t.isFormula('价格 $5')).toBe(false);
    expect(t.isFormula('价格 $5')).toBe(false);
    expect(t.isFormula('$x$')).toBe(true);
  });

  it('typesets nothing in a map whose `$` are literal (a kityminder .km): the label shows as written', () => {
    const t = new FormulaTextures(() => {}, vi.fn<LabelRaster>(), 2);
    t.literal = true;
    expect(t.isFormula('$data和$props其实是原型上的属性')).toBe(false);
    expect(t.isFormula('$x$')).toBe(false);
    t.literal = false;
    expect(t.isFormula('$x$')).toBe(true);
  });
});
