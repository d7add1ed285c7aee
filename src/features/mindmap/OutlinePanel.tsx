import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { indentKey } from './indent-keys';
import { type BaseLine, type EditorController, userMessage, describes, editedLines, outlineOfMap, sameBase } from '../../mindmap';
import { transportFailureMessage } from '../../app/http/client';
import { getMindOutline, saveOutline } from './api';
import { exportOutlinePng } from './outline-image';
import { progressGutter } from './outline-progress';

// 大纲: a live text view of the map on screen. Each line stands for a node (the base: ids in
// preorder with level and title); 应用 diffs the edited text against that base and runs the
// engine's applyOutline — renames, inserts, moves and removes of the existing nodes, every other
// field kept, ONE undo step. While the text is unedited it follows every change of the map; while
// it is being edited, canvas edits made meanwhile are kept (apply touches only the lines the
// student changed). After applying: saveStuMind with the version (the autosaver), then
// saveOutline with that version when the text still describes the saved map — the server refuses
// an outline that does not, so the two never diverge (otherwise it derives it from the map).

interface Props {
  ctl: EditorController;
  caseId: string;
  flush(): Promise<{ saved: boolean; version: number }>;
}

type Note = { kind: 'error' | 'info'; text: string } | null;

/** Every error the panel shows: the server's Chinese errMsg, the network's Chinese wording, else `fallback` (never a library's English). */
const say = (e: unknown, fallback: string) => userMessage(e, transportFailureMessage(e) ?? fallback);

const STALE = '导图在画布上有新的修改：应用时只改动你在大纲里修改过的行，画布上的修改会保留。也可以“从导图重新载入”。';

