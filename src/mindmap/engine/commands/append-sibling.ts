import type { CommandDef } from './command';
import { appendChild } from './append-child';
import { checkChildDepth, newNodeData } from './helpers';
import type { MindDoc } from '../model/doc';
import type { KmNodeData } from '../model/types';

/** Inserts right after the node; on the root it appends a child, as kityminder's Enter does. */
export const appendSibling = {
  name: 'appendSibling',
  edits: true,
  run(doc: MindDoc, id: string, text?: string | KmNodeData): string {
    const node = doc.get(id);
    if (!node.parent) return appendChild.run(doc, id, text);
    checkChildDepth(node.parent);
    const data = newNodeData(text);
    doc.insert(node.parent.id, node.parent.children.indexOf(node) + 1, { data, children: [] });
    return data.id as string;
  },
} satisfies CommandDef;
