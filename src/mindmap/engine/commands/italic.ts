import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';

/** Toggles font-style: if any target lacks it, all get "italic"; otherwise the key is removed (kityminder sets undefined). */
export const italic = {
  name: 'italic',
  edits: true,
  run(doc: MindDoc, ids: string | string[], on?: boolean): void {
    const list = asIds(ids);
    const turnOn = on ?? list.some((id) => doc.get(id).data['font-style'] !== 'italic');
    for (const id of list) doc.set(id, 'font-style', turnOn ? 'italic' : undefined);
  },
} satisfies CommandDef;
