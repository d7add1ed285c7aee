import * as Comlink from 'comlink';
import type { TextMeasurer } from '../engine/measure/text-measurer';
import { createEngineHost } from './host';

// The engine worker: one MindEditor behind Comlink. Text is measured with OffscreenCanvas
// measureText through a per-glyph advance cache (DESIGN §3: ~8 µs per distinct string makes a
// 50k-node first open cost ~0.5 s; per glyph it costs one call per distinct character and font,
// exact for CJK and within a pixel for Latin at UI sizes).

const ctx = new OffscreenCanvas(1, 1).getContext('2d')!;
let ctxFont = '';
const fonts = new Map<string, Map<string, number>>();

const measurer: TextMeasurer = {
  width(font, text) {
    let adv = fonts.get(font);
    if (!adv) fonts.set(font, (adv = new Map()));
    let w = 0;
    for (const ch of text) {
      let a = adv.get(ch);
      if (a === undefined) {
        if (ctxFont !== font) ctx.font = ctxFont = font;
        a = ctx.measureText(ch).width;
        adv.set(ch, a);
      }
      w += a;
    }
    return w;
  },
};

// expose(api, self): needed under @vitest/web-worker, harmless in a real worker (DESIGN §3).
Comlink.expose(createEngineHost(measurer, Comlink.transfer), self as unknown as Comlink.Endpoint);
