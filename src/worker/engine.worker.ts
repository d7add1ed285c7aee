import * as Comlink from 'comlink';
import { createMeasurer } from '../engine/measure/text-measurer';
import { createEngineHost } from './host';

// The engine worker: one MindEditor behind Comlink. Text is measured with OffscreenCanvas
// measureText (cached per font and text by createMeasurer), so boxes match what the canvas draws.

const ctx = new OffscreenCanvas(1, 1).getContext('2d')!;
let lastFont = '';
const measurer = createMeasurer((font, text) => {
  if (font !== lastFont) {
    ctx.font = font;
    lastFont = font;
  }
  return ctx.measureText(text).width;
});

// expose(api, self): needed under @vitest/web-worker, harmless in a real worker (DESIGN §3).
Comlink.expose(createEngineHost(measurer, Comlink.transfer), self as unknown as Comlink.Endpoint);
