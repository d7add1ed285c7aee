import type { EditorController } from './controller';
import { describeSummary } from './summary-model';

// The summaries (概要) of one node in the ARIA tree: a treeitem each, right after the node's row,
// one level below it, read as 概要：文字（甲 至 丙）. Selecting one (click, or arrows on the map)
// lets keyboard users edit (F2 / Enter) or delete it (Delete) — the summary keys of the map.

interface Props {
  ctl: EditorController;
  parentId: string;
  level: number;
  /** The focused summary (roving tabindex). */
  focused: string | null;
  onClick(): void;
  onActivate(id: string): void;
}

export function AriaSummaries({ ctl, parentId, level, focused, onClick, onActivate }: Props) {
  const list = ctl.model.summaries.of(parentId);
  if (!list.length) return null;
  const titleOf = (id: string) => ctl.model.get(id)?.text || '分支主题';
  return (
    <>
      {list.map((s) => {
        const text = describeSummary(s, titleOf);
        const selected = ctl.state.summary === s.id;
        return (
          <div
            key={`summary:${s.id}`}
            data-summary={s.id}
            role="treeitem"
            aria-level={level + 1}
            aria-selected={selected}
            aria-label={text}
            tabIndex={focused === s.id ? 0 : -1}
            className={`mind-tree__item mind-tree__summary${selected ? ' is-selected' : ''}`}
            style={{ paddingLeft: `${level * 16 + 6}px` }}
            onClick={() => {
              ctl.selectSummary(s.id);
              onClick();
            }}
            onDoubleClick={() => onActivate(s.id)}
          >
            <span className="mind-tree__toggle" aria-hidden="true">
              ｝
            </span>
            {/* (not .mind-tree__text: the outline's titles are the topics') */}
            <span className="mind-tree__summary-text">{text}</span>
          </div>
        );
      })}
    </>
  );
}
