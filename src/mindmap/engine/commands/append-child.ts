import type { CommandDef } from './command';
import { checkChildDepth, newNodeData, newTopicId } from './helpers';
import type { MindDoc } from '../model/doc';
import type { KmNodeData } from '../model/types';

/**
 * New last child; a collapsed parent is expanded so the new node is visible. `id`: the new
 * node's, when the caller named it (else a fresh one). Returns the new id.
 */
export const appendChild = {
  name: 'appendChild',
  edits: true,
  run(doc: MindDoc, parentId: string, text?: string | KmNodeData, id?: string): string {
    const parent = doc.get(parentId);
    checkChildDepth(parent);
    const data = newNodeData(text, newTopicId(doc, id));
    if (parent.data.expandState === 'collapse') doc.set(parentId, 'expandState', 'expand');
    doc.insert(parentId, parent.children.length, { data, children: [] });
    return data.id as string;
  },
} satisfies CommandDef;
