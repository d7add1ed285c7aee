import type { ChangeSet } from '../model/change-set';
import type { KmNode } from '../model/types';

/**
 * What a page's unsaved sets hold, said the way a student recognises it: the titles they typed
 * (renames, topics added with everything under them), in order, once each, and how many other
 * changes there were (moves, deletes, notes, styles). For a page that can no longer save them
 * (its student was made 只读 or removed) to show them, to be copied.
 */
export function unsavedTitles(sets: readonly ChangeSet[], typed: readonly string[] = []): { titles: string[]; others: number } {
  const titles = new Set<string>();
  let others = 0;
  const addAll = (n: KmNode) => {
    if (typeof n?.data?.text === 'string' && n.data.text.trim()) titles.add(n.data.text);
    for (const c of n?.children ?? []) addAll(c);
  };
  for (const s of sets)
    for (const c of s.changes) {
      if (c.op === 'set' && c.key === 'text') {
        if (typeof c.after === 'string' && c.after.trim()) titles.add(c.after);
      } else if (c.op === 'add') addAll(c.node);
      else if (c.op !== 'set' || c.key !== 'expandState') others++;
    }
  for (const t of typed) if (t.trim()) titles.add(t);
  return { titles: [...titles], others };
}
