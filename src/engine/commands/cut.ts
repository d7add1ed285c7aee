import type { CommandDef } from './command';
import { copySubtrees } from './clipboard';
import { removeNode } from './remove-node';
import type { MindDoc } from '../model/doc';
import type { KmNode } from '../model/types';

/** Copies the top-most non-root subtrees and removes them. Returns the clipboard content. */
export const cut = {
  name: 'cut',
  edits: true,
  run(doc: MindDoc, ids: string | string[]): KmNode[] {
    const list = (typeof ids === 'string' ? [ids] : ids).filter((id) => doc.get(id).parent);
    const nodes = copySubtrees(doc, list);
    removeNode.run(doc, list);
    return nodes;
  },
} satisfies CommandDef;
