import { commandEdits, type CommandName } from '../../../engine/commands/registry';
import type { EditorController } from './controller';
import { relationWalkActions } from './relation-walk';
import { summaryActions } from './summary-actions';

// The ONE action registry: toolbar buttons, the context menu and keyboard shortcuts all come
// from this list, so a command's label, shortcut and enabled rule are written once.

export type DialogKind = 'hyperlink' | 'note' | 'image';

/** UI services an action may need beyond the controller. */
export interface ActionUi {
  /** F2 / 编辑文字: opens the edit field with the node's current text, all selected. */
  editText(id: string): void;
  /** An insert was sent: keys typed until its node exists are kept for its text. */
  beginInsert(): void;
  /** The insert answered: its new node id, or '' when it was refused (depth limit). */
  endInsert(id: string): void;
  /** Ctrl+C / Ctrl+X: the subtrees also go to the system clipboard (outline text + .km). */
  toSystemClipboard(nodes: Promise<unknown>): void;
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

/** An action as written: either the command it runs (edits derived) or, for UI-only actions, `edits`. */
type ActionSpec = Omit<Action, 'edits' | 'command'> & ({ command: CommandName; edits?: never } | { command?: never; edits: boolean });

const define = (a: ActionSpec): Action => ({ ...a, edits: a.command ? commandEdits(a.command) : a.edits! });

const sel = (c: ActionContext) => c.ctl.state.selection;
const one = (c: ActionContext) => sel(c).length > 0;
const notRoot = (c: ActionContext) => one(c) && !sel(c).includes(c.ctl.model.rootId);
const primary = (c: ActionContext) => c.ctl.primary!;
const firstData = (c: ActionContext) => c.ctl.model.get(primary(c));

export const ACTIONS: Action[] = [
  define({
    name: 'appendChild',
    label: '插入下级主题',
    shortcut: 'Tab',
    keys: ['Insert'],
    in: ['toolbar', 'menu'],
    command: 'appendChild',
    enabled: one,
    perform: (c) => insert(c, 'appendChild'),
  }),
  define({
    name: 'appendSibling',
    label: '插入同级主题',
    shortcut: 'Enter',
    in: ['toolbar', 'menu'],
    command: 'appendSibling',
    enabled: one,
    perform: (c) => insert(c, 'appendSibling'),
  }),
  define({
    name: 'appendParent',
    label: '插入上级主题',
    shortcut: 'Shift+Tab',
    keys: ['Shift+Insert'],
    in: ['menu'],
    command: 'appendParent',
    enabled: notRoot,
    perform: (c) => insert(c, 'appendParent'),
  }),
  define({ name: 'editText', label: '编辑文字', shortcut: 'F2', in: ['menu'], command: 'editText', enabled: one, perform: (c) => c.ui.editText(primary(c)) }),
  define({
    name: 'removeNode',
    label: '删除',
    shortcut: 'Delete',
    keys: ['Backspace'],
    in: ['toolbar', 'menu'],
    command: 'removeNode',
    // A selected line or summary goes first, as with the Delete key (relation-tool, summary-keys).
    enabled: (c) => notRoot(c) || !!c.ctl.relations.state.selected || !!c.ctl.state.summary,
    perform: (c) => {
      const line = c.ctl.relations.state.selected;
      if (line) return c.ctl.relations.remove(line);
      if (c.ctl.state.summary) return c.ctl.removeSummary(c.ctl.state.summary);
      return remove(c);
    },
  }),
  define({
    name: 'addRelation',
    label: '关联线',
    shortcut: 'Mod+L',
    in: ['toolbar', 'menu'],
    command: 'addRelationship',
    enabled: one,
    perform: (c) => c.ctl.relations.start(primary(c)),
  }),
  define({ name: 'undo', label: '撤销', shortcut: 'Mod+Z', in: ['toolbar'], edits: true, enabled: (c) => c.ctl.state.canUndo, perform: (c) => c.ctl.undo() }),
  define({
    name: 'redo',
    label: '重做',
    shortcut: 'Mod+Y',
    keys: ['Mod+Shift+Z'],
    in: ['toolbar'],
    edits: true,
    enabled: (c) => c.ctl.state.canRedo,
    perform: (c) => c.ctl.redo(),
  }),
  define({ name: 'copy', label: '复制', shortcut: 'Mod+C', in: ['menu'], edits: false, enabled: one, perform: (c) => toClipboard(c, c.ctl.copy()) }),
  define({ name: 'cut', label: '剪切', shortcut: 'Mod+X', in: ['menu'], command: 'cut', enabled: notRoot, perform: (c) => toClipboard(c, c.ctl.cut()) }),
  define({ name: 'paste', label: '粘贴', shortcut: 'Mod+V', in: ['menu'], command: 'paste', enabled: one, perform: (c) => c.ui.paste() }),
  define({ name: 'selectAll', label: '全选', shortcut: 'Mod+A', in: [], edits: false, enabled: () => true, perform: (c) => c.ctl.selectAll() }),
  define({
    name: 'arrangeUp',
    label: '上移',
    shortcut: 'Alt+ArrowUp',
    in: ['menu'],
    command: 'arrange',
    enabled: notRoot,
    perform: (c) => c.ctl.run('arrange', [sel(c), -1]),
  }),
  define({
    name: 'arrangeDown',
    label: '下移',
    shortcut: 'Alt+ArrowDown',
    in: ['menu'],
    command: 'arrange',
    enabled: notRoot,
    perform: (c) => c.ctl.run('arrange', [sel(c), 1]),
  }),
  define({ name: 'bold', label: '加粗', shortcut: 'Mod+B', in: ['toolbar'], command: 'bold', enabled: one, perform: (c) => c.ctl.run('bold', [sel(c)]) }),
  define({ name: 'italic', label: '斜体', shortcut: 'Mod+I', in: ['toolbar'], command: 'italic', enabled: one, perform: (c) => c.ctl.run('italic', [sel(c)]) }),
  define({ name: 'hyperlink', label: '链接', in: ['toolbar', 'menu'], command: 'hyperlink', enabled: one, perform: (c) => c.ui.openDialog('hyperlink') }),
  // Read-only maps: the note still opens, to be read (the dialog is then read-only).
  define({
    name: 'note',
    label: '备注',
    in: ['toolbar', 'menu'],
    edits: false,
    enabled: (c) => one(c) && (!c.ctl.state.readOnly || !!firstData(c)?.hasNote),
    perform: (c) => c.ui.openDialog('note'),
  }),
  define({ name: 'image', label: '图片', in: ['toolbar', 'menu'], command: 'image', enabled: one, perform: (c) => c.ui.openDialog('image') }),
  define({
    name: 'setStudy',
    label: '标记已学',
    in: ['menu'],
    command: 'setStudy',
    enabled: one,
    // The study guard is asked first (marking may be refused: its reason is shown, no ✓ is set).
    perform: async (c) => {
      const ids = [...sel(c)];
      const on = !firstData(c)?.isStudy;
      const refused = c.ctl.studyGuard ? await c.ctl.studyGuard(ids, on) : null;
      if (refused) return c.ctl.onError(refused);
      return c.ctl.run('setStudy', [ids, on]);
    },
  }),
  define({
    name: 'setNow',
    label: '标记正在学',
    in: ['menu'],
    command: 'setNow',
    enabled: one,
    perform: (c) => c.ctl.run('setNow', [sel(c), !firstData(c)?.isNow]),
  }),
  define({
    name: 'toggleExpand',
    label: '展开/收起',
    shortcut: 'Space',
    keys: ['/'],
    in: ['menu'],
    command: 'expand',
    enabled: (c) => one(c) && !!firstData(c) && c.ctl.model.hasChildren(firstData(c)!) && primary(c) !== c.ctl.model.rootId,
    perform: (c) => toggle(c),
  }),
  define({
    name: 'resetLayout',
    label: '整理布局',
    shortcut: 'Mod+Shift+L',
    in: ['toolbar', 'menu'],
    command: 'resetLayout',
    enabled: () => true,
    perform: (c) => c.ctl.run('resetLayout', []),
  }),
  define({ name: 'find', label: '查找', shortcut: 'Mod+F', in: ['toolbar'], edits: false, enabled: () => true, perform: (c) => c.ui.openFind() }),
  define({ name: 'fit', label: '适应画布', in: ['toolbar'], edits: false, enabled: () => true, perform: (c) => c.ui.fit() }),
  // kityminder §6.8: Ctrl+= / Ctrl+- (the toolbar's ＋/－ buttons carry the same step).
  define({
    name: 'zoomIn',
    label: '放大',
    shortcut: 'Mod+=',
    keys: ['Mod++', 'Mod+Shift++'],
    in: [],
    edits: false,
    enabled: (c) => c.ctl.state.zoom < 2,
    perform: (c) => c.ui.zoom(1),
  }),
  define({ name: 'zoomOut', label: '缩小', shortcut: 'Mod+-', in: [], edits: false, enabled: (c) => c.ctl.state.zoom > 0.25, perform: (c) => c.ui.zoom(-1) }),
];

ACTIONS.push(...summaryActions(), ...relationWalkActions());

for (let p = 0; p <= 9; p++) {
  ACTIONS.push(
    define({
      name: `priority${p}`,
      label: p ? `优先级 ${p}` : '移除优先级',
      shortcut: p ? `Mod+${p}` : 'Mod+0',
      in: [],
      command: 'priority',
      enabled: one,
      perform: (c) => c.ctl.run('priority', [sel(c), p || null]),
    }),
  );
}

/** kityminder's levels (root = 0): Alt+1…5 show that many levels below the root, Alt+` all. */
export const EXPAND_LEVELS: Array<[number, string]> = [
  [1, '展开到一级节点'],
  [2, '展开到二级节点'],
  [3, '展开到三级节点'],
  [4, '展开到四级节点'],
  [5, '展开到五级节点'],
  [9999, '展开全部节点'],
];
for (const [level, label] of EXPAND_LEVELS) {
  ACTIONS.push(
    define({
      name: `expandToLevel${level}`,
      label,
      shortcut: level < 10 ? `Alt+${level}` : 'Alt+`',
      in: [],
      command: 'expandToLevel',
      enabled: () => true,
      perform: (c) => c.ctl.run('expandToLevel', [level]),
    }),
  );
}

/** The copy goes to the system clipboard too; resolves when the map's own clipboard has it. */
function toClipboard(c: ActionContext, nodes: Promise<unknown>): Promise<unknown> {
  c.ui.toSystemClipboard(nodes);
  return nodes;
}

async function insert(c: ActionContext, name: 'appendChild' | 'appendSibling' | 'appendParent'): Promise<void> {
  c.ui.beginInsert();
  const id = await c.ctl.run(name, [primary(c), '分支主题']);
  if (typeof id === 'string') c.ctl.select([id]);
  // Also on failure (depth limit): ends the type-ahead; the edit then opens on nothing.
  c.ui.endInsert(typeof id === 'string' ? id : '');
}

/** Delete: then the next sibling is selected, else the previous one, else the parent (never a jump to the root). */
async function remove(c: ActionContext): Promise<void> {
  const { model } = c.ctl;
  const gone = sel(c).filter((id) => id !== model.rootId);
  const isGone = (id: string) => gone.some((g) => model.isInside(id, g));
  const n = model.get(primary(c));
  let next: string | undefined;
  for (let cur = n; cur?.parentId && !next; cur = model.get(cur.parentId)) {
    const sibs = model.get(cur.parentId)!.children;
    const i = sibs.indexOf(cur.id);
    next =
      sibs.slice(i + 1).find((s) => !isGone(s)) ??
      sibs
        .slice(0, i)
        .reverse()
        .find((s) => !isGone(s)) ??
      (isGone(cur.parentId) ? undefined : cur.parentId);
  }
  const removed = await c.ctl.run('removeNode', [gone]);
  if (removed && next) c.ctl.select([next]);
}

function toggle(c: ActionContext): Promise<unknown> {
  const n = firstData(c)!;
  return c.ctl.run(n.collapsed ? 'expand' : 'collapse', [[n.id]]);
}

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
