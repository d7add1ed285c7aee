import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';

/** Collapses the nodes (the root is skipped, as in kityminder). Collapsed children are not laid out. */
export const collapse = {
  name: 'collapse',
  edits: false,
  view: true,
  run(doc: MindDoc, ids: string | string[]): void {
    for (const id of asIds(ids)) if (doc.get(id).parent) doc.set(id, 'expandState', 'collapse');
  },
} satisfies CommandDef;
