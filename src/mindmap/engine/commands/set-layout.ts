import type { CommandDef } from './command';
import { asIds } from './helpers';
import { isKnownLayout } from '../layout/layout-names';
import type { MindDoc } from '../model/doc';

/** Per-node layout override; null clears it. Unknown names → `Missing Layout: <name>`. */
export const setLayout = {
  name: 'setLayout',
  edits: true,
  run(doc: MindDoc, ids: string | string[], name: string | null): void {
    if (name !== null && !isKnownLayout(name)) throw new Error(`Missing Layout: ${name}（布局“${name}”不存在）`);
    for (const id of asIds(ids)) doc.set(id, 'layout', name);
  },
} satisfies CommandDef;
