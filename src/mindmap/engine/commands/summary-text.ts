import type { CommandDef } from './command';
import { SUMMARY_MISSING_ERROR } from './add-summary';
import type { MindDoc } from '../model/doc';

/** Sets a summary's own topic text (the item is replaced, never mutated: undo keeps the old one). */
export const summaryText = {
  name: 'summaryText',
  edits: true,
  run(doc: MindDoc, id: string, text: string): void {
    const s = doc.items.summaries.find((x) => x.id === id);
    if (!s) throw new Error(SUMMARY_MISSING_ERROR);
    if (typeof text !== 'string') throw new Error('概要的文字必须是文本');
    if (s.text === text) return;
    doc.setItem('summaries', id, { ...s, text });
  },
} satisfies CommandDef;
