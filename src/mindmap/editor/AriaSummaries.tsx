import type { EditorController } from './controller';
import type { NodeInfo } from './map-model';
import { asTyped, describeSummary, topicTitleIn, UNDRAWN_NOTE } from './summary-model';

// The summaries (概要) of the ARIA tree (a flat list of rows with aria-level): each is a
// treeitem one level below its parent topic, placed AFTER the parent's whole subtree (its
// children come first, as on the canvas where the summary sits beyond them), in the same set as
// those children: aria-setsize = children + summaries, aria-posinset after the last child. Read
// as 概要：文字（甲 至 丙）. Selecting one (click, or arrows on the map) lets keyboard users edit
// (F2 / Enter) or delete it (Delete), the summary keys of the map. A virtualised tree (fixed row
// slots) reads them in the node's label instead (summaryMarks). A summary kept but not drawn (its
// range now across the mind root, on a fish-bone spine or a tianpan) is listed too, said as not
// shown, so it can still be deleted.

interface Props {
  ctl: EditorController;
  parent: NodeInfo;
  onClick(): void;
  onActivate(id: string): void;
}

/** The node's summaries as marks of its label (virtualised tree); `shown`: as the row shows them (texts as typed). */
export function summaryMarks(ctl: EditorController, parentId: string, shown = false): string[] {
  return listed(ctl, parentId).map((s) => describe(ctl, s, shown));
}

const parentOf = (ctl: EditorController) => (id: string) => ctl.model.get(id)?.parentId;

/** Drawn and kept-but-undrawn summaries of a node, in document order. */
function listed(ctl: EditorController, parentId: string) {
  const sums = ctl.model.summaries;
  const undrawn = sums.undrawnOf(parentId, parentOf(ctl));
  return sums.list.filter((s) => s.parent === parentId && (sums.isDrawn(s.id) || undrawn.includes(s)));
}

/**
 * A summary as said: 概要：文字（甲 至 丙）, with 当前结构不显示 when the structure does not draw it;
 * `shown`: as a row shows it, formulas as typed ($…$, like a topic row), not as said (公式：…).
 */
export function describe(ctl: EditorController, s: Parameters<typeof describeSummary>[0], shown = false): string {
  const text = describeSummary(s, topicTitleIn(ctl.model), shown ? asTyped : ctl.model.say);
  return ctl.model.summaries.isDrawn(s.id) ? text : `${text}，${UNDRAWN_NOTE}`;
}

/** The size of the set node `parent`'s children are in: the children and its summary rows. */
export function childSetSize(ctl: EditorController, parent: NodeInfo, virtual: boolean): number {
  return parent.children.length + (virtual ? 0 : listed(ctl, parent.id).length);
}

/**
 * The nodes whose subtree ends with row `i` (innermost first): their summary rows follow it.
 * `nextLevel` is the level of row i + 1 (0 after the last row).
 */
export function closingAt(ctl: EditorController, n: NodeInfo, nextLevel: number): NodeInfo[] {
  const out: NodeInfo[] = [];
  for (let cur: NodeInfo | undefined = n; cur && cur.level >= nextLevel; cur = cur.parentId ? ctl.model.get(cur.parentId) : undefined) out.push(cur);
  return out;
}

export function AriaSummaries({ ctl, parent, onClick, onActivate }: Props) {
  const list = listed(ctl, parent.id);
  const level = parent.level + 1;
  return list.map((s, k) => {
    const text = describe(ctl, s);
    const shown = describe(ctl, s, true);
    const selected = ctl.state.summary === s.id;
    return (
      <div
        key={s.id}
        data-summary={s.id}
        role="treeitem"
        aria-level={level}
        aria-setsize={parent.children.length + list.length}
        aria-posinset={parent.children.length + k + 1}
        aria-selected={selected}
        aria-label={text}
        tabIndex={selected ? 0 : -1}
        className={`mind-tree__item mind-tree__summary${selected ? ' is-selected' : ''}`}
        style={{ paddingLeft: `${(level - 1) * 16 + 6}px` }}
        onClick={() => {
          ctl.selector.selectSummary(s.id);
          onClick();
        }}
        onDoubleClick={() => onActivate(s.id)}
      >
        <span className="mind-tree__toggle" aria-hidden="true">
          ｝
        </span>
        {/* (not .mind-tree__text: the outline's titles are the topics') */}
        <span className="mind-tree__summary-text">{shown}</span>
      </div>
    );
  });
}
