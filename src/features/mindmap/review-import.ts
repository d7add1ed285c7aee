import type { KmDocument, KmNode } from '../../engine/model/types';

/**
 * How many review cards (their nodes' ids) the map `doc` no longer holds. An import replaces the
 * whole map; its save retires the cards of the nodes it left out (the server, syncCaseCards), and
 * an undone import saved again brings them back, so the import's notice says how many.
 */
export function cardsLeftOut(cardIds: Iterable<string>, doc: KmDocument): number {
  const ids = new Set<string>();
  const stack: KmNode[] = [doc.root];
  while (stack.length) {
    const n = stack.pop()!;
    ids.add(String(n.data.id ?? ''));
    for (const c of n.children ?? []) stack.push(c);
  }
  let out = 0;
  for (const id of cardIds) if (!ids.has(id)) out++;
  return out;
}
