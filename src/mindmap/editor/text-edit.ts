import { useEffect, useRef, useState, type RefObject } from 'react';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import type { EditorController } from './controller';
import { editBox, insertBox } from './edit-geometry';
import { useKeyboardInset } from './phone';
import type { EditTarget } from './TextEditOverlay';
import type { InsertAt } from './editor-state';
import { summaryEditBox } from './summary-edit';
import { summaryEditId, summaryOfEdit } from './summary-model';
import { summaryLook } from '../engine/render/summary-shape';
import { getTheme } from '../engine/theme/themes';
import { newId } from '../engine/model/ids';
import { keysAhead } from './keys-ahead';

// The editor's text edit field as a session: opened on a node (F2, typing, IME, double click),
// opened at once for a node being inserted (Tab / Enter) and handed to it when the worker
// answers, committed (Enter, leaving) or cancelled. The controller tracks the typed text, so
// leaving the page or the editor can commit it whatever this view's state by then.

export function useTextEdit(ctl: EditorController, canvasRef: RefObject<MindmapCanvas | null>, stage: RefObject<HTMLElement | null>, phone: boolean) {
  const [edit, setEdit] = useState<EditTarget | null>(null);
  const session = useRef(0);
  // The open edit, readable synchronously by handlers that run before React re-renders.
  const editing = useRef<EditTarget | null>(null);
  // An insert opens the edit field at once (id '' until the worker answers), so text typed or
  // composed with an IME right after Tab/Enter lands in it; Enter before the answer parks it here.
  const pendingCommit = useRef<string | null>(null);
  // The insert under way, and what to tell the kept copy once it is answered (confirmInsert).
  const inserting = useRef<InsertAt | null>(null);
  const answered = useRef<((id: string) => void) | null>(null);
  // The id the topic of the insert under way is made with (null: none under way): titles kept
  // for a page going away before the worker answers refer to it (keys-ahead.ts).
  const insertName = useRef<string | null>(null);

  const show = (t: EditTarget | null) => {
    // 16 px at least on a phone: a smaller field makes mobile browsers zoom the page on focus.
    if (t && phone) t = { ...t, fontSize: Math.max(16, t.fontSize) };
    // A new session starts with its text; the same session (handed to the inserted node) keeps what was typed.
    ctl.textEdit.track(t ? t.id : null, t && t.seq !== editing.current?.seq ? t.text : undefined, t && !t.id ? (inserting.current ?? undefined) : undefined);
    editing.current = t;
    setEdit(t);
    if (t) ctl.tools.begin('text');
    else ctl.tools.end('text');
  };

  /**
   * Opens the edit field on node `id` with `text`; `typed` = the field already holds it (typing,
   * IME). Says whether it opened (not on a read-only map, nor on a node that is not drawn).
   */
  const open = (id: string, text: string, typed: boolean): boolean => {
    const c = canvasRef.current;
    if (!c || !ctl.model.get(id) || ctl.state.readOnly) return false;
    const box = editBox(c, id);
    if (!box) return false;
    c.paintNow();
    ctl.select([id], false);
    show({ id, text, typed, seq: ++session.current, ...box });
    return true;
  };

  /** Opens the edit field on summary `sid`'s topic (概要) with its text, all selected. */
  const openSummary = (sid: string): void => {
    const c = canvasRef.current;
    const s = ctl.model.summaries.get(sid);
    const place = ctl.model.summaries.places.get(sid);
    if (!c || !s || !place || ctl.state.readOnly) return;
    const depth = (ctl.model.get(s.parent)?.level ?? 1) - 1;
    const box = summaryEditBox(c, place, summaryLook(getTheme(ctl.model.theme), depth).fontSize);
    c.paintNow();
    show({ id: summaryEditId(sid), text: s.text, typed: false, seq: ++session.current, ...box });
  };

  const beginInsert = (how?: InsertAt, id?: string) => {
    inserting.current = how ?? null;
    insertName.current = how ? (id ?? newId()) : null;
    const box = canvasRef.current && ctl.primary && insertBox(canvasRef.current, ctl.primary);
    if (box) show({ id: '', text: '分支主题', typed: false, seq: ++session.current, ...box });
  };

  /** The worker answered an insert: `id` is the new node ('' when refused). */
  const endInsert = (id: string) => {
    const committed = pendingCommit.current;
    pendingCommit.current = null;
    insertName.current = null;
    answered.current?.(id);
    answered.current = null;
    const open = editing.current;
    if (!id) {
      if (open && !open.id) show(null);
      return;
    }
    if (committed !== null) {
      if (committed !== '分支主题') void ctl.textEdit.editText(id, committed);
      return;
    }
    // Still typing into the field: it now belongs to the new node (same session, so the
    // selection and the composition in the field are kept).
    const c = canvasRef.current;
    const box = c && editBox(c, id);
    if (open && !open.id && box) show({ ...open, ...box, id });
  };

  /** Enter or leaving the field: the text becomes the node's (one undo step), the field closes. */
  const commit = (text: string) => {
    const t = editing.current;
    if (!t) return;
    // Enter before the worker answered the insert: applied when the node exists. The editor is
    // out of text editing now, so the next keys (F2, Enter, arrows) must already work.
    if (!t.id) {
      pendingCommit.current = text;
      // In the copy kept on leaving at once, the topic with its title, though not made yet.
      if (inserting.current && text !== '分支主题') {
        const settle = ctl.events.emit('insertConfirmed', inserting.current, text, insertName.current ?? undefined);
        answered.current = (id) => settle.forEach((f) => f?.(id));
      }
    } else {
      ctl.textEdit.track(t.id, text);
      ctl.textEdit.commit();
    }
    show(null);
  };

  /**
   * Text typed while earlier keys waited for the worker (key-queue.ts), in its turn: into the
   * open field (its text replaced while untouched and all selected — a new topic's 分支主题, F2 —,
   * else added to), else it starts editing the selected topic with it, as a printable key does.
   */
  const typeQueued = (v: string) => {
    const t = editing.current;
    // (no topic selected: a selected line's label takes it, as typed straight away)
    if (!t) return void (ctl.primary ? open(ctl.primary, v, true) : ctl.relations.typeLabel(v));
    const sofar = ctl.textEdit.typed?.text ?? t.text;
    show({ ...t, text: t.typed ? sofar + v : v, typed: true, seq: ++session.current });
  };

  /**
   * A key that waited, reaching the open field: Enter commits, Shift+Enter is a new line, Esc
   * cancels, Tab commits and answers true — it goes on to the map, as in the field itself
   * (TextEditOverlay; not on a summary's text); the rest only move a caret.
   */
  const keyQueued = (key: string, shift: boolean): boolean => {
    const t = editing.current;
    if (!t) return false;
    if (key === 'Enter' && shift) typeQueued('\n');
    else if (key === 'Enter') commit(ctl.textEdit.typed?.text ?? t.text);
    else if (key === 'Escape') show(null);
    else if (key === 'Tab' && !summaryOfEdit(t.id)) {
      commit(ctl.textEdit.typed?.text ?? t.text);
      return true;
    }
    return false;
  };

  // The page is going with an insert unanswered or keys still queued: what they and the open field
  // would make, worked out here (the worker may be several answers behind), for the copy it leaves
  // behind. With neither, the field's commit as the page goes is all there is (a summary's text too).
  useEffect(
    () =>
      ctl.events.on('leaving', () => {
        const under = insertName.current && inserting.current ? { at: inserting.current, name: insertName.current, committed: pendingCommit.current } : null;
        const queued = ctl.keys.queued;
        if (!under && !queued.length) return [];
        const t = editing.current && !summaryOfEdit(editing.current.id) ? editing.current : null;
        const typedText = ctl.textEdit.typed?.text;
        const field = t && { id: t.id, text: typedText ?? t.text, typed: t.typed || (typedText !== undefined && typedText !== t.text) };
        return keysAhead({ field, inserting: under, selected: ctl.primary ?? null }, queued, newId);
      }),
    [ctl],
  );

  // A phone's on-screen keyboard covers the lower canvas: the open edit field moves above it.
  useKeyboardInset(stage, (visible) => {
    const t = editing.current;
    const c = canvasRef.current;
    const box = t?.id && c ? editBox(c, t.id, visible) : null;
    if (t && box) show({ ...t, ...box });
  });

  // closed from outside without a commit (the field's blur must then find nothing to commit)
  useEffect(
    () =>
      ctl.events.on('textEditDiscard', () => {
        pendingCommit.current = null;
        show(null);
      }),
    [ctl],
  );

  return { edit, editing, open, openSummary, beginInsert, endInsert, commit, typeQueued, keyQueued, cancel: () => show(null) };
}
