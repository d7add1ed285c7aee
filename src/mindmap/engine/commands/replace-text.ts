import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';
import { replaceAll } from '../search/find';

/**
 * Find and replace in titles: every occurrence of `query` in each listed node's title (one node
 * for "replace", every match for "replace all") — one undo step. Returns the ids changed.
 */
export const replaceText = {
  name: 'replaceText',
  edits: true,
  run(doc: MindDoc, ids: string | string[], query: string, replacement: string, caseSensitive = false): string[] {
    const changed: string[] = [];
    for (const id of asIds(ids)) {
      const n = doc.get(id);
      const before = typeof n.data.text === 'string' ? n.data.text : '';
      const after = replaceAll(before, String(query), String(replacement), caseSensitive);
      if (after === before) continue;
      doc.set(id, 'text', after);
      changed.push(id);
    }
    return changed;
  },
} satisfies CommandDef;
