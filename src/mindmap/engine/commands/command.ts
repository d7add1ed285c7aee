import type { Change } from '../model/change';
import type { MindDoc } from '../model/doc';
import { invertChanges } from '../model/change';
import { followItems, watchFor } from '../model/item-follow';

/**
 * One command = one file exporting a CommandDef. `run` mutates the document only through the
 * MindDoc primitives, which record Changes; undo is the inverted recording, never hand-written.
 */
export interface CommandDef {
  name: string;
  /** false for the commands allowed on a read-only map (view changes, resetLayout). */
  edits: boolean;
  /**
   * A view change (expand, collapse, expand to level): allowed on read-only maps, saved with the
   * map, but not an undo step and it never clears redo (history mode 'view').
   */
  view?: boolean;
  run(doc: MindDoc, ...args: never[]): unknown;
}

export const READ_ONLY_ERROR = '导图是只读的，不能修改';

export interface CommandOutcome {
  result: unknown;
  changes: Change[];
}

/** Runs a command atomically: on error every change already made is rolled back, then rethrown. */
export function runCommand(doc: MindDoc, cmd: CommandDef, args: readonly unknown[]): CommandOutcome {
  if (doc.readOnly && cmd.edits) throw new Error(READ_ONLY_ERROR);
  const changes: Change[] = [];
  const saved = doc.recorder;
  doc.recorder = changes;
  // Items (relationship lines, summaries) follow removed and reordered topics in this same step.
  const watch = cmd.edits ? watchFor(doc) : null;
  doc.watch = watch;
  try {
    const result = (cmd.run as (d: MindDoc, ...a: unknown[]) => unknown)(doc, ...args);
    doc.watch = null;
    if (watch) followItems(doc, watch);
    return { result, changes };
  } catch (e) {
    doc.watch = null;
    doc.recorder = null;
    for (const c of invertChanges(changes)) doc.apply(c);
    throw e;
  } finally {
    doc.watch = null;
    doc.recorder = saved;
  }
}
