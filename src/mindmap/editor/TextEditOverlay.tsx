import { useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import type { EditBox } from './edit-geometry';
import { isHistoryKey } from './edit-history-keys';
import { behindDialog } from './map-focus';
import { summaryOfEdit } from './summary-model';

// The map's keyboard target AND its text edit field: one real <textarea> (kityminder's
// "receiver"). While no text is edited it is "armed": invisible over the selected node, keys go
// to the map (arrows, Tab, Enter, shortcuts); a printable key or an IME composition goes INTO it
// and turns it into the visible edit field in place, so the composition is never interrupted
// and no typed character is lost. Editing: Enter commits (Shift+Enter = new line), Esc cancels,
// Tab commits and inserts below the topic (as in XMind), leaving the field commits; not while an
// IME composition is open (Enter then confirms the composition, not the edit).

export interface EditTarget extends EditBox {
  id: string;
  text: string;
  /** Bumped per edit session: a new session resets the field. */
  seq: number;
  /**
   * Started by typing: caret at the end, and what the armed field already holds (typed into it,
   * or being composed) is kept; else `text` fills the field, all selected (F2, a new node).
   */
  typed: boolean;
}

interface Props {
  edit: EditTarget | null;
  /** Armed position: the selected node's screen box, so an IME's candidate window opens there. */
  anchor: { left: number; top: number; width: number; height: number };
  label: string;
  hintId: string;
  readOnly: boolean;
  inputRef: Ref<HTMLTextAreaElement>;
  /** A key while armed (the map's keyboard handling). */
  onMapKey(e: KeyboardEvent<HTMLTextAreaElement>): void;
  /** Paste while armed: the map pastes nodes, the field stays empty. */
  onMapPaste(e: ClipboardEvent<HTMLTextAreaElement>): void;
  /**
   * Armed field received text or a composition started: open the edit with it. False when no
   * topic can take it (none selected, a line or summary selected): the text is dropped, or it
   * would wait in the hidden field and land in front of the next topic's text; also when earlier
   * keys still wait for the worker and the text was queued behind them (a composition then
   * stays in the field until it ends).
   */
  onType(text: string): boolean;
  /**
   * The open edit field's text changed (the controller keeps it, so leaving the page commits it);
   * `composing`: by an IME composition not ended yet (its text is not the student's yet).
   */
  onText(text: string, composing: boolean): void;
  /**
   * A composition was deferred (onType refused it for now): the keys queued before it must not
   * open the field under it (that would reset the field mid-composition). Returns the release,
   * called once the composition ended and its text was handed to onType.
   */
  onDefer(): () => void;
  onCommit(text: string): void;
  onCancel(): void;
}

export function TextEditOverlay({ edit, anchor, label, hintId, readOnly, inputRef, onMapKey, onMapPaste, onType, onText, onDefer, onCommit, onCancel }: Props) {
  const [field, setField] = useState({ seq: -1, value: '' });
  const closed = useRef(-1);
  // The session whose text was changed by the student (typed, pasted, deleted): its Ctrl+Z is
  // the field's own text undo from then on.
  const changed = useRef(-1);
  const el = useRef<HTMLTextAreaElement | null>(null);
  // A composition begun on the armed field that onType did not take yet (earlier keys still wait
  // for the worker): composed here, handed over when it ends — cutting it short would lose it.
  const deferred = useRef<(() => void) | null>(null);
  // That composition is shown where it is typed (the key field made visible over the topic or the
  // selected line's label) until the field it goes to takes it: typed blind, pinyin and candidates were unseen.
  const [composing, setComposing] = useState(false);
  /** Armed text (typed, or a composition's once it ends) to onType; dropped when no topic takes it. */
  const take = (v: string, target: HTMLTextAreaElement) => {
    const release = deferred.current;
    deferred.current = null;
    setComposing(false);
    if (v && (behindDialog(target) || !onType(v))) setField((f) => ({ ...f, value: '' }));
    release?.();
  };
  // Adjust the field to the session during render (no flash of the old value). A typed session
  // keeps only what the ARMED field holds (the key or composition that opened it). Text that
  // waited in the key queue comes as a new session over the field of the topic just inserted:
  // the field still holds that session's 分支主题, and keeping it would show and commit 分支主题
  // (Enter, blur) instead of the queued text — a title composed in a burst was lost that way.
  let value = field.value;
  if (edit && edit.seq !== field.seq) {
    value = edit.typed && field.seq === -1 && field.value ? field.value : edit.text;
    setField({ seq: edit.seq, value });
  } else if (!edit && field.seq !== -1) {
    value = '';
    setField({ seq: -1, value });
  }

  useLayoutEffect(() => {
    const t = el.current;
    if (!edit || !t) return;
    if (document.activeElement !== t) t.focus({ preventScroll: true });
    if (edit.typed) t.setSelectionRange(t.value.length, t.value.length);
    else t.select();
  }, [edit?.seq]);

  const finish = (commit: boolean) => {
    if (!edit || closed.current === edit.seq) return;
    closed.current = edit.seq;
    // The field's own value: it holds an IME's composition text even before React saw it.
    if (commit) onCommit(el.current?.value ?? value);
    else onCancel();
  };

  const setRef = (t: HTMLTextAreaElement | null) => {
    el.current = t;
    if (typeof inputRef === 'function') inputRef(t);
    else if (inputRef) (inputRef as { current: HTMLTextAreaElement | null }).current = t;
  };

  const style = edit
    ? {
        ...(edit.right === undefined ? { left: edit.left } : { right: edit.right }),
        top: edit.top,
        minWidth: edit.width,
        maxWidth: edit.maxWidth,
        fontSize: edit.fontSize,
      }
    : anchor;
  return (
    <textarea
      ref={setRef}
      className={edit ? 'mind-edit' : composing ? 'mind-edit is-armed is-composing' : 'mind-edit is-armed'}
      aria-label={edit ? '编辑主题文字' : label}
      aria-describedby={edit ? undefined : hintId}
      readOnly={readOnly}
      value={value}
      rows={Math.max(1, value.split('\n').length)}
      spellCheck={false}
      autoComplete="off"
      style={style}
      onChange={(e) => {
        const v = e.target.value;
        setField((f) => ({ ...f, value: v }));
        if (edit) changed.current = edit.seq;
        if (edit) onText(v, (e.nativeEvent as InputEvent).isComposing === true);
        // Text the armed field gets behind a dialog is not the student's typing on this map:
        // Chromium hands an IME's committed text to the page's last caret, which stays in this
        // field while a dialog's button has the focus (a read-only preview renamed the map).
        else if (!deferred.current || !(e.nativeEvent as InputEvent).isComposing) take(v, e.target);
      }}
      onCompositionStart={(e) => {
        if (!edit && !readOnly && !behindDialog(e.currentTarget) && !onType('')) {
          deferred.current ??= onDefer();
          setComposing(true);
        }
      }}
      onCompositionEnd={(e) => {
        if (edit) onText(e.currentTarget.value, false);
        if (deferred.current) take(edit ? '' : e.currentTarget.value, e.currentTarget);
      }}
      onPaste={(e) => {
        // Either way the map's own paste handler must not see it again.
        e.stopPropagation();
        if (!edit) onMapPaste(e);
      }}
      onKeyDown={(e) => {
        if (!edit) {
          // An IME is composing: its keys belong to it (the composition opens the edit).
          if (!e.nativeEvent.isComposing && e.key !== 'Process') onMapKey(e);
          return;
        }
        e.stopPropagation();
        if (e.nativeEvent.isComposing || e.key === 'Process') return;
        // Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z in a field still holding what it opened with (the new
        // 分支主题 after Tab, F2 with nothing typed): as in XMind, the edit ends and the key acts on
        // the map (undo removes the new topic). Once something was typed it is the text's undo.
        if (isHistoryKey(e) && !edit.typed && changed.current !== edit.seq && (el.current?.value ?? value) === edit.text) {
          e.preventDefault();
          finish(false);
          onMapKey(e);
          return;
        }
        if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(false);
        } else if (e.key === 'Tab') {
          e.preventDefault();
          // As in XMind: the title is kept and Tab (Shift+Tab) goes on as the map's key, inserting
          // below (above) the topic just named — typed on, a second title no longer joined the first.
          if (summaryOfEdit(edit.id)) return;
          finish(true);
          onMapKey(e);
        }
      }}
      onBlur={() => {
        finish(true);
        // Armed text another field took (a selected line's label, which opens with it): gone
        // from here, or the next text typed on the map would start with it.
        if (!edit && !deferred.current) setField((f) => (f.value ? { ...f, value: '' } : f));
      }}
    />
  );
}
