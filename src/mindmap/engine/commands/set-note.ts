import type { CommandDef } from './command';
import type { MindDoc } from '../model/doc';

/** Markdown note; null removes it (stored as null, like kityminder). */
export const setNote = {
  name: 'setNote',
  edits: true,
  run(doc: MindDoc, id: string, note: string | null): void {
    doc.set(id, 'note', note === null || note === '' ? null : String(note));
  },
} satisfies CommandDef;
