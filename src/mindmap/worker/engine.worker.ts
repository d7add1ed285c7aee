import * as Comlink from 'comlink';
import { DEFAULT_FONT_FAMILY } from '../engine/layout/node-size';
import { createGlyphMeasurer } from '../engine/measure/text-measurer';
import { createEngineHost } from './host';

// The engine worker: one MindEditor behind Comlink. Text is measured with OffscreenCanvas
// measureText through the engine's per-glyph advance cache (DESIGN §3: ~8 µs per distinct
// string makes a 50k-node first open cost ~0.5 s; per glyph it costs one call per distinct
// character and font, exact for CJK and within a pixel for Latin at UI sizes).

const ctx = new OffscreenCanvas(1, 1).getContext('2d')!;
let ctxFont = (ctx.font = `14px ${DEFAULT_FONT_FAMILY}`);
const measurer = createGlyphMeasurer((font, glyph) => {
  if (ctxFont !== font) ctx.font = ctxFont = font;
  return ctx.measureText(glyph).width;
});

// The first measureText of a CJK glyph loads the fallback font (~10 ms): do it while the
// editor is still fetching its map, not during the first open.
setTimeout(() => ctx.measureText('中'), 0);

// expose(api, self): needed under @vitest/web-worker, harmless in a real worker (DESIGN §3).
Comlink.expose(createEngineHost(measurer, Comlink.transfer), self as unknown as Comlink.Endpoint);
