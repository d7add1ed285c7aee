import type { CommandDef } from './command';
import { copyClip, type MapClip } from './clipboard';
import { removeNode } from './remove-node';
import type { MindDoc } from '../model/doc';

/** Copies the top-most non-root subtrees, with their items, and removes them. Returns the clip. */
export const cut = {
  name: 'cut',
  edits: true,
  run(doc: MindDoc, ids: string | string[]): MapClip {
    const list = (typeof ids === 'string' ? [ids] : ids).filter((id) => doc.get(id).parent);
    const clip: MapClip = { ...copyClip(doc, list), cut: true };
    removeNode.run(doc, list);
    return clip;
  },
} satisfies CommandDef;
