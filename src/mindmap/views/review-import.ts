import type { EditorController } from '../editor/controller';

/**
 * How many review cards (their nodes' ids) the open map no longer holds. An import replaces the
 * whole map; its save retires the cards of the nodes it left out (the server, syncCaseCards), and
 * an undone import saved again brings them back, so the import's notice says how many. A node in
 * view is in the editor's mirror; only the others (under a fold, or gone) are asked of the worker,
 * never a copy of the whole map.
 */
export async function cardsLeftOut(ctl: EditorController, cardIds: Iterable<string>): Promise<number> {
  const unseen = [...cardIds].filter((id) => !ctl.model.get(id));
  const gone = await Promise.all(
    unseen.map((id) =>
      ctl.engine.getNodeData(id).then(
        () => false,
        () => true,
      ),
    ),
  );
  return gone.filter(Boolean).length;
}
