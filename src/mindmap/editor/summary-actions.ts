import { commandEdits } from '../engine/commands/registry';
import type { Action, ActionContext } from './actions';

// The 概要 (summary) action of the registry (toolbar, node menu, Ctrl+] as in XMind): a summary
// over the selected sibling topics; the engine refuses non-siblings and gaps in Chinese.

// Offered for any selection on an editable map (read-only is checked by the registry through
// `edits`): the engine decides and its refusal is shown and said, not a greyed button or a key
// that does nothing with no why — the central topic's too (中心主题不能添加概要).
const topics = (c: ActionContext): boolean => c.ctl.state.selection.length > 0;

export const ROOT_SUMMARY_MSG = '中心主题不能添加概要';

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
        if (c.ctl.state.selection.includes(c.ctl.model.rootId)) {
          c.ctl.reportError(ROOT_SUMMARY_MSG);
          return c.ctl.say(ROOT_SUMMARY_MSG);
        }
        const id = await c.ctl.addSummary();
        if (id && c.ctl.state.summary === id) c.ui.editSummary?.(id);
      },
    },
  ];
}
