import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';

/** isStudy = 1 shows a tick (已学); false removes the key so untouched files stay byte-identical. */
export const setStudy = {
  name: 'setStudy',
  edits: true,
  run(doc: MindDoc, ids: string | string[], on: boolean): void {
    for (const id of asIds(ids)) doc.set(id, 'isStudy', on ? 1 : undefined);
  },
} satisfies CommandDef;
