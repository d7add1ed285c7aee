import { type Draft, type DraftStore, type EditorController, keptTitleEdit, unsavedTitles } from '../../mindmap';
import { toast } from '../../app/ui/toast-store';
import type { Autosaver } from './autosave';

// What the page had not saved, handed on: titles a closing page kept in its draft are made true
// again when the map reopens (replayKeptTitles); when the student may no longer edit, the unsaved
// edits are dropped and handed to the page as the titles they held (dropUnsavedEdits, shown by
// LostEditsDialog to be copied).

/** Titles confirmed as the page went, not yet in any set: made true again as edits of this tab. Resolves how many were not so already. */
export async function replayKeptTitles(ctl: EditorController, typed: NonNullable<Draft['typed']>): Promise<number> {
  let told = 0;
  for (const kept of typed) {
    const edit = keptTitleEdit((id) => ctl.model.get(id), kept);
    if (!edit) continue;
    told++;
    if ('rename' in edit) await ctl.textEdit.editText(...edit.rename);
    else if ('insert' in edit)
      // made under the id it was kept by (the id the closing page named it with): the kept titles
      // placed next to it (a chain of inserts the page made as it went) find it by that id
      await ctl
        .execute(edit.insert[0].name, [edit.insert[0].at, edit.insert[1], kept.id])
        .catch(() => toast.warning(`标题「${kept.text}」没有保存：它所在的位置已不能再添加主题`, 8000));
    else toast.warning(`标题「${edit.lost}」没有保存：这个主题已在别处删除`, 8000);
  }
  return told;
}

/**
 * This student may no longer edit the map (made 只读, removed from it, the map gone): what the
 * page had not saved is taken out of the saver and out of the draft (`key`) — never saved later,
 * when they may edit again, behind the owner's back — and said as the titles it held, to be copied.
 */
export async function dropUnsavedEdits(
  ctl: EditorController,
  /** the saver now (read once the editor has settled) */
  saverNow: () => Autosaver | null,
  { drafts, key, byChanges }: { drafts: DraftStore; key: string; byChanges: boolean },
): Promise<ReturnType<typeof unsavedTitles>> {
  // closed uncommitted first: its blur must not make it an edit to save
  const typing = ctl.textEdit.discard();
  await ctl.settled();
  const saver = saverNow();
  await saver?.idle();
  const sets = byChanges && ctl.opened ? (await ctl.engine.takeChangeSets()).sets : [];
  const draft = await drafts.get(key).catch(() => undefined);
  await drafts.delete(key).catch(() => {});
  saver?.resolve(saver.version, false);
  const typed = [...(draft?.typed ?? []).map((t) => t.text), ...(typing && typing.text !== ctl.model.get(typing.id)?.text ? [typing.text] : [])];
  return unsavedTitles(sets, typed);
}
