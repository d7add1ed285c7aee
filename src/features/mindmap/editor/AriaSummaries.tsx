import type { EditorController } from './controller';
import { describeSummary, UNDRAWN_NOTE } from './summary-model';

// The summaries (概要) of one node in the ARIA tree: a group of treeitems inside the node's row
// (the tree pattern's owned group), one level below it, read as 概要：文字（甲 至 丙）. Selecting
// one (click, or arrows on the map) lets keyboard users edit (F2 / Enter) or delete it (Delete),
// the summary keys of the map. A virtualised tree (fixed row slots) reads them in the node's
// label instead (summaryMarks). A summary kept but not drawn (its range now across the mind root,
// on a fish-bone spine or a tianpan) is listed too, said as not shown, so it can still be deleted.

interface Props {
  ctl: EditorController;
  parentId: string;
  level: number;
  onClick(): void;
  onActivate(id: string): void;
}

const titleOf = (ctl: EditorController) => (id: string) => ctl.model.get(id)?.text || '分支主题';

/** The node's summaries as marks of its label (virtualised tree). */
export function summaryMarks(ctl: EditorController, parentId: string): string[] {
  return listed(ctl, parentId).map((s) => describe(ctl, s));
}

const parentOf = (ctl: EditorController) => (id: string) => ctl.model.get(id)?.parentId;

/** Drawn and kept-but-undrawn summaries of a node, in document order. */
function listed(ctl: EditorController, parentId: string) {
  const sums = ctl.model.summaries;
  const undrawn = sums.undrawnOf(parentId, parentOf(ctl));
  return sums.list.filter((s) => s.parent === parentId && (sums.isDrawn(s.id) || undrawn.includes(s)));
}

export function describe(ctl: EditorController, s: Parameters<typeof describeSummary>[0]): string {
  const text = describeSummary(s, titleOf(ctl));
  return ctl.model.summaries.isDrawn(s.id) ? text : `${text}，${UNDRAWN_NOTE}`;
}

export function AriaSummaries({ ctl, parentId, level, onClick, onActivate }: Props) {
  const list = listed(ctl, parentId);
  if (!list.length) return null;
  return (
    <div role="group" className="mind-tree__summaries">
      {list.map((s) => {
        const text = describe(ctl, s);
        const selected = ctl.state.summary === s.id;
        return (
          <div
            key={s.id}
            data-summary={s.id}
            role="treeitem"
            aria-level={level + 1}
            aria-selected={selected}
            aria-label={text}
            tabIndex={selected ? 0 : -1}
            className={`mind-tree__item mind-tree__summary${selected ? ' is-selected' : ''}`}
            // (inside the node's row: its own click and double click only)
            onClick={(e) => {
              e.stopPropagation();
              ctl.selectSummary(s.id);
              onClick();
            }}
            onDoubleClick={(e) => {
              e.stopPropagation();
              onActivate(s.id);
            }}
          >
            <span className="mind-tree__toggle" aria-hidden="true">
              ｝
            </span>
            {/* (not .mind-tree__text: the outline's titles are the topics') */}
            <span className="mind-tree__summary-text">{text}</span>
          </div>
        );
      })}
    </div>
  );
}
