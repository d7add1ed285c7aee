import type { CommandArgs, CommandName, CommandResult } from '../engine/commands/registry';
import { toast } from '../host';
import { announcement } from './announce';
import type { EditorParts } from './editor-parts';
import { itemsGone } from './items-said';
import { goneItemTopic, itemIds, itemsAt, topicSaid, type ItemsAt } from './item-steps';
import { userMessage } from './messages';
import { ImportSelections, selectedAfterDelete } from './selection-memory';

/** A command's options: `mergeKey` (one undo step with the last of the same key); `say`: what the live region says instead of the command's own announcement. */
export type RunOptions = { mergeKey?: string; say?: string };

// Every edit of the document: an engine command sent to the worker, its patch taken in, what it
// did said in Chinese; undo and redo, selecting what they were about. The one way the editor
// changes the map (the page's saves and catch-ups only apply patches the worker made).

export class CommandRunner {
  /** Undoing an import selects again what was selected before it. */
  readonly importSelections = new ImportSelections();
  constructor(
    private readonly parts: EditorParts,
    /** Selects a line or summary back in the map that was not in `before` (an undone delete) and names it; null: none. */
    private readonly selectItemBack: (before: ReadonlySet<string>) => string | null,
  ) {}

  /** Runs an engine command; engine errors go to onError and resolve undefined. */
  async run<N extends CommandName>(name: N, args: CommandArgs<N>, opts: RunOptions = {}): Promise<CommandResult<N> | undefined> {
    try {
      return await this.execute(name, args, opts);
    } catch (e) {
      this.parts.reportError(userMessage(e));
      return undefined;
    }
  }

  /** Runs an engine command; rejects with the engine's error (callers that explain it themselves). */
  execute<N extends CommandName>(name: N, args: CommandArgs<N>, { say, ...opts }: RunOptions = {}): Promise<CommandResult<N>> {
    const { doc, engine, work } = this.parts;
    return work.track(async () => {
      const { model } = doc;
      const sums = model.summaries;
      const drawn = sums.list.filter((x) => sums.isDrawn(x.id));
      const items = { summaries: sums.list, relationships: model.relationships };
      const { result, patch } = await engine.execute(name, args, opts);
      this.parts.apply(patch);
      const gone = itemsGone(name, items, { summaries: sums.list, relationships: model.relationships });
      // A summary still in the map but no longer drawn (its parent folded, say): said too.
      const hidden = drawn.filter((x) => sums.get(x.id) && !sums.isDrawn(x.id)).map((x) => `概要「${x.text || '概要'}」随之隐藏`);
      const said = [say ?? announcement(model, name, args, result), ...gone, ...hidden].filter(Boolean).join('，');
      if (said) this.parts.say(said);
      return result;
    });
  }

  undo(): Promise<void> {
    const { doc, engine, work, selector, events } = this.parts;
    const { model } = doc;
    return work.track(async () => {
      const p = await engine.undo();
      if (!p) return;
      // (taken before apply, which forgets them once nothing is left to undo)
      const before = p.swapped ? this.importSelections.undo() : null;
      const items = itemsAt(model);
      const typed = doc.typedByOthers();
      // (a step of which nothing applied changed nothing: no change to save, no 未保存 flash)
      this.parts.apply(p, !p.skipped?.whole);
      const back = p.swapped ? [] : restoredIds(model, p.added);
      // taking back one's own insert can take a topic a classmate has begun typing in: told, with the way back
      for (const t of typed.filter((x) => !model.has(x.id))) toast.warning(`这一步撤销删除了${t.name}正在编辑的「${t.text}」，可按 Ctrl+Y 恢复`, 8000);
      if (!before) {
        // A delete undone: the topics it brings back are selected (XMind, kityminder), not a
        // neighbour; a line or summary that comes back alone is selected too, and named.
        if (back.length) selector.select(back);
        const item = back.length || p.swapped ? null : this.selectAfterItems(items, p.removed.length > 0);
        if (p.skipped) return this.saySkipped('撤销', p.skipped);
        return this.parts.say(item ? `已撤销，已选中${item}` : '已撤销');
      }
      // An import taken back: the map before it, with what was selected then (the root if gone).
      const kept = before.selection.filter((id) => model.has(id));
      selector.select(kept.length ? kept : [model.rootId]);
      events.emit('importStep', true, before.what);
      this.parts.say(`已撤销${before.what}`);
    });
  }

