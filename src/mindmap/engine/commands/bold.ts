import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';

/** Toggles font-weight: if any target lacks it, all get "bold"; otherwise the key is removed (kityminder sets undefined). */
export const bold = {
  name: 'bold',
  edits: true,
  run(doc: MindDoc, ids: string | string[], on?: boolean): void {
    const list = asIds(ids);
    const turnOn = on ?? list.some((id) => doc.get(id).data['font-weight'] !== 'bold');
    for (const id of list) doc.set(id, 'font-weight', turnOn ? 'bold' : undefined);
  },
} satisfies CommandDef;
