import { Fragment, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type KeyboardEvent } from 'react';
import type { EditorController } from './controller';
import { AriaSummaries, childSetSize, closingAt, summaryMarks } from './AriaSummaries';
import { extendedSelection } from './selection-range';
import type { NodeInfo } from './map-model';
import { relationRowDescription } from './relation-ui';

// The map as an ARIA tree (role tree/treeitem with aria-level, aria-expanded, aria-selected,
// aria-setsize, aria-posinset), mirrored from worker patches. Screen-reader and keyboard users
// read and edit the map here; the selected item holds the focus while the user works in the
// tree by keyboard (roving tabindex); a click on a row selects it and hands the focus to the
// map's keyboard target, like a click on the canvas.
// Large maps (VIRTUAL_FROM rows and more) are virtualised by scroll position: the tree scrolls
// a spacer as tall as every row, and only the rows in view (plus OVERSCAN either side) and the
// focusable selected row are in the DOM, at a fixed height (one line, the full title in the
// label); a selection moved by keys scrolls its row into view. Smaller maps show every row,
// wrapped to its full title.

export const VIRTUAL_FROM = 300;
const OVERSCAN = 10;

export function markersText(n: NodeInfo): string[] {
  const out: string[] = [];
  if (n.priority) out.push(`优先级${n.priority}`);
  if (n.isStudy) out.push('已学');
  if (n.isNow) out.push('正在学');
  if (n.hasNote) out.push('有备注');
  if (n.href) out.push('有链接');
  if (n.image) out.push('有图片');
  // kityminder's resource field holds the node's tags (chips on the canvas), not study resources
  if (n.resource.length) out.push(`标签：${n.resource.join('、')}`);
  return out;
}

/**
 * A row's marks in the order its name says them: as the row shows them, with 已学 (drawn as ✓, no
 * visible word) last, so the visible text is one unbroken run of the name (WCAG 2.5.3 Label in
 * Name; axe's label-content-name-mismatch wants the visible words contiguous in the name).
 */
export const saidInOrder = (marks: readonly string[]): string[] => [...marks.filter((m) => m !== '已学'), ...marks.filter((m) => m === '已学')];

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
  /** Row height of a virtualised tree, CSS px (the phone's outline sheet: 44). */
  rowHeight?: number;
  /** Double click on a summary's row: edit its text. */
  onSummaryActivate?(id: string): void;
}

