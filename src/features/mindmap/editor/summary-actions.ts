import { commandEdits } from '../../../engine/commands/registry';
import type { Action, ActionContext } from './actions';

// The 概要 (summary) action of the registry (toolbar, node menu, Ctrl+] as in XMind): a summary
// over the selected sibling topics; the engine refuses non-siblings and gaps in Chinese.

// Offered for any non-root selection on an editable map (read-only is checked by the registry
// through `edits`): the engine decides and its refusal is shown, not a greyed button with no why.
const topics = (c: ActionContext): boolean => {
  const { selection } = c.ctl.state;
  return selection.length > 0 && !selection.includes(c.ctl.model.rootId);
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
      enabled: topics,
      // The new summary is selected with its text open for typing, as a new topic is.
      perform: async (c) => {
        const id = await c.ctl.addSummary();
        if (id && c.ctl.state.summary === id) c.ui.editSummary?.(id);
      },
    },
  ];
}
