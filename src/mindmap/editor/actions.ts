import type { CommandName } from '../engine/commands/registry';
import type { MapClip } from '../engine/commands/clipboard';
import type { EditorController } from './controller';
import type { InsertAt } from './editor-state';
import { editActions } from './edit-actions';
import { markActions, priorityActions } from './mark-actions';
import { levelActions, viewActions } from './view-actions';
import { relationWalkActions } from './relation-walk';
import { summaryActions } from './summary-actions';

// The ONE action registry: toolbar buttons, the context menu and keyboard shortcuts all come
// from this list, so a command's label, shortcut and enabled rule are written once.

export type DialogKind = 'hyperlink' | 'note' | 'image';

/** UI services an action may need beyond the controller. */
export interface ActionUi {
  /** F2 / 编辑文字: opens the edit field with the node's current text, all selected. */
  editText(id: string): void;
  /**
   * An insert was sent (`how`: which, next to which topic; `id`: the id its topic is made with):
   * keys typed until its node exists are kept for its text.
   */
  beginInsert(how?: InsertAt, id?: string): void;
  /** The insert answered: its new node id, or '' when it was refused (depth limit). */
  endInsert(id: string): void;
  /** Ctrl+C / Ctrl+X: the subtrees also go to the system clipboard (outline text + .km). */
  toSystemClipboard(clip: Promise<MapClip | undefined>): void;
  /** 粘贴 from the menu: the system clipboard when readable, else the map's own. */
  paste(): Promise<void>;
  /** Focus back to the map's keyboard target (after a pointer action on the toolbar). */
  focusMap(): void;
  /** F6 / Shift+F6: focus the next / previous region (map → toolbar → outline tree). */
  cycleRegion(back: boolean): void;
  openDialog(kind: DialogKind): void;
  fit(): void;
  zoom(dir: 1 | -1): void;
  /** Opens (or refocuses) the find and replace bar. */
  openFind(): void;
  /** F2 / Enter / double click on a summary (概要): the edit field over its topic. */
  editSummary?(id: string): void;
  /** 回忆练习 on a branch (Alt+R, node menu): only where the page studies a case map. */
  startRecall?(id: string): void;
}

export interface ActionContext {
  ctl: EditorController;
  ui: ActionUi;
}

export interface Action {
  name: string;
  label: string;
  /** 'Mod' = Ctrl (Cmd on macOS). Shown in menus and tooltips. */
  shortcut?: string;
  /** Further keys for the same action (Insert for Tab, Backspace for Delete, …). */
  keys?: string[];
  /** Where it shows: toolbar, context menu, or keyboard only. */
  in: Array<'toolbar' | 'menu'>;
  /** The engine command it runs, if one: its `edits` comes from the command, never written twice. */
  command?: CommandName;
  /** true for document edits: disabled whenever the map is read-only. */
  edits: boolean;
  enabled(ctx: ActionContext): boolean;
  perform(ctx: ActionContext): void | Promise<unknown>;
}

// Grouped in files of their own (edit-, mark-, view-actions.ts); this order is the toolbar's and
// the node menu's, and the first match wins for a key.
export const ACTIONS: Action[] = [
  ...editActions(),
  ...markActions(),
  ...viewActions(),
  ...summaryActions(),
  ...relationWalkActions(),
  ...priorityActions(),
  ...levelActions(),
];

export { EXPAND_LEVELS } from './view-actions';

export function actionByName(name: string): Action {
  const a = ACTIONS.find((x) => x.name === name);
  if (!a) throw new Error(`Unknown action ${name}`);
  return a;
}

/** Enabled = its own rule and, for edits, a writable map. Read-only disables every edit. */
export function isEnabled(a: Action, ctx: ActionContext): boolean {
  if (a.edits && ctx.ctl.state.readOnly) return false;
  return a.enabled(ctx);
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** Physical key: Alt+digit / Alt+letter are matched by it (macOS turns Alt+1 into ¡, Alt+L into ¬). */
  code?: string;
}

/** "Mod+Shift+L" for a key event (Mod = Ctrl or Cmd). */
export function shortcutOf(e: KeyLike): string {
  const parts: string[] = [];
  if (e.ctrlKey || e.metaKey) parts.push('Mod');
  if (e.shiftKey) parts.push('Shift');
  if (e.altKey) parts.push('Alt');
  let key = e.key;
  if (e.altKey && e.code) key = /^Digit(\d)$/.exec(e.code)?.[1] ?? (e.code === 'Backquote' ? '`' : key);
  // A letter by its key (keyboard layouts differ), by its physical key only when Alt made it a symbol.
  if (e.altKey && e.code && !/^[a-z]$/i.test(key)) key = /^Key([A-Z])$/.exec(e.code)?.[1] ?? key;
  const k = key === ' ' ? 'Space' : key === 'Del' ? 'Delete' : key.length === 1 ? key.toUpperCase() : key;
  parts.push(k);
  return parts.join('+');
}

/** The action a key press triggers (its shortcut or one of its further keys). */
export function actionForKey(e: KeyLike): Action | undefined {
  const s = shortcutOf(e);
  return ACTIONS.find((a) => a.shortcut === s || a.keys?.includes(s));
}

/** Display form: Mod → Ctrl. */
const KEY_LABELS: Record<string, string> = { Mod: 'Ctrl', ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→', Escape: 'Esc', Delete: 'Del' };

/** A shortcut as people write it (Ctrl+↑, not Mod+ArrowUp): no key-event names on screen. */
export function shortcutLabel(s: string | undefined): string {
  return s
    ? s
        .split('+')
        .map((k) => KEY_LABELS[k] ?? k)
        .join('+')
    : '';
}
