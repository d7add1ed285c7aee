import { commandEdits, type CommandName } from '../engine/commands/registry';
import type { Action, ActionContext } from './actions';

// What the action definitions share (edit-actions.ts, mark-actions.ts, view-actions.ts): the
// `define` that derives `edits` from the command, and the selection rules they enable on. Apart
// so that the groups of definitions need nothing at run time from the registry that lists them.

/** An action as written: either the command it runs (edits derived) or, for UI-only actions, `edits`. */
export type ActionSpec = Omit<Action, 'edits' | 'command'> & ({ command: CommandName; edits?: never } | { command?: never; edits: boolean });

export const define = (a: ActionSpec): Action => ({ ...a, edits: a.command ? commandEdits(a.command) : a.edits! });

export const sel = (c: ActionContext) => c.ctl.state.selection;
export const one = (c: ActionContext) => sel(c).length > 0;
export const notRoot = (c: ActionContext) => one(c) && !sel(c).includes(c.ctl.model.rootId);
export const primary = (c: ActionContext) => c.ctl.primary!;
export const firstData = (c: ActionContext) => c.ctl.model.get(primary(c));
