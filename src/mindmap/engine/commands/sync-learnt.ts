import type { CommandDef } from './command';
import type { MindDoc } from '../model/doc';
import { dropNowOfLearnt } from './set-now';

/**
 * The server's learnt nodes arriving while the map is open (a resource completed in another tab,
 * issue 22): ✓ on each of those the map still has. Not the student's edit — so, like a view
 * change, allowed on a read-only map, never an undo step and never clearing redo; the student's
 * own edits around it stay as they are. Ids the map no longer has are skipped; a node ticked stops
 * being 正在学 (set-now.ts). Returns the ids ticked.
 */
export const syncLearnt = {
  name: 'syncLearnt',
  edits: false,
  view: true,
  run(doc: MindDoc, ids: string[]): string[] {
    const ticked: string[] = [];
    for (const id of ids) {
      const n = doc.byId.get(id);
      if (!n || Number(n.data.isStudy) === 1) continue;
      doc.set(id, 'isStudy', 1);
      dropNowOfLearnt(doc, n);
      ticked.push(id);
    }
    return ticked;
  },
} satisfies CommandDef;
