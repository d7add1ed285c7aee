import type { SummaryPlace } from '../engine/layout/summary-space';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import { MIN_EDIT_FONT, panInto, type EditBox } from './edit-geometry';

// Where the text edit field goes for a summary's (概要) topic: over its box, in its font size
// times the zoom (never under the field's readable minimum), the view panned first so the
// field is inside the canvas — the node field's rules (edit-geometry.ts) for a box of the
// summary layer instead of the node store.

const PAD = 8;
const EDGE = 8;

type Canvas = Pick<MindmapCanvas, 'camera' | 'width' | 'height' | 'panBy'>;

function measure(c: Canvas, place: SummaryPlace, fontSize: number): EditBox {
  const [x, y, w, h] = place.topic;
  const { zoom, tx, ty } = c.camera;
  const size = Math.max(MIN_EDIT_FONT, fontSize * zoom);
  const width = Math.max(w * zoom, size * 6) + 2 * PAD;
  const top = (y + h / 2) * zoom + ty - (size * 1.4) / 2 - 6;
  if (place.side === 'left') {
    // Left of its brace the topic is drawn right-aligned to it and grows leftwards with its
    // text (the layout's own box): the field keeps that right edge and grows the same way,
    // never over the brace and the range's topics.
    const rightEdge = (x + w) * zoom + tx + PAD;
    return { left: rightEdge - width, right: c.width - rightEdge, top, width, maxWidth: Math.max(width, rightEdge - EDGE), fontSize: size };
  }
  const left = x * zoom + tx - PAD;
  return { left, top, width, maxWidth: Math.max(width, c.width - EDGE - left), fontSize: size };
}

export function summaryEditBox(c: Canvas, place: SummaryPlace, fontSize: number): EditBox {
  const m = measure(c, place, fontSize);
  const { dx, dy } = panInto({ ...m, height: m.fontSize * 1.4 + 12 }, c.width, c.height);
  if (!dx && !dy) return m;
  c.panBy(dx, dy);
  return measure(c, place, fontSize);
}
