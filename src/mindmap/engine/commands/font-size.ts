import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';

/** Sets data["font-size"]; null or '' removes it so the theme value applies again. */
export const fontSize = {
  name: 'fontSize',
  edits: true,
  run(doc: MindDoc, ids: string | string[], value: number | null): void {
    const v = value === null || (value as unknown) === '' ? undefined : value;
    for (const id of asIds(ids)) doc.set(id, 'font-size', v);
  },
} satisfies CommandDef;
