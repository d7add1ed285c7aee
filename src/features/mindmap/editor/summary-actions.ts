import { commandEdits } from '../../../engine/commands/registry';
import type { Action, ActionContext } from './actions';

// The 概要 (summary) action of the registry (toolbar, node menu, Ctrl+] as in XMind): a summary
// over the selected sibling topics; the engine refuses non-siblings and gaps in Chinese.

const siblings = (c: ActionContext): boolean => {
  const { selection } = c.ctl.state;
  const { model } = c.ctl;
  if (!selection.length || selection.includes(model.rootId)) return false;
  const parent = model.get(selection[0])?.parentId;
  return !!parent && selection.every((id) => model.get(id)?.parentId === parent);
};

export function summaryActions(): Action[] {
  return [
    {
      name: 'addSummary',
      label: '概要',
      shortcut: 'Mod+]',
      in: ['toolbar', 'menu'],
      command: 'addSummary',
      edits: commandEdits('addSummary'),
      enabled: siblings,
      // The new summary is selected with its text open for typing, as a new topic is.
      perform: async (c) => {
        const id = await c.ctl.addSummary();
        if (id && c.ctl.state.summary === id) c.ui.editSummary?.(id);
      },
    },
  ];
}
