import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';

/** Sets data["background"]; null or '' removes it so the theme value applies again. */
export const background = {
  name: 'background',
  edits: true,
  run(doc: MindDoc, ids: string | string[], value: string | null): void {
    const v = value === null || value === '' ? undefined : value;
    for (const id of asIds(ids)) doc.set(id, 'background', v);
  },
} satisfies CommandDef;