  redo(): Promise<void> {
    const { doc, engine, work, selector, events } = this.parts;
    const { model } = doc;
    return work.track(async () => {
      const p = await engine.redo();
      if (!p) return;
      const again = p.swapped ? this.importSelections.redo() : null;
      const items = itemsAt(model);
      // A Delete redone selects what the Delete selected (the neighbour), not the nearest ancestor.
      const next = p.swapped ? undefined : this.selectedAfterRedo(p.removed);
      this.parts.apply(p, !p.skipped?.whole);
      const back = p.swapped ? [] : restoredIds(model, p.added);
      if (!again) {
        if (back.length) selector.select(back);
        else if (next && model.has(next)) selector.select([next]);
        const item = back.length || p.swapped ? null : this.selectAfterItems(items, p.removed.length > 0);
        if (p.skipped) return this.saySkipped('重做', p.skipped);
        return this.parts.say(item ? `已重做，已选中${item}` : '已重做');
      }
      selector.select([model.rootId]);
      events.emit('importStep', false, again.what);
      this.parts.say(`已重做${again.what}`);
    });
  }

  /**
   * An undo or redo of which some part no longer applies: the topic it changed was deleted or
   * moved away in another tab or by a classmate since. My other changes are undone; that part is
   * skipped (my own undo never takes back someone else's work) and the student is told which.
   */
  private saySkipped(what: '撤销' | '重做', skipped: { notices: string[]; whole: boolean }): void {
    if (!skipped.notices.length) {
      // nothing to do: another tab or member already made the map as this step would (brought back what it deleted, say)
      const said = `这一步无需${what}：别处的修改已使导图如此`;
      this.parts.say(said);
      toast.warning(said);
      return;
    }
    const head = skipped.whole ? `这一步无法${what}，已跳过` : `已${what}，其中一部分已跳过`;
    this.parts.say(head);
    toast.warning(`${head}：${skipped.notices.join('；')}`);
  }

  /** The neighbour a redone Delete of selected topics selects (selection-memory.ts), read before the patch applies. */
  private selectedAfterRedo(removed: readonly string[]): string | undefined {
    const gone = new Set(removed);
    const { selection } = this.parts.store.state;
    const selected = selection.filter((id) => gone.has(id));
    const primary = selection.at(-1);
    if (!selected.length || !primary || !gone.has(primary)) return undefined;
    return selectedAfterDelete(this.parts.doc.model, selected, primary);
  }

  /**
   * After an undo or redo that brought no topic back (item-steps.ts): a line or summary that came
   * back is selected, else the topic of one that went — unless topics went too (a topic delete
   * redone: its usual neighbour stays selected). Returns what to say after 已选中, or null.
   */
  private selectAfterItems(before: ItemsAt, topicsWent: boolean): string | null {
    const back = this.selectItemBack(itemIds(before));
    if (back || topicsWent) return back;
    const { model } = this.parts.doc;
    const topic = goneItemTopic(model, before);
    if (!topic) return null;
    this.parts.selector.select([topic]);
    return topicSaid(model, topic);
  }
}

/**
 * The topics an undo or redo put back into the map (`added`, read after the patch is applied):
 * the subtrees an undone delete (or a redone insert) brings back, those drawn, each once at its
 * top. Not the topics a step only shows: a move into a folded topic unfolds it, and its children
 * (in the map all along) selected as brought back were what a Delete then took.
 */
function restoredIds(model: { has(id: string): boolean; get(id: string): { parentId: string | null } | undefined }, added: readonly string[] = []): string[] {
  const drawn = new Set(added.filter((id) => model.has(id)));
  const under = (id: string) => {
    for (let p = model.get(id)?.parentId; p; p = model.get(p)?.parentId) if (drawn.has(p)) return true;
    return false;
  };
  return [...drawn].filter((id) => !under(id));
}
