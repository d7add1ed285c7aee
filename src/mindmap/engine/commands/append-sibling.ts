import type { CommandDef } from './command';
import { appendChild } from './append-child';
import { checkChildDepth, newNodeData, newTopicId } from './helpers';
import type { MindDoc } from '../model/doc';
import type { KmNodeData } from '../model/types';

/** Inserts right after the node (`newId`: the new node's, when named); on the root it appends a child, as kityminder's Enter does. */
export const appendSibling = {
  name: 'appendSibling',
  edits: true,
  run(doc: MindDoc, id: string, text?: string | KmNodeData, newId?: string): string {
    const node = doc.get(id);
    if (!node.parent) return appendChild.run(doc, id, text, newId);
    checkChildDepth(node.parent);
    const data = newNodeData(text, newTopicId(doc, newId));
    doc.insert(node.parent.id, node.parent.children.indexOf(node) + 1, { data, children: [] });
    return data.id as string;
  },
} satisfies CommandDef;
