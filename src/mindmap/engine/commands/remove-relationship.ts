import type { CommandDef } from './command';
import { relationOf } from './relationship';
import type { MindDoc } from '../model/doc';

/** Removes relationship lines by id (undo puts each back at its place in the list). */
export const removeRelationship = {
  name: 'removeRelationship',
  edits: true,
  run(doc: MindDoc, ids: string | string[]): number {
    const list = typeof ids === 'string' ? [ids] : ids;
    for (const id of list) relationOf(doc, id);
    for (const id of list) doc.setItem('relationships', id, undefined);
    return list.length;
  },
} satisfies CommandDef;
