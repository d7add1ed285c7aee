import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';
import { dropNowOfLearnt } from './set-now';

/**
 * isStudy = 1 shows a tick (已学); false removes the key so untouched files stay byte-identical.
 * A node marked learnt stops being 正在学.
 */
export const setStudy = {
  name: 'setStudy',
  edits: true,
  run(doc: MindDoc, ids: string | string[], on: boolean): void {
    for (const id of asIds(ids)) {
      doc.set(id, 'isStudy', on ? 1 : undefined);
      if (on) dropNowOfLearnt(doc, doc.get(id));
    }
  },
} satisfies CommandDef;
