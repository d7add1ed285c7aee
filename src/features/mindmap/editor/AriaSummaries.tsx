import type { EditorController } from './controller';
import { describeSummary } from './summary-model';

// The summaries (概要) of one node in the ARIA tree: a group of treeitems inside the node's row
// (the tree pattern's owned group), one level below it, read as 概要：文字（甲 至 丙）. Selecting
// one (click, or arrows on the map) lets keyboard users edit (F2 / Enter) or delete it (Delete),
// the summary keys of the map. A virtualised tree (fixed row slots) reads them in the node's
// label instead (summaryMarks).

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
  return ctl.model.summaries.of(parentId).map((s) => describeSummary(s, titleOf(ctl)));
}

export function AriaSummaries({ ctl, parentId, level, onClick, onActivate }: Props) {
  const list = ctl.model.summaries.of(parentId);
  if (!list.length) return null;
  return (
    <div role="group" className="mind-tree__summaries">
      {list.map((s) => {
        const text = describeSummary(s, titleOf(ctl));
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
