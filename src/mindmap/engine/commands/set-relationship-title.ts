import type { CommandDef } from './command';
import { MAX_TITLE, relationOf } from './relationship';
import type { MindDoc } from '../model/doc';
import type { Relationship } from '../model/items';

/** The label at the middle of a relationship line; '' (or blanks) removes it. */
export const setRelationshipTitle = {
  name: 'setRelationshipTitle',
  edits: true,
  run(doc: MindDoc, id: string, title: string): void {
    const r = relationOf(doc, id);
    const t = String(title ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_TITLE);
    if ((r.title ?? '') === t) return;
    const next: Relationship = { ...r, title: t };
    if (!t) delete next.title;
    doc.setItem('relationships', id, next);
  },
} satisfies CommandDef;