export function OutlinePanel({ ctl, caseId, flush }: Props) {
  const [text, setText] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const tabLeaves = useRef(false);
  const field = useRef<HTMLTextAreaElement>(null);
  // The base the text was loaded (or applied) from, and that text: edited = text !== shown.
  const base = useRef<BaseLine[] | null>(null);
  const shown = useRef<string | null>(null);
  const live = useRef({ text, busy });
  live.current = { text, busy };

  const take = (t: string, b: BaseLine[]) => {
    base.current = b;
    shown.current = t;
    setText(t);
  };

  /** The outline of the map on screen: the server's (student's own wording) when it says the same. */
  const load = async () => {
    setNote(null);
    let local: ReturnType<typeof outlineOfMap>;
    let saved = false;
    let version = 0;
    try {
      ({ saved, version } = await flush());
      local = outlineOfMap(await ctl.engine.toKm());
    } catch (e) {
      return setNote({ kind: 'error', text: say(e, '大纲加载失败，请点“从导图重新载入”重试') });
    }
    if (!saved) return take(local.text, local.base);
    try {
      const o = await getMindOutline(caseId);
      take(o.version === version && describes(o.outline, local.base) ? o.outline : local.text, local.base);
    } catch (e) {
      take(local.text, local.base);
      setNote({ kind: 'error', text: say(e, '大纲加载失败') });
    }
  };

  /** The map changed: follow it while the text is unedited; otherwise say that apply keeps both. */
  const follow = async () => {
    if (live.current.busy || shown.current === null) return;
    const local = outlineOfMap(await ctl.engine.toKm());
    if (live.current.busy) return;
    if (live.current.text !== shown.current) {
      if (!sameBase(base.current, local.base)) setNote({ kind: 'info', text: STALE });
      return;
    }
    const changed = !sameBase(base.current, local.base);
    if (describes(shown.current, local.base)) base.current = local.base;
    else take(local.text, local.base);
    // The status line describes the map now: what it said about an earlier apply or load ("大纲已
    // 应用到导图并保存") is stale once the map's nodes changed elsewhere (an import, an undo, the canvas).
    if (changed) setNote(null);
  };

  useEffect(() => {
    void load();
    let t = 0;
    const off = ctl.model.subscribe(() => {
      window.clearTimeout(t);
      t = window.setTimeout(() => void follow().catch((e: unknown) => console.warn('outline follow:', e)), 250);
    });
    return () => (off(), window.clearTimeout(t));
  }, []);

  const apply = async () => {
    if (text === null || !base.current) return;
    let next;
    try {
      next = editedLines(text);
    } catch (e) {
      setNote({ kind: 'error', text: say(e, '大纲文本无法识别，请检查缩进') });
      field.current?.focus();
      return;
    }
    setBusy(true);
    live.current.busy = true;
    try {
      // The camera follows the selected node (else the root): the edit lays the map out again and
      // may move it across the root or off screen; kept where it was, the student sees the change
      // around what they were working on.
      const anchor = ctl.primary ?? ctl.model.rootId;
      try {
        await ctl.camera.keepInPlace(anchor, () => ctl.execute('applyOutline', [base.current!, next]));
        // Its line was deleted: the selection fell back to the root, shown whole.
        if (!ctl.model.has(anchor)) ctl.select(ctl.state.selection);
      } catch (e) {
        setNote({ kind: 'error', text: say(e, '大纲未能应用到导图，请重试') });
        field.current?.focus();
        return;
      }
      const local = outlineOfMap(await ctl.engine.toKm());
      const mine = describes(text, local.base);
      if (live.current.text === text) take(mine ? text : local.text, local.base);
      else {
        // Typed on while the apply ran: the field keeps it (it was replaced by the applied text,
        // losing the lines typed meanwhile), as edits over what was just applied.
        base.current = local.base;
        shown.current = mine ? text : local.text;
      }
      const { saved, version } = await flush();
      if (!saved) return setNote({ kind: 'error', text: '大纲已应用到导图，但导图尚未保存到服务器；保存后大纲会随导图一起更新' });
      if (mine) await saveOutline(caseId, text, version);
      setNote({ kind: 'info', text: '大纲已应用到导图并保存' });
    } catch (e) {
      setNote({ kind: 'error', text: say(e, '大纲已应用到导图，但大纲文本未能保存，请重试') });
    } finally {
      setBusy(false);
    }
  };

  // 已学 3/8 beside each branch while the text is the map's (unedited); the ARIA tree announces the same.
  useSyncExternalStore(ctl.doc.progress.subscribe, ctl.doc.progress.getVersion);
  const gutter = useRef<HTMLDivElement>(null);
  const counts = text !== null && text === shown.current && base.current ? progressGutter(text, base.current, (id) => ctl.doc.progress.of(id)) : null;
  const hasCounts = !!counts?.some(Boolean);
  // The gutter comes back (text the map's again, or applied) beside the text where it is scrolled.
  const keepGutterInStep = (el: HTMLDivElement | null) => {
    gutter.current = el;
    if (el && field.current) el.scrollTop = field.current.scrollTop;
  };

  const [imaging, setImaging] = useState(false);
  const exportImage = async () => {
    if (text === null) return;
    setImaging(true);
    try {
      await exportOutlinePng(text);
    } catch (e) {
      setNote({ kind: 'error', text: say(e, '大纲图片未能生成，请重试') });
    } finally {
      setImaging(false);
    }
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => indentKey(e, tabLeaves, setText);

  return (
    <section className="mind-outline-text" aria-labelledby="mind-outline-title">
      <h2 id="mind-outline-title">大纲文本</h2>
      <p id="mind-outline-help" className="mind-outline-text__help">
        每行一个主题，第一行是中心主题；每一级用一个 Tab 或四个空格缩进（Tab / Shift+Tab 调整缩进，先按 Esc 再按 Tab 可离开输入框）。
      </p>
      <div className={`mind-outline-text__field${hasCounts ? ' has-progress' : ''}`}>
        <textarea
          ref={field}
          aria-label="大纲文本"
          aria-describedby="mind-outline-help"
          aria-invalid={note?.kind === 'error' || undefined}
          value={text ?? ''}
          disabled={text === null}
          spellCheck={false}
          onChange={(e) => (setText(e.target.value), note?.kind === 'info' && note.text !== STALE && setNote(null))}
          onKeyDown={onKey}
          onScroll={(e) => gutter.current && (gutter.current.scrollTop = e.currentTarget.scrollTop)}
        />
        {hasCounts && (
          <div ref={keepGutterInStep} className="mind-outline-text__progress" aria-hidden="true" data-testid="outline-progress">
            {counts!.map((c, i) => (
              <span key={i}>{c ? `已学 ${c}` : '\u00a0'}</span>
            ))}
          </div>
        )}
      </div>
      {/* The status region is always there (a region added together with its text is often not
          read): 大纲已应用到导图并保存 is heard. An error is an alert, read when it appears. */}
      <p className={`mind-outline-text__note${note?.kind === 'info' ? ' is-info' : ''}`} role="status">
        {note?.kind === 'info' ? note.text : ''}
      </p>
      {note?.kind === 'error' && (
        <p className="mind-outline-text__note is-error" role="alert">
          {note.text}
        </p>
      )}
      <div className="mind-outline-text__actions">
        <button
          type="button"
          className="mind-toolbar__btn mind-outline-text__apply"
          disabled={busy || text === null || ctl.state.readOnly}
          onClick={() => void apply()}
        >
          {busy ? '正在应用…' : '应用到导图'}
        </button>
        <button type="button" className="mind-toolbar__btn" disabled={busy} onClick={() => void load()}>
          从导图重新载入
        </button>
        <button type="button" className="mind-toolbar__btn" disabled={imaging || text === null} onClick={() => void exportImage()}>
          {imaging ? '正在生成图片…' : '导出大纲图片'}
        </button>
      </div>
    </section>
  );
}
