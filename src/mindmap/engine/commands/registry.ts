import type { CommandDef } from './command';
import { addRelationship } from './add-relationship';
import { addSummary } from './add-summary';
import { appendChild } from './append-child';
import { applyOutline } from './apply-outline';
import { appendParent } from './append-parent';
import { appendSibling } from './append-sibling';
import { arrange } from './arrange';
import { background } from './background';
import { bold } from './bold';
import { collapse } from './collapse';
import { cut } from './cut';
import { editText } from './edit-text';
import { expand } from './expand';
import { expandToLevel } from './expand-to-level';
import { fontFamily } from './font-family';
import { fontSize } from './font-size';
import { foreColor } from './fore-color';
import { hyperlink } from './hyperlink';
import { image } from './image';
import { italic } from './italic';
import { moveNode } from './move-node';
import { moveNodes } from './move-nodes';
import { paste } from './paste';
import { priority } from './priority';
import { removeNode } from './remove-node';
import { removeRelationship } from './remove-relationship';
import { removeSummary } from './remove-summary';
import { replaceText } from './replace-text';
import { resetLayout } from './reset-layout';
import { setLayout } from './set-layout';
import { setNote } from './set-note';
import { setRelationshipControls } from './set-relationship-controls';
import { setRelationshipTitle } from './set-relationship-title';
import { setNow } from './set-now';
import { setStudy } from './set-study';
import { summaryText } from './summary-text';
import { syncLearnt } from './sync-learnt';
import { template } from './template';
import { theme } from './theme';

// The one list of commands, keyed by name: the editor facade, the worker protocol and the UI
// action registry refer to commands by these names, and a name fixes the arguments and the
// result (`CommandArgs`, `CommandResult`), so `execute('editText', [id, 3])` does not compile.
export const COMMAND_DEFS = {
  appendChild,
  appendSibling,
  appendParent,
  removeNode,
  moveNode,
  moveNodes,
  editText,
  priority,
  setStudy,
  syncLearnt,
  setNow,
  setNote,
  hyperlink,
  image,
  bold,
  italic,
  fontFamily,
  fontSize,
  foreColor,
  background,
  expand,
  collapse,
  expandToLevel,
  template,
  theme,
  setLayout,
  resetLayout,
  cut,
  paste,
  arrange,
  applyOutline,
  replaceText,
  addRelationship,
  setRelationshipTitle,
  setRelationshipControls,
  removeRelationship,
  addSummary,
  summaryText,
  removeSummary,
} satisfies Record<string, CommandDef>;

type Defs = typeof COMMAND_DEFS;
export type CommandName = keyof Defs;
/** The arguments after the document, as the command's `run` declares them. */
export type CommandArgs<N extends CommandName> = Defs[N]['run'] extends (doc: never, ...args: infer A) => unknown ? A : never;
export type CommandResult<N extends CommandName> = ReturnType<Defs[N]['run']>;

export const COMMANDS: ReadonlyMap<string, CommandDef> = new Map(Object.values(COMMAND_DEFS).map((c: CommandDef) => [c.name, c]));

export function getCommand(name: string): CommandDef {
  const c = COMMANDS.get(name);
  if (!c) throw new Error(`未知的命令：${name}`);
  return c;
}

/** Whether a command edits the document (refused on read-only maps): the UI's actions derive their `edits` from it. */
export const commandEdits = (name: CommandName): boolean => COMMAND_DEFS[name].edits;
