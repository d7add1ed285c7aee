import type { CommandDef } from './command';
import { SUMMARY_MISSING_ERROR } from './add-summary';
import type { MindDoc } from '../model/doc';

/** Removes a summary (its nodes stay); undo puts it back at its place in the list. */
export const removeSummary = {
  name: 'removeSummary',
  edits: true,
  run(doc: MindDoc, id: string): void {
    if (!doc.items.summaries.some((x) => x.id === id)) throw new Error(SUMMARY_MISSING_ERROR);
    doc.setItem('summaries', id, undefined);
  },
} satisfies CommandDef;
