import type { CommandDef } from './command';
import { DUPLICATE_ERROR, MISSING_NODE_ERROR, newRelationId, SAME_NODE_ERROR } from './relationship';
import type { MindDoc } from '../model/doc';
import type { Relationship } from '../model/items';

/** A relationship line from node `from` to node `to` (arrow at `to`); returns its new id. */
export const addRelationship = {
  name: 'addRelationship',
  edits: true,
  run(doc: MindDoc, from: string, to: string, title?: string): string {
    if (from === to) throw new Error(SAME_NODE_ERROR);
    if (!doc.byId.has(from) || !doc.byId.has(to)) throw new Error(MISSING_NODE_ERROR);
    if (doc.items.relationships.some((r) => r.from === from && r.to === to)) throw new Error(DUPLICATE_ERROR);
    const id = newRelationId(doc);
    const rel: Relationship = { id, from, to };
    if (title) rel.title = title;
    doc.setItem('relationships', id, rel);
    return id;
  },
} satisfies CommandDef;
