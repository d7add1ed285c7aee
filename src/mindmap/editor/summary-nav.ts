import type { Direction } from './spatial-nav';
import type { MapModel } from './map-model';
import type { SummarySide } from '../engine/layout/summary-side';

// How the arrow keys reach a summary (概要). Arrows move between topics; a summary topic is
// never the nearest box of an arrow in general (→ on the central topic goes to the nearest
// right-side topic, not to a summary drawn beyond it). The rule:
//   the arrow that points to a summary's side (→ for one right of its range, ← left, ↓ below,
//   ↑ above) reaches it from its range's outer edge: from a topic of the range, or one inside
//   their subtrees, when that arrow would otherwise leave the range's subtrees (no topic that
//   way, or the nearest one is outside them). So → on 右三 (no children) selects the summary of
//   右一…右三; → on 右三 with children goes to its child, and → on that child goes on to the summary.
// The innermost such summary wins (a range nested in a wider one's range).

const SIDE_KEY: Record<SummarySide, Direction> = { right: 'right', left: 'left', bottom: 'down', top: 'up' };

/** The summary (its id) the arrow `dir` from node `id` reaches instead of `topic` (the nearest topic that way); null = none. */
export function summaryByArrow(model: MapModel, id: string, dir: Direction, topic: string | null | undefined): string | null {
  const sums = model.summaries;
  // The node and its ancestors, each with the depth below it (the innermost range first).
  for (let cur = model.get(id); cur?.parentId; cur = model.get(cur.parentId)) {
    const sibs = model.get(cur.parentId)?.children ?? [];
    const at = sibs.indexOf(cur.id);
    let best: { id: string; span: number } | null = null;
    for (const s of sums.of(cur.parentId)) {
      const place = sums.places.get(s.id);
      if (!place || SIDE_KEY[place.side] !== dir) continue;
      const a = sibs.indexOf(s.first);
      const b = sibs.indexOf(s.last);
      if (a < 0 || b < 0 || at < a || at > b) continue;
      // The arrow stays inside the range's subtrees: it goes there, not to the summary.
      if (topic && sibs.slice(a, b + 1).some((r) => model.isInside(topic, r))) continue;
      if (!best || b - a < best.span) best = { id: s.id, span: b - a };
    }
    if (best) return best.id;
  }
  return null;
}