export function AriaTree({ ctl, onKeyDown, onToggle, onActivate, onRowClick, onRowMenu, extraMarks, rowHeight = 26, onSummaryActivate }: Props) {
  useSyncExternalStore(ctl.model.subscribe, ctl.model.getVersion);
  const state = useSyncExternalStore(ctl.subscribe, ctl.getState);
  const rows = ctl.model.rows();
  const count = rows.ids.length;
  const primary = ctl.primary;
  // A selected summary (概要) holds the focus instead of any node.
  const focusId = state.summary ? null : (primary ?? ctl.model.rootId);
  const at = rows.index.get(focusId ?? '') ?? 0;
  const virtual = count >= VIRTUAL_FROM;
  const ref = useRef<HTMLDivElement>(null);
  const focusTree = useRef(false);
  const [view, setView] = useState({ top: 0, height: 600 });
  const from = virtual ? Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN) : 0;
  const to = virtual ? Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN) : count;
  const shown: number[] = [];
  if (virtual && at < from) shown.push(at);
  for (let i = from; i < to; i++) shown.push(i);
  if (virtual && at >= to) shown.push(at);

  // The viewport of a virtualised tree: scroll position and height (resizes, the phone's sheet).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !virtual) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
    };
    const onScroll = () => (frame ||= requestAnimationFrame(read));
    read();
    el.addEventListener('scroll', onScroll, { passive: true });
    const ro = new ResizeObserver(onScroll);
    ro.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      ro.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [virtual]);

  // The selected row is scrolled into view (the smallest scroll) when the selection moves — on
  // the map, by find or in the tree — and holds the DOM focus while the user works in the tree.
  // Away from the tree, a patch alone (a classmate's edit) leaves the tree where it was scrolled.
  const followed = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const tree = ref.current;
    if (!tree) return;
    const inTree = focusTree.current || tree.contains(document.activeElement);
    // (what is selected, not the row holding the focus: with nothing selected that is the root's)
    const target = state.summary ? `概要:${state.summary}` : primary;
    const moved = followed.current !== target;
    followed.current = target;
    if (!inTree && (!moved || !target)) return;
    if (virtual) {
      const y = at * rowHeight;
      if (y < tree.scrollTop) tree.scrollTop = y;
      else if (y + rowHeight > tree.scrollTop + tree.clientHeight) tree.scrollTop = y + rowHeight - tree.clientHeight;
    }
    const el = tree.querySelector<HTMLElement>('[role=treeitem][tabindex="0"]');
    if (!el) return;
    if (!virtual && !inTree) {
      // (only the tree scrolls: scrollIntoView would move the page too)
      const [r, t] = [el.getBoundingClientRect(), tree.getBoundingClientRect()];
      if (r.top < t.top) tree.scrollTop -= t.top - r.top;
      else if (r.bottom > t.bottom) tree.scrollTop += Math.min(r.bottom - t.bottom, r.top - t.top);
    }
    // never take the focus from the text edit field (IME input goes there)
    if (!inTree || document.activeElement instanceof HTMLTextAreaElement || ctl.tools.doing('text')) return;
    if (document.activeElement !== el) el.focus({ preventScroll: !!virtual });
  }, [primary, state.selection, state.summary, ctl.model.version]);

  return (
    <div
      ref={ref}
      role="tree"
      // (ARIA allows aria-readonly on treegrid only: a read-only map says so in its name)
      aria-label={state.readOnly ? '思维导图大纲（只读）' : '思维导图大纲'}
      aria-multiselectable="true"
      className={`mind-tree${virtual ? ' is-virtual' : ''}`}
      style={virtual ? ({ '--mind-row': `${rowHeight}px` } as CSSProperties) : undefined}
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
      {virtual && <div role="presentation" className="mind-tree__spacer" style={{ height: count * rowHeight }} />}
      {shown.map((i) => {
        const n = ctl.model.get(rows.ids[i])!;
        const expandable = ctl.model.hasChildren(n);
        const selected = state.selection.includes(n.id);
        const parent = n.parentId ? ctl.model.get(n.parentId) : undefined;
        const own = [...markersText(n), ...(extraMarks?.(n.id) ?? [])];
        const marks = [...own, ...(virtual ? summaryMarks(ctl, n.id) : [])];
        // What the row shows: a summary's formulas as typed, as the title beside them.
        const shownMarks = [...own, ...(virtual ? summaryMarks(ctl, n.id, true) : [])];
        // Summary rows follow the last row of their parent's subtree (AriaSummaries.tsx).
        const next = i + 1 < count ? (ctl.model.get(rows.ids[i + 1])?.level ?? 0) : 0;
        const closing = virtual ? [] : closingAt(ctl, n, next);
        return (
          <Fragment key={n.id}>
            <div
              data-id={n.id}
              role="treeitem"
              aria-level={n.level}
              aria-selected={selected}
              aria-expanded={expandable ? !n.collapsed : undefined}
              aria-setsize={parent ? childSetSize(ctl, parent, virtual) : 1}
              aria-posinset={rows.posInSet[i]}
              aria-label={[ctl.model.say(n.text) || '分支主题', ...saidInOrder(marks)].join('，')}
              aria-description={relationRowDescription(ctl.relations, n.id)}
              tabIndex={n.id === focusId ? 0 : -1}
              className={`mind-tree__item${selected ? ' is-selected' : ''}`}
              style={virtual ? { paddingLeft: `${(n.level - 1) * 16 + 6}px`, top: i * rowHeight } : { paddingLeft: `${(n.level - 1) * 16 + 6}px` }}
              onClick={(e) => {
                focusTree.current = false;
                const { ctrlKey, metaKey, shiftKey } = e;
                // after the keys typed before it that still wait for the worker (key-queue.ts)
                ctl.keys.run(() => {
                  if (ctrlKey || metaKey) ctl.selector.toggle(n.id);
                  else if (shiftKey) ctl.select(extendedSelection(ctl.model, ctl.state.selection, n.id));
                  else ctl.select([n.id]);
                });
                onRowClick();
              }}
              onDoubleClick={() => onActivate?.(n.id)}
            >
              {expandable ? (
                <button
                  type="button"
                  tabIndex={-1}
                  className="mind-tree__toggle"
                  aria-label={n.collapsed ? '展开' : '收起'}
                  onClick={(e) => {
                    // The arrow acts on its row: it selects it too, so the next key acts on the
                    // branch just folded, not on the node selected before (focus rule: the map).
                    e.stopPropagation();
                    focusTree.current = false;
                    ctl.keys.run(() => {
                      ctl.select([n.id]);
                      onToggle(n.id);
                    });
                    onRowClick();
                  }}
                >
                  {n.collapsed ? '▸' : '▾'}
                </button>
              ) : (
                <span className="mind-tree__toggle" aria-hidden="true" />
              )}
              <span className="mind-tree__text">{n.text || '分支主题'}</span>
              {shownMarks.map((m) => (
                <span key={m} className={`mind-tree__mark${m === '已学' ? ' is-study' : m === '正在学' ? ' is-now' : ''}`} aria-hidden="true">
                  {m === '已学' ? '✓' : m}
                </span>
              ))}
              {/* The mouse's shortcut to the link (never focused): kept out of the row's name, which
                  already says 有链接 — a visible 链接 after the title broke label-in-name. The address
                  is in the 链接 dialog for keys and screen readers. */}
              {n.href && (
                <a
                  className="mind-tree__link"
                  href={n.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  tabIndex={-1}
                  aria-hidden="true"
                  onClick={(e) => e.stopPropagation()}
                >
                  链接
                </a>
              )}
            </div>
            {closing.map((c) => (
              <AriaSummaries key={`s-${c.id}`} ctl={ctl} parent={c} onClick={onRowClick} onActivate={(id) => onSummaryActivate?.(id)} />
            ))}
          </Fragment>
        );
      })}
    </div>
  );
}
