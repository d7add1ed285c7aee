import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';

/** Expands the nodes; with justParents only their ancestors, to make them visible. */
export const expand = {
  name: 'expand',
  edits: false,
  view: true,
  run(doc: MindDoc, ids: string | string[], justParents = false): void {
    for (const id of asIds(ids)) {
      const n = doc.get(id);
      for (let p = justParents ? n.parent : n; p; p = p.parent) {
        if (p.data.expandState === 'collapse') doc.set(p.id, 'expandState', 'expand');
        if (!justParents) break;
      }
    }
  },
} satisfies CommandDef;
