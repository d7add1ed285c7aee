import type { CommandDef } from './command';
import { checkDepth, levelOf, newNodeData, newTopicId, subtreeHeight } from './helpers';
import type { MindDoc } from '../model/doc';

/** New node at the node's index (`newId`: its id, when named); the node moves into it (its subtree gets one level deeper). */
export const appendParent = {
  name: 'appendParent',
  edits: true,
  run(doc: MindDoc, id: string, text?: string, newId?: string): string {
    const node = doc.get(id);
    const parent = node.parent;
    if (!parent) throw new Error('根主题不能插入上级主题');
    checkDepth(levelOf(node), subtreeHeight(node) + 1);
    const data = newNodeData(text, newTopicId(doc, newId));
    doc.insert(parent.id, parent.children.indexOf(node), { data, children: [] });
    doc.move(id, data.id as string, 0);
    return data.id as string;
  },
} satisfies CommandDef;
