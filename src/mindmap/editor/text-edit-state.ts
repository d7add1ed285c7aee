import type { CommandRunner } from './command-runner';
import type { EditorParts } from './editor-parts';
import type { InsertAt, TypedText } from './editor-state';
import { summaryOfEdit } from './summary-model';

// The title (or summary text) open in the edit field, as typed so far: kept here, not in the
// view, so leaving the editor, the page or the map's write access can commit or hand it back
// whatever the view's state by then.

export class TextEditState {
  /** The text edit open in the edit field: its node ('' while an inserted node is on its way) and the text in the field now. */
  private open: TypedText | null = null;
  private seq = 0;
  /** An IME composition is under way in the field (typing): its text is not the student's yet. */
  private composing = false;

  constructor(
    private readonly parts: Pick<EditorParts, 'events' | 'doc'>,
    private readonly commands: CommandRunner,
  ) {}

  /** Sets a node's text: one undo step per committed edit (its own merge key); `at`: the insert that made the node. */
  editText(id: string, text: string, at?: InsertAt): Promise<unknown> {
    this.parts.events.emit('textConfirmed', at ? { id, text, at } : { id, text });
    return this.commands.run('editText', [id, text], { mergeKey: `text:${id}:${++this.seq}` });
  }

  /**
   * The view's edit field: opened on `id` or handed to the node just inserted (same text), typed
   * into (`text`), or closed (`null`); `at`: the insert the field was opened for.
   */
  track(id: string | null, text?: string, at?: InsertAt): void {
    this.composing = false;
    if (id === null) return void (this.open = null);
    if (!this.open) this.parts.events.emit('textEditOpen');
    // the field handed to the topic it was opened to insert, or typed on, keeps that insert
    const made = at ?? (this.open && (this.open.id === id || !this.open.id) ? this.open.at : undefined);
    this.open = { id, text: text ?? this.open?.text ?? '', ...(made ? { at: made } : {}) };
  }

  /**
   * The student typed in the open field. While an IME composition is under way (`composing`) its
   * text — pinyin, candidates — is not theirs yet and may never be: what the page keeps if it goes
   * now is the text as it was before the composition (a field the composition opened: the title
   * unchanged), until it ends.
   */
  typing(id: string, text: string, composing: boolean): void {
    if (!composing) this.track(id, text);
    else if (this.open?.id === id) this.composing = true;
  }

  /**
   * Closes the open text edit without committing it (the student may no longer edit the map: what
   * was typed is shown to them instead of saved). Answers what was typed (null: none open).
   */
  discard(): TypedText | null {
    const t = this.open;
    this.open = null;
    if (t) this.parts.events.emit('textEditDiscard');
    return t;
  }

  /** The open text edit as typed so far (null: none open). */
  get typed(): TypedText | null {
    return this.open;
  }

  /**
   * Commits the open text edit (Enter, leaving the field, leaving the page or the editor) as an
   * editText; returns what it sent (null: nothing open, nothing changed, or the node still being
   * inserted).
   */
  commit(): TypedText | null {
    const t = this.open;
    // (a field opened by a composition not ended: nothing typed yet, the title stays)
    const untyped = this.composing && t?.text === '';
    this.open = null;
    this.composing = false;
    if (untyped) return null;
    const { model } = this.parts.doc;
    const sid = t ? summaryOfEdit(t.id) : null;
    if (t && sid) {
      if (t.text === model.summaries.get(sid)?.text) return null;
      void this.commands.run('summaryText', [sid, t.text]);
      return t;
    }
    if (!t || !t.id || t.text === model.get(t.id)?.text) return null;
    void this.editText(t.id, t.text, t.at);
    return t;
  }
}
