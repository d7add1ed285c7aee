import { type AppliedSet, type Change, type ChangeSet, documentProblem, type EditorController, type KmDocument, summaryOfEdit } from '../../mindmap';
import type { ChangeSaving } from './autosave-deps';
import { mapChanges, saveChanges, saveChangesAsPageGoes, type SavedChangeSets } from './api';

// The change-set calls the autosaver (autosave.ts) makes for one open map: the sets go to the
// case map's routes or the map's own (MapRoutes), and the sets that come back are shown — with a
// title still being typed on a topic another tab deleted handed to the page, not dropped.

/** The routes of a map other than a case's study map (stable: the hook reads them when its saver starts). */
export interface MapRoutes {
  sendChanges(base: number, sets: ChangeSet[]): Promise<SavedChangeSets>;
  /** sendChanges in a request that outlives the page (sendAsPageGoes); false: not sent */
  sendChangesAsPageGoes(base: number, sets: ChangeSet[]): boolean;
  fetchChanges(since: number): Promise<SavedChangeSets>;
  /** the map as saved now, whole */
  show(): Promise<{ document: KmDocument; version: number }>;
  /** 保留当前版本: the saved `version` kept in the map's 历史版本 (`silent`: no notice for it); resolves the version kept */
  keepVersion(version: number, silent: boolean): Promise<number>;
  live: { kind: 'own'; mapId: string; ownerId: string };
}

/** Which map the sets are for, and how a lost title being typed is said. */
export interface ChangeTarget {
  caseId: string;
  /** the owner's id on the wire when the map is a classmate's */
  owner: string | undefined;
  /** a map that is not a case's: its routes (read when the saver starts) */
  routes: MapRoutes | undefined;
  /** this page's name in the change sets it makes */
  tab(): string;
  /** the page's onTypingLost now (AutosaveOptions), if it has one */
  typingLost(): ((reason: string, text: string) => void) | undefined;
}

export function changeSavingFor(ctl: EditorController, target: ChangeTarget): ChangeSaving {
  const { caseId, owner, routes } = target;
  let leavings = 0;
  const sendAsPageGoes = (base: number, sets: ChangeSet[]) =>
    routes ? routes.sendChangesAsPageGoes(base, sets) : saveChangesAsPageGoes(caseId, base, sets, owner);
  return {
    take: () => ctl.engine.takeChangeSets(),
    send: (base, sets) => (routes ? routes.sendChanges(base, sets) : saveChanges(caseId, base, sets, owner)),
    sendAsPageGoes: (base, sets, titles) => {
      const renames = titleSet(`${target.tab()}-left:${++leavings}`, base, titles);
      return sendAsPageGoes(base, renames ? [...sets, renames] : sets);
    },
    receive: (sets) => receiveSets(ctl, sets, target.typingLost),
    wholeSaved: (v, seq) => ctl.engine.wholeSaved(v, target.tab(), seq),
    fetch: (since) => (routes ? routes.fetchChanges(since) : mapChanges(caseId, since, owner)),
  };
}

/**
 * Titles confirmed on topics the worker made but answered in no set yet (the page going in that
 * instant), as one set of renames made here, named apart from the worker's sets (`id`, never one
 * of its `<tab>:<n>`): the server applies each as any rename, and drops one whose topic it lacks.
 * A summary's text and a title past the map's limits are left to the draft.
 */
export function titleSet(id: string, base: number, titles: readonly { id: string; text: string }[]): ChangeSet | null {
  const changes: Change[] = titles
    .filter((t) => !summaryOfEdit(t.id) && !documentProblem({ root: { data: { text: t.text } } }))
    .map((t) => ({ op: 'set', id: t.id, key: 'text', before: undefined, after: t.text }));
  return changes.length ? { id, base, changes } : null;
}

/**
 * The server's sets into the engine and on screen. A topic whose title is being typed is kept
 * (its branch brought back when they delete it). Only a field opened while the sets were being
 * applied can find its topic gone: it closes and the text is said — to the page's onTypingLost
 * (which shows the text to be copied), else as a notice with the text.
 */
async function receiveSets(
  ctl: EditorController,
  sets: AppliedSet[],
  typingLost: ChangeTarget['typingLost'],
): Promise<{ notices: string[]; version: number; madeHere?: boolean }> {
  // a topic whose title is being typed: a delete of it from elsewhere is undone in the engine (its
  // branch comes back, said), as for a topic edited here — the title is not lost and its field stays
  const open = ctl.textEdit.typed;
  const r = await ctl.engine.receiveChangeSets(sets, open?.id && !summaryOfEdit(open.id) ? open.id : undefined);
  const typing = ctl.textEdit.typed;
  // the other tabs' edits: shown, not an edit of this page (nothing to save for them);
  // an answer holding only this page's own sets changes nothing on screen
  if (r.changed) ctl.apply(r.patch, false);
  // a title being typed on a topic another tab deleted cannot be kept: said, not dropped in silence
  const lost = typing && typing.id && !summaryOfEdit(typing.id) && !ctl.model.get(typing.id);
  if (!lost) return { notices: r.notices, version: r.version, madeHere: r.madeHere };
  // its field closes (it floated over a neighbour), and the text is shown to be copied
  ctl.textEdit.discard();
  const told = typingLost();
  if (!told) return { notices: [...r.notices, `标题「${typing.text}」没有保存：这个主题已在别处删除`], version: r.version };
  told('你正在编辑的主题已在别处删除', typing.text);
  return { notices: r.notices, version: r.version };
}
