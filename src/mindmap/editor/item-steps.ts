import type { MapModel } from './map-model';

// Where the selection goes after an undo or redo that brought no topic back but changed the
// map's lines (关联线) or summaries (概要): one that came back is selected (the controller's
// selectItemBack); else, when one went (a creation undone, a delete redone), the topic it was
// about — a line's source, a summary's range's first topic — rather than the central topic the
// empty selection would fall back to.

/** The map's lines and summaries at one moment (the model's lists: a patch replaces them, never mutates). */
export interface ItemsAt {
  lines: MapModel['relationships'];
  summaries: MapModel['summaries']['list'];
}

export const itemsAt = (model: MapModel): ItemsAt => ({ lines: model.relationships, summaries: model.summaries.list });

export const itemIds = (items: ItemsAt): Set<string> => new Set([...items.lines.map((r) => r.id), ...items.summaries.map((s) => s.id)]);

/** The topic (on the map now) of a line or summary in `before` that is gone now, or null. */
export function goneItemTopic(model: MapModel, before: ItemsAt): string | null {
  const now = itemIds(itemsAt(model));
  const topics = [...before.lines.filter((r) => !now.has(r.id)).map((r) => r.from), ...before.summaries.filter((s) => !now.has(s.id)).map((s) => s.first)];
  return topics.find((id) => model.has(id)) ?? null;
}

/** A topic as said after 已选中 (formulas as their source, 公式：…). */
export const topicSaid = (model: MapModel, id: string): string => `主题：${model.say(model.get(id)?.text ?? '') || '分支主题'}`;
