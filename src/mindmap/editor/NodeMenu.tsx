import { ContextMenu } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import type { SummaryPlace } from '../engine/layout/summary-space';
import { pointAt } from '../engine/render/relation-geometry';
import { worldToScreen, type Camera } from '../canvas/camera';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import { ACTIONS, actionByName, isEnabled, shortcutLabel, type ActionContext } from './actions';
import type { EditorController } from './controller';
import { RelationMenuItems } from './relation-ui';
import { describe } from './AriaSummaries';
import { MENU_EDGE, MenuSub } from './menu-sub';
import { MultiSelectItem } from './multi-select-ui';
import { usePhone } from './phone';

// The node menu (right click on a node, Shift+F10 or the ContextMenu key): the registry's menu
// actions plus the priority choices. Closing it puts the focus back on the map.

/** Study first on a phone: the long-press menu is a long sheet there, and 回忆练习 was at its end. */
const PHONE_FIRST = ['recall', 'setStudy', 'setNow'];

/** The registry's menu actions in the order the menu lists them (on a phone, the study ones it can do first). */
export function menuActions(phone: boolean, ctx: ActionContext) {
  const all = ACTIONS.filter((a) => a.in.includes('menu'));
  if (!phone) return all;
  const rank = (a: (typeof all)[number]) => (PHONE_FIRST.includes(a.name) && isEnabled(a, ctx) ? PHONE_FIRST.indexOf(a.name) : PHONE_FIRST.length);
  return [...all].sort((a, b) => rank(a) - rank(b));
}

/** The line whose own menu opens instead of the topic menu: a selected line with no topic selected. */
export function menuLine(ctl: EditorController): string | null {
  const line = ctl.relations.state.selected;
  return line && !ctl.state.selection.length ? line : null;
}

export function NodeMenu({ ctx, onClosed }: { ctx: ActionContext; onClosed(): void }) {
  const tool = ctx.ctl.relations;
  useSyncExternalStore(tool.subscribe, tool.getState);
  const phone = usePhone();
  const line = menuLine(ctx.ctl);
  if (line) {
    const r = tool.list.find((x) => x.id === line);
    const ro = ctx.ctl.state.readOnly;
    return (
      <ContextMenu.Portal>
        <ContextMenu.Content
          className="mind-menu"
          aria-label={r ? `关联线菜单：${tool.describe(r)}` : '关联线菜单'}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
        >
          <ContextMenu.Item className="mind-menu__item" disabled={ro} onSelect={() => tool.editLabel(line)}>
            编辑标签<span className="mind-menu__key">F2</span>
          </ContextMenu.Item>
          <ContextMenu.Item className="mind-menu__item" disabled={ro} onSelect={() => void tool.remove(line)}>
            删除<span className="mind-menu__key">Delete</span>
          </ContextMenu.Item>
        </ContextMenu.Content>
      </ContextMenu.Portal>
    );
  }
  const sid = ctx.ctl.state.summary;
  const summary = sid ? ctx.ctl.model.summaries.get(sid) : undefined;
  if (summary) {
    // A selected summary has its own menu (no topic is selected then): edit its text (when drawn)
    // or delete it — also one kept but not drawn, which has no other way out but undo.
    const ro = ctx.ctl.state.readOnly;
    return (
      <ContextMenu.Portal>
        <ContextMenu.Content
          className="mind-menu"
          aria-label={`概要菜单：${describe(ctx.ctl, summary)}`}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
        >
          <ContextMenu.Item
            className="mind-menu__item"
            disabled={ro || !ctx.ctl.model.summaries.isDrawn(summary.id)}
            onSelect={() => ctx.ui.editSummary?.(summary.id)}
          >
            编辑概要文字<span className="mind-menu__key">F2</span>
          </ContextMenu.Item>
          <ContextMenu.Item className="mind-menu__item" disabled={ro} onSelect={() => void ctx.ctl.removeSummary(summary.id)}>
            删除概要<span className="mind-menu__key">Delete</span>
          </ContextMenu.Item>
        </ContextMenu.Content>
      </ContextMenu.Portal>
    );
  }
  const priorities = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0].map((p) => actionByName(`priority${p}`));
  return (
    <ContextMenu.Portal>
      <ContextMenu.Content
        className="mind-menu"
        aria-label="主题菜单"
        collisionPadding={MENU_EDGE}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          onClosed();
        }}
      >
        {/* a finger has no Shift or Ctrl: 多选 first, where the finger lifts */}
        {phone && <MultiSelectItem ctl={ctx.ctl} />}
        {menuActions(phone, ctx).map((a) => (
          <ContextMenu.Item key={a.name} className="mind-menu__item" disabled={!isEnabled(a, ctx)} onSelect={() => void a.perform(ctx)}>
            {a.label}
            {a.shortcut && <span className="mind-menu__key">{shortcutLabel(a.shortcut)}</span>}
          </ContextMenu.Item>
        ))}
        <RelationMenuItems ctx={ctx} inline={phone} />
        <MenuSub label="优先级" title="优先级" inline={phone} disabled={!isEnabled(priorities[0], ctx)}>
          {priorities.map((a) => (
            <ContextMenu.Item key={a.name} className="mind-menu__item" disabled={!isEnabled(a, ctx)} onSelect={() => void a.perform(ctx)}>
              {a.label}
              <span className="mind-menu__key">{shortcutLabel(a.shortcut)}</span>
            </ContextMenu.Item>
          ))}
        </MenuSub>
      </ContextMenu.Content>
    </ContextMenu.Portal>
  );
}

/**
 * Opens the node menu from the keyboard (Shift+F10, ContextMenu key): Radix opens a context
 * menu from a contextmenu event at a point, so one is sent to the stage at the node's lower middle.
 */
export function openMenuAt(stage: HTMLElement, c: Pick<MindmapCanvas, 'reveal' | 'paintNow' | 'store' | 'camera'>, id: string): void {
  c.reveal(id);
  c.paintNow();
  const b = c.store.boxOf(id);
  if (b) menuEvent(stage, c.camera, b.x + b.w / 2, b.y + b.h);
}

/**
 * The same for a selected line's own menu: at the middle of its curve, where a right click
 * would open it (at its topic, the stage would take the event for that topic's menu).
 */
export function openLineMenuAt(stage: HTMLElement, c: Pick<MindmapCanvas, 'paintNow' | 'store' | 'camera' | 'relations'>, id: string): void {
  c.paintNow();
  const curve = c.relations.curveOf(c.store, id);
  if (!curve) return;
  const m = pointAt(curve, 0.5);
  menuEvent(stage, c.camera, m.x, m.y);
}

/**
 * The same for a selected summary's (概要) own menu: below the middle of its topic (a long press
 * on it, Shift+F10 with it selected; no topic is selected then).
 */
export function openSummaryMenuAt(stage: HTMLElement, c: Pick<MindmapCanvas, 'paintNow' | 'camera'>, place: SummaryPlace): void {
  c.paintNow();
  const [x, y, w, h] = place.topic;
  menuEvent(stage, c.camera, x + w / 2, y + h);
}

function menuEvent(stage: HTMLElement, cam: Camera, wx: number, wy: number): void {
  const r = stage.getBoundingClientRect();
  const [x, y] = worldToScreen(cam, wx, wy);
  stage.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: r.left + x, clientY: r.top + y }));
}
