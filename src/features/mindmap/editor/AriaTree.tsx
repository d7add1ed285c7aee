import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { EditorController } from './controller';
import type { NodeInfo } from './map-model';

// The map as an ARIA tree (role tree/treeitem with aria-level, aria-expanded, aria-selected),
// mirrored from worker patches. Screen-reader and keyboard users read and edit the map here;
// the selected item holds the focus while the user works in the tree by keyboard (roving
// tabindex); a click on a row selects it and hands the focus to the map's keyboard target, like
// a click on the canvas. Huge maps render a window of rows around the selection, the selected
// row always among them.

const WINDOW = 150;

export function markersText(n: NodeInfo): string[] {
  const out: string[] = [];
  if (n.priority) out.push(`优先级${n.priority}`);
  if (n.isStudy) out.push('已学');
  if (n.isNow) out.push('正在学');
  if (n.hasNote) out.push('有备注');
  if (n.href) out.push('有链接');
  if (n.image) out.push('有图片');
  if (n.resource.length) out.push('有学习资源');
  return out;
}

interface Props {
  ctl: EditorController;
  onKeyDown(e: KeyboardEvent): void;
  onToggle(id: string): void;
  onActivate?(id: string): void;
  /** After a click on a row (the focus goes back to the map). */
  onRowClick(): void;
  /** Context menu on a row (right click, or the menu key / Shift+F10 on a focused row). */
  onRowMenu(): void;
  /** Extra marks per node from the screen (MindDetail: resource counts). */
  extraMarks?(id: string): string[];
}

export function AriaTree({ ctl, onKeyDown, onToggle, onActivate, onRowClick, onRowMenu, extraMarks }: Props) {
  useSyncExternalStore(ctl.model.subscribe, ctl.model.getVersion);
  const state = useSyncExternalStore(ctl.subscribe, ctl.getState);
  const rows = ctl.model.flatten();
  const primary = ctl.primary;
  const at = Math.max(0, rows.findIndex((r) => r.id === primary));
  const from = rows.length > WINDOW * 2 ? Math.max(0, at - WINDOW) : 0;
  const shown = rows.length > WINDOW * 2 ? rows.slice(from, at + WINDOW) : rows;
  const ref = useRef<HTMLDivElement>(null);
  const focusTree = useRef(false);

  // Keep DOM focus on the selected item while the user works in the tree.
  useEffect(() => {
    if (!focusTree.current && !ref.current?.contains(document.activeElement)) return;
    // never take the focus from the text edit field (IME input goes there)
    if (document.activeElement instanceof HTMLTextAreaElement || ctl.state.status === 'textedit') return;
    const el = ref.current?.querySelector<HTMLElement>('[role=treeitem][tabindex="0"]');
    if (el && document.activeElement !== el) el.focus({ preventScroll: false });
  }, [primary, state.selection, ctl.model.version]);

  return (
    <div
      ref={ref}
      role="tree"
      aria-label="思维导图大纲"
      aria-multiselectable="true"
      aria-readonly={state.readOnly || undefined}
      className="mind-tree"
      onKeyDown={(e) => {
        focusTree.current = true;
        onKeyDown(e);
      }}
      onBlur={() => (focusTree.current = false)}
      onContextMenu={(e) => {
        const row = (e.target as Element).closest<HTMLElement>('[role=treeitem]');
        const id = row?.dataset.id;
        if (!id) return;
        e.preventDefault();
        if (!ctl.state.selection.includes(id)) ctl.select([id]);
        onRowMenu();
      }}
    >
      {from > 0 && <div className="mind-tree__more">…… 上方还有 {from} 个主题</div>}
      {shown.map((n) => {
        const expandable = ctl.model.hasChildren(n);
        const selected = state.selection.includes(n.id);
        const parent = n.parentId ? ctl.model.get(n.parentId) : undefined;
        const marks = [...markersText(n), ...(extraMarks?.(n.id) ?? [])];
        return (
          <div
            key={n.id}
            data-id={n.id}
            role="treeitem"
            aria-level={n.level}
            aria-selected={selected}
            aria-expanded={expandable ? !n.collapsed : undefined}
            aria-setsize={parent ? parent.children.length : 1}
            aria-posinset={parent ? parent.children.indexOf(n.id) + 1 : 1}
            aria-label={[n.text || '分支主题', ...marks].join('，')}
            tabIndex={n.id === (primary ?? ctl.model.rootId) ? 0 : -1}
            className={`mind-tree__item${selected ? ' is-selected' : ''}`}
            style={{ paddingLeft: `${(n.level - 1) * 16 + 6}px` }}
            onClick={(e) => {
              focusTree.current = false;
              if (e.shiftKey || e.ctrlKey || e.metaKey) ctl.toggleSelect(n.id);
              else ctl.select([n.id]);
              onRowClick();
            }}
            onDoubleClick={() => onActivate?.(n.id)}
          >
            {expandable ? (
              <button type="button" tabIndex={-1} className="mind-tree__toggle" aria-label={n.collapsed ? '展开' : '收起'} onClick={(e) => {
                  // The arrow acts on its row: it selects it too, so the next key acts on the
                  // branch just folded, not on the node selected before (focus rule: the map).
                  e.stopPropagation();
                  focusTree.current = false;
                  ctl.select([n.id]);
                  onToggle(n.id);
                  onRowClick();
                }}
              >
                {n.collapsed ? '▸' : '▾'}
              </button>
            ) : (
              <span className="mind-tree__toggle" aria-hidden="true" />
            )}
            <span className="mind-tree__text">{n.text || '分支主题'}</span>
            {marks.map((m) => (
              <span key={m} className={`mind-tree__mark${m === '已学' ? ' is-study' : m === '正在学' ? ' is-now' : ''}`} aria-hidden="true">
                {m === '已学' ? '✓' : m}
              </span>
            ))}
            {n.href && (
              <a className="mind-tree__link" href={n.href} target="_blank" rel="noopener noreferrer" tabIndex={-1} onClick={(e) => e.stopPropagation()}>
                链接
              </a>
            )}
          </div>
        );
      })}
      {from + shown.length < rows.length && <div className="mind-tree__more">…… 下方还有 {rows.length - from - shown.length} 个主题</div>}
    </div>
  );
}
