import type { CommandDef } from './command';
import { checkChildDepth, newNodeData } from './helpers';
import type { MindDoc } from '../model/doc';
import type { KmNodeData } from '../model/types';

/** New last child; a collapsed parent is expanded so the new node is visible. Returns the new id. */
export const appendChild = {
  name: 'appendChild',
  edits: true,
  run(doc: MindDoc, parentId: string, text?: string | KmNodeData): string {
    const parent = doc.get(parentId);
    checkChildDepth(parent);
    if (parent.data.expandState === 'collapse') doc.set(parentId, 'expandState', 'expand');
    const data = newNodeData(text);
    doc.insert(parentId, parent.children.length, { data, children: [] });
    return data.id as string;
  },
} satisfies CommandDef;
