import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';

/** isNow = 1 shows the 正在学 badge; false removes the key so untouched files stay byte-identical. */
export const setNow = {
  name: 'setNow',
  edits: true,
  run(doc: MindDoc, ids: string | string[], on: boolean): void {
    for (const id of asIds(ids)) doc.set(id, 'isNow', on ? 1 : undefined);
  },
} satisfies CommandDef;
