import { actionForKey, isEnabled, type ActionContext } from './actions';
import type { Direction } from './spatial-nav';
import { handleRelationKey } from './relation-keys';
import { handleSummaryKey } from './summary-keys';
import { refuseReadOnly } from './read-only';
import type { KeyPress } from './key-queue';
import type { EditorController } from './controller';
import { treeRowStep } from './navigation';

// The map's keys, the same on its keyboard target (the armed edit field over the canvas) and
// on the rows of the ARIA tree: arrows (spatial), Shift+arrows, Home/End, F6 (next region),
// Shift+F10 / ContextMenu (node menu), Enter on a read-only map, then the action registry.

/** The keys, told to screen readers (aria-describedby of the map's keyboard target). */
export const HINT_EDIT =
  '方向键移动选择，Tab 插入下级主题，Enter 插入同级主题，F2 或直接输入编辑文字，Delete 删除，Ctrl+] 为所选同级主题添加概要，Alt+L 逐条选择关联线（Esc 返回主题），Shift+F10 打开主题菜单，F6 切换到工具栏和大纲';
export const HINT_READ =
  '只读导图，不能修改。方向键移动选择，Enter 打开主题，Alt+L 逐条选择关联线（Esc 返回主题），Shift+F10 打开主题菜单，F6 切换到工具栏和大纲';

export interface KeyDeps {
  ctx: ActionContext;
  onActivate?(id: string): void;
  openNodeMenu(): void;
  /** F6 / Shift+F6: the next / previous region (map → toolbar → outline tree → map). */
  cycleRegion(back: boolean): void;
  /** Ctrl+V: the paste event carries the system clipboard; without one the map's own is used. */
  pasteFallback(): void;
}

/** Actions whose answer moves the selection (a new topic, the neighbour of a deleted one, what an undo brings back). */
const WAITED = new Set(['appendChild', 'appendSibling', 'appendParent', 'removeNode', 'undo', 'redo', 'cut']);

const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/**
 * Arrows on a row of the 大纲 tree move through the tree, not across the map: ↑ / ↓ to the row
 * above or below, ← / → fold and unfold or go to the parent and first child (navigation.ts treeRowStep).
 */
export function handleTreeRowArrow(e: KeyPress, ctl: EditorController): boolean {
  const dir = ARROWS[e.key];
  if (!dir || e.shiftKey || e.ctrlKey || e.metaKey || e.altKey || !ctl.primary || ctl.state.summary) return false;
  e.preventDefault();
  if (dir === 'up' || dir === 'down') {
    const { ids, index } = ctl.model.rows();
    const next = ids[(index.get(ctl.primary) ?? -1) + (dir === 'up' ? -1 : 1)];
    if (next) ctl.select([next]);
    return true;
  }
  const step = treeRowStep(ctl.model, ctl.primary, dir);
  if (step && 'select' in step) ctl.select([step.select]);
  else if (step) void ctl.run('expand' in step ? 'expand' : 'collapse', [['expand' in step ? step.expand : step.collapse]]);
  return true;
}

/** Handles a key for the map; false when the key is not the map's (a printable character). */
export function handleMapKey(e: KeyPress, d: KeyDeps): boolean {
  const { ctl } = d.ctx;
  const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
  // Linking a relationship line, or a line selected: its keys first (relation-keys.ts).
  if (handleRelationKey(e, ctl)) return true;
  if (e.key === 'F6') {
    e.preventDefault();
    d.cycleRegion(e.shiftKey);
    return true;
  }
  if (handleSummaryKey(e, d.ctx)) return true;
  if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
    e.preventDefault();
    d.openNodeMenu();
    return true;
  }
  if (ARROWS[e.key] && plain) {
    e.preventDefault();
    ctl.selector.navigate(ARROWS[e.key], e.shiftKey);
    return true;
  }
  if ((e.key === 'Home' || e.key === 'End') && plain && !e.shiftKey) {
    e.preventDefault();
    const { ids } = ctl.model.rows();
    const row = e.key === 'Home' ? ids[0] : ids[ids.length - 1];
    if (row) ctl.select([row]);
    return true;
  }
  if (e.key === 'Enter' && ctl.state.readOnly && ctl.primary && d.onActivate) {
    e.preventDefault();
    d.onActivate(ctl.primary);
    return true;
  }
  const a = actionForKey(e);
  // A read-only map says so for every key that would edit it (Tab, Enter, Delete, F2, Ctrl+V/X/B,
  // Ctrl+digit, Alt+↑, Ctrl+L, typing), once per burst (read-only.ts); F6 is the way out, as on
  // an editable map.
  if (ctl.state.readOnly && ((a && a.edits) || (!a && plain && e.key.length === 1))) {
    if (a?.name !== 'paste') e.preventDefault();
    refuseReadOnly(ctl);
    return true;
  }
  if (a?.name === 'paste') {
    // Not prevented: the browser's paste event brings the system clipboard (onPaste).
    d.pasteFallback();
    return true;
  }
  if (a) {
    e.preventDefault();
    if (isEnabled(a, d.ctx)) {
      const done = a.perform(d.ctx);
      // The next keys act on what this one makes or selects: they wait for its answer (key-queue.ts).
      if (done && WAITED.has(a.name)) ctl.keys.hold(done);
    } else if (ctl.state.summary || ctl.relations.state.selected) {
      // A topic's key with a summary or a line selected: said, not silently ignored.
      const msg = `「${a.label}」只用于主题，请先选中主题`;
      ctl.reportError(msg);
      ctl.say(msg);
    }
    return true;
  }
  // Keys the map does not use keep their default (Tab out of a read-only map, Escape, …).
  return !!a || e.key.length !== 1 || !plain;
}
