import { spokenText } from '../engine/render/formula';
import type { SummaryPlace } from '../engine/layout/summary-space';
import type { Summary } from '../engine/model/items';
import type { RenderPatch } from '../engine/render/render-patch';
import type { SceneSummary } from '../canvas/summary-layer';
import type { MapModel } from './map-model';

// The main thread's mirror of the map's summaries (概要), from worker patches alone: every
// summary (patch.items) and the boxes of the drawn ones (patch.summaryBoxes). What the canvas's
// summary layer, the ARIA tree and the summary keys read. A summary without a box (its nodes
// gone, folded away, or on a template without an outer side) is not shown anywhere.

export interface DrawnSummary {
  summary: Summary;
  place: SummaryPlace;
  /** Depth of its parent (0 = root): the topic's look follows its children's level. */
  depth: number;
}

export class SummaryModel {
  list: readonly Summary[] = [];
  places = new Map<string, SummaryPlace>();

  /** Applies a patch; true when anything summaries show changed. */
  apply(p: RenderPatch): boolean {
    let changed = false;
    if (p.items) {
      changed = this.list !== p.items.summaries;
      this.list = p.items.summaries;
    } else if (p.full) {
      changed = this.list.length > 0;
      this.list = [];
    }
    if (p.full || p.summaryBoxes) {
      changed ||= this.places.size > 0 || !!p.summaryBoxes?.length;
      this.places = new Map((p.summaryBoxes ?? []).map((b) => [b.id, b]));
    }
    return changed;
  }

  get(id: string): Summary | undefined {
    return this.list.find((s) => s.id === id);
  }

  isDrawn(id: string): boolean {
    return this.places.has(id);
  }

  /** The drawn summaries in document order; `depthOf` gives a node's level (root = 1). */
  drawn(levelOf: (id: string) => number | undefined): DrawnSummary[] {
    const out: DrawnSummary[] = [];
    for (const summary of this.list) {
      const place = this.places.get(summary.id);
      const level = levelOf(summary.parent);
      if (place && level) out.push({ summary, place, depth: level - 1 });
    }
    return out;
  }

  /** Drawn summaries under `parentId`, in document order. */
  of(parentId: string): Summary[] {
    return this.list.filter((s) => s.parent === parentId && this.places.has(s.id));
  }

  /**
   * Summaries under `parentId` that the structure has no side for (their range now spans both sides
   * of the mind root, or lies on a fish-bone spine or a tianpan) while their topics are visible
   * siblings: kept in the map but not drawn, so listed (ARIA tree) to be found and deleted.
   * `parentOf`: a visible node's parent id (undefined when not mirrored: removed or folded away).
   */
  undrawnOf(parentId: string, parentOf: (id: string) => string | null | undefined): Summary[] {
    return this.list.filter((s) => s.parent === parentId && !this.places.has(s.id) && parentOf(s.first) === parentId && parentOf(s.last) === parentId);
  }

  /** Whether summary `id` is drawn or one of the listed undrawn ones (undrawnOf): it can be selected. */
  isListed(id: string, parentOf: (id: string) => string | null | undefined): boolean {
    const s = this.get(id);
    return !!s && (this.places.has(id) || this.undrawnOf(s.parent, parentOf).includes(s));
  }
}

/** Said after a listed summary that is not drawn (summary-model undrawnOf). */
export const UNDRAWN_NOTE = '当前结构不显示';

/** A range end's title as summaries name it (a topic without text is 分支主题). */
export const topicTitleIn =
  (model: MapModel) =>
  (id: string): string =>
    model.get(id)?.text || '分支主题';

/**
 * How a summary is read out: 概要：文字（甲 至 丙）, or （甲） for a single node. Formulas are said
 * as the tree says them (公式：…), not as raw $…$; `say` = (t) => t gives the visible form (the
 * texts as typed, as the outline tree shows a topic's).
 */
export function describeSummary(s: Summary, titleOf: (id: string) => string, say: (text: string) => string = spokenText): string {
  const a = say(titleOf(s.first));
  const b = say(titleOf(s.last));
  return `概要：${say(s.text) || '概要'}（${s.first === s.last ? a : `${a} 至 ${b}`}）`;
}

/** The texts as typed (describeSummary's visible form). */
export const asTyped = (text: string): string => text;

/** What the canvas's summary layer draws. */
export function sceneSummaries(model: MapModel): SceneSummary[] {
  return model.summaries.drawn((id) => model.get(id)?.level).map(({ summary, place, depth }) => ({ id: summary.id, text: summary.text, place, depth }));
}

/** The edit field's target id while a summary's text is edited (never a node id: ids have no 概要 prefix). */
export const SUMMARY_EDIT = '概要:';
export const summaryEditId = (id: string): string => SUMMARY_EDIT + id;
export const summaryOfEdit = (editId: string): string | null => (editId.startsWith(SUMMARY_EDIT) ? editId.slice(SUMMARY_EDIT.length) : null);
