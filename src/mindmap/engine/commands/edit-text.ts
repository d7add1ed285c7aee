import type { CommandDef } from './command';
import type { MindDoc } from '../model/doc';

/** Sets the title. The editor passes mergeKey "text:<id>" so a typing burst is one undo step. */
export const editText = {
  name: 'editText',
  edits: true,
  run(doc: MindDoc, id: string, text: string): void {
    doc.set(id, 'text', String(text));
  },
} satisfies CommandDef;
