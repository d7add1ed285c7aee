import { pointAt, sampleCurve, spanOf, type BoxLike, type Curve, type Pt } from './relation-geometry';

// Where a relationship line's label sits on its curve (relation-geometry.ts), shared by the
// canvas, the SVG export (so PNG) and the PDF, which all draw and hit-test the same box.

export const LABEL_FONT_SIZE = 12;

/** The label's background box: the text plus LABEL_PAD each side, LABEL_H high, LABEL_RADIUS round. */
export const LABEL_PAD = 4;
export const LABEL_H = LABEL_FONT_SIZE + 6;
export const LABEL_RADIUS = 3;
/** Where along the curve a label may sit, tried from the middle outwards (ties keep the middle). */
const LABEL_TS = [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7];

export interface LabelPlace extends BoxLike {
  /** The curve parameter of the box's centre. */
  t: number;
}

const overlapArea = (a: BoxLike, b: BoxLike): number =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

/** Gap between a label set beside a short line and the line. */
const SIDE_GAP = 4;

const holds = (b: BoxLike, p: Pt) => p.x >= b.x && p.x <= b.x + b.w && p.y >= b.y && p.y <= b.y + b.h;

/** Whether a label box would hide the line: most of its curve, or an end (the arrow's tip). */
function hidesLine(c: Curve, b: BoxLike): boolean {
  const pts = sampleCurve(c, 16);
  return pts.filter((p) => holds(b, p)).length > pts.length / 2 || holds(b, c.p0) || holds(b, c.p3);
}

/**
 * Where a label `textWidth` wide goes on curve `c`: the point with t in 0.3–0.7 whose label box
 * overlaps the obstacles (node boxes and expand/collapse circles) least, so it is read over the
 * map's background rather than over another topic. A line too short to carry it (the box would
 * hide most of the curve or its arrow) gets it beside its middle instead. `near(region)` answers
 * the obstacles that may touch `region` (a spatial index on the canvas, the node list in the SVG
 * export): canvas, SVG, PNG and PDF all place it here, and the canvas hit-tests the same box.
 */
export function placeLabel(c: Curve, textWidth: number, near: (region: BoxLike) => Iterable<BoxLike>): LabelPlace {
  const w = textWidth + 2 * LABEL_PAD;
  const h = LABEL_H;
  const at = (t: number): LabelPlace => {
    const p = pointAt(c, t);
    return { x: p.x - w / 2, y: p.y - h / 2, w, h, t };
  };
  const boxes = LABEL_TS.map(at);
  if (hidesLine(c, boxes[0])) {
    // beside the middle, on either side: moved along the normal until the box clears the curve there
    const m = pointAt(c, 0.5);
    const q = pointAt(c, 0.52);
    const len = Math.hypot(q.x - m.x, q.y - m.y) || 1;
    const nx = -(q.y - m.y) / len;
    const ny = (q.x - m.x) / len;
    const d = (Math.abs(nx) * w + Math.abs(ny) * h) / 2 + SIDE_GAP;
    for (const s of [1, -1]) boxes.push({ x: m.x + s * nx * d - w / 2, y: m.y + s * ny * d - h / 2, w, h, t: 0.5 });
  }
  const obstacles = [...near(spanOf(boxes))];
  let best = boxes[0];
  let bestCost = Infinity;
  for (const b of boxes) {
    // hiding the line costs more than any overlap with a topic
    let cost = hidesLine(c, b) ? 1e9 : 0;
    for (const o of obstacles) cost += overlapArea(b, o);
    if (cost < bestCost - 1e-6) {
      best = b;
      bestCost = cost;
      if (cost === 0) break;
    }
  }
  return best;
}
