import { ContextMenu } from 'radix-ui';
import { useEffect, useLayoutEffect, useReducer, useRef, useSyncExternalStore } from 'react';
import { worldToScreen } from '../canvas/camera';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import { actionForKey, type ActionContext } from './actions';
import { isHistoryKey } from './edit-history-keys';
import type { EditorController } from './controller';
import { panInto } from './edit-geometry';
import { MenuSub } from './menu-sub';
import { useKeyboardInset } from './phone';
import { LINK_HINT, linkFrom, TOUCH_LINK_HINT, type RelationTool } from './relation-tool';

// The React side of relationship lines (关联线): the linking hint, the label field over a
// line's middle, the node menu's entries for the lines of the selected node, and the outline
// tree's description of a node's lines (aria-description).

/** 关联到：乙、丙；来自：甲 — or '' for a node without lines. */
export function relationDescription(tool: RelationTool, id: string): string {
  const { out, in: inc } = tool.of(id);
  const t = (n: string) => tool.describeNode(n);
  const parts: string[] = [];
  if (out.length) parts.push(`关联到：${out.map((r) => t(r.to) + (r.title ? `（${r.title}）` : '')).join('、')}`);
  if (inc.length) parts.push(`来自：${inc.map((r) => t(r.from) + (r.title ? `（${r.title}）` : '')).join('、')}`);
  return parts.join('；');
}

/** The key that reaches those lines, told after them (keyboard.ts says it in the map's hint too). */
export const LINE_KEY_HINT = '，按 Alt+L 逐条选择';

/** A tree row's aria-description: its lines and how to reach them, or undefined without lines. */
export function relationRowDescription(tool: RelationTool, id: string): string | undefined {
  const d = relationDescription(tool, id);
  return d ? d + LINE_KEY_HINT : undefined;
}

/** The linking hint and the label field (inside the map's stage, over the canvas). */
export function RelationOverlay({ ctl, canvas, phone = false }: { ctl: EditorController; canvas: MindmapCanvas | null; phone?: boolean }) {
  const tool = ctl.relations;
  const { linking, editing, typed } = useSyncExternalStore(tool.subscribe, tool.getState);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  const [, placed] = useReducer((n: number) => n + 1, 0);
  // The field is inside the canvas (above a phone's on-screen keyboard): the view pans first when
  // it would cross an edge, as for a topic's text (edit-geometry.ts). Near the left edge a label's
  // first characters were cut off.
  const fit = (visibleHeight?: number) => {
    const el = input.current;
    if (!el || !canvas) return;
    const r = el.getBoundingClientRect();
    const s = canvas.element.getBoundingClientRect();
    const box = { left: r.left - s.left, top: r.top - s.top, width: r.width, height: r.height };
    const { dx, dy } = panInto(box, canvas.width, Math.min(canvas.height, visibleHeight ?? canvas.height));
    if (!dx && !dy) return;
    canvas.panBy(dx, dy);
    placed();
  };
  useLayoutEffect(() => {
    if (editing) fit();
    // (placed once as it opens; the keyboard inset below places it again)
  }, [editing]);
  const element = useRef<HTMLElement | null>(null);
  element.current = canvas?.element ?? null;
  useKeyboardInset(element, (visible) => fit(visible));
  useEffect(() => {
    done.current = false;
    const el = input.current;
    // opened by typing: the caret after what was typed; by F2, double click or the menu: all selected
    if (editing && el && typed) el.setSelectionRange(el.value.length, el.value.length);
    else if (editing) el?.select();
  }, [editing, typed]);
  const line = editing ? tool.list.find((r) => r.id === editing) : undefined;
  // The field goes where the label is drawn (placed clear of the nodes, relation-geometry.ts).
  const m = line && canvas ? canvas.relations.labelCentre(canvas.store, line.id) : null;
  let field = null;
  if (line && m && canvas) {
    const [x, y] = worldToScreen(canvas.camera, m.x, m.y);
    const finish = (keep: boolean) => {
      if (done.current) return;
      done.current = true;
      if (keep) void tool.commitLabel(line.id, input.current?.value ?? '');
      else tool.editLabel(null);
      ctl.focusMap();
    };
    field = (
      <input
        ref={input}
        className="mind-relation__label"
        style={{ left: x, top: y }}
        aria-label={`关联线标签：${tool.describe(line)}`}
        defaultValue={typed ?? line.title ?? ''}
        maxLength={200}
        autoFocus
        data-keep-focus
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.nativeEvent.isComposing) return;
          if (isHistoryKey(e)) {
            // The field's own undo, never the browser's: Chromium's reaches across fields (it undid
            // the text typed into the map's key field, moving the focus there, and the label was
            // saved on blur). Ctrl+Z goes back to what the field opened with, then to the label
            // before that typing.
            e.preventDefault();
            const el = input.current;
            const before = line.title ?? '';
            if (el && actionForKey(e)?.name === 'undo') {
              el.value = el.value !== (typed ?? before) ? (typed ?? before) : before;
              el.select();
            }
            return;
          }
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            finish(false);
          }
        }}
        onBlur={() => finish(true)}
      />
    );
  }
  return (
    <>
      {linking && (
        <div className="mind-relation__hint">
          {/* a finger has no arrow keys nor Esc: the hint says what a tap does, 取消 ends it */}
          <span role="status">
            {linkFrom(ctl.model, linking.from)}
            {phone ? TOUCH_LINK_HINT : LINK_HINT}
          </span>
          <button type="button" className="mind-relation__cancel" onClick={() => tool.cancel()}>
            取消
          </button>
        </div>
      )}
      {field}
    </>
  );
}

/** The node menu's entries for the selected node's lines: select, edit the label, delete (`inline`: a group, on a phone). */
export function RelationMenuItems({ ctx, inline }: { ctx: ActionContext; inline: boolean }) {
  const { ctl } = ctx;
  const id = ctl.primary;
  if (!id) return null;
  const tool = ctl.relations;
  const { out, in: inc } = tool.of(id);
  const lines = [...out, ...inc];
  if (!lines.length) return null;
  const ro = ctl.state.readOnly;
  return (
    <MenuSub label="关联线" title={`关联线（${lines.length}）`} inline={inline}>
      {lines.map((r) => (
        <ContextMenu.Group key={r.id} aria-label={tool.describe(r)}>
          <ContextMenu.Item className="mind-menu__item" onSelect={() => tool.select(r.id)}>
            选择：{tool.describe(r)}
          </ContextMenu.Item>
          <ContextMenu.Item className="mind-menu__item" disabled={ro} onSelect={() => tool.editLabel(r.id)}>
            编辑标签：{tool.describe(r)}
          </ContextMenu.Item>
          <ContextMenu.Item className="mind-menu__item" disabled={ro} onSelect={() => void tool.remove(r.id)}>
            删除：{tool.describe(r)}
          </ContextMenu.Item>
        </ContextMenu.Group>
      ))}
    </MenuSub>
  );
}
