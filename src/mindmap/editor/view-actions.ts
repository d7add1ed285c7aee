import { define, firstData, one, primary } from './action-kit';
import type { Action, ActionContext } from './actions';

// The registry's view actions: expand/collapse, 整理布局, find, fit and zoom, and the
// keyboard-only Alt+1…5 / Alt+` levels (listed last by actions.ts, as they always were).

export function viewActions(): Action[] {
  return [
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

/** Alt+1…5, Alt+`: expand to that level (EXPAND_LEVELS), as kityminder does. */
export function levelActions(): Action[] {
  const out: Action[] = [];
  for (const [level, label] of EXPAND_LEVELS) {
    out.push(
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
  return out;
}

function toggle(c: ActionContext): Promise<unknown> {
  const n = firstData(c)!;
  return c.ctl.run(n.collapsed ? 'expand' : 'collapse', [[n.id]]);
}
