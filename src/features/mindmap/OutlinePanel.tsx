import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ApiFailure } from '../../app/ui/use-remote';
import { getMindOutline, saveOutline } from './api';
import type { EditorController } from './editor/controller';
import { mergeOutline, outlineFromExport, parseOutline } from './editor/outline';

// 大纲: the map as indented text (getMindOutline), edited as text and applied back to the map
// through the engine's text import. Order on 应用: parse (a refusal leaves map and text as they
// are) → replace the map, keeping unchanged nodes' data → saveStuMind with the version (the
// autosaver) → saveOutline with that version. The server refuses an outline that does not
// describe the saved map, so the two never diverge; if the map could not be saved yet, the
// outline is not sent (the server derives it from the map on its next save).

interface Props {
  ctl: EditorController;
  caseId: string;
  flush(): Promise<{ saved: boolean; version: number }>;
}

type Note = { kind: 'error' | 'info'; text: string } | null;

export function OutlinePanel({ ctl, caseId, flush }: Props) {
  const [text, setText] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const tabLeaves = useRef(false);
  const field = useRef<HTMLTextAreaElement>(null);

  /** The outline of the map on screen: the server's (student's own wording) when it is that map. */
  const load = async () => {
    setNote(null);
    const local = async () => outlineFromExport(await ctl.exportData('txt'));
    const { saved, version } = await flush();
    if (!saved) return setText(await local());
    try {
      const o = await getMindOutline(caseId);
      setText(o.version === version ? o.outline : await local());
    } catch (e) {
      setText(await local());
      setNote({ kind: 'error', text: e instanceof Error ? e.message : '大纲加载失败' });
    }
  };

  useEffect(() => {
    void load();
  }, []);

  const apply = async () => {
    if (text === null) return;
    let next;
    try {
      next = mergeOutline(parseOutline(text), await ctl.engine.toKm());
    } catch (e) {
      setNote({ kind: 'error', text: e instanceof Error ? e.message : String(e) });
      field.current?.focus();
      return;
    }
    setBusy(true);
    try {
      if (!(await ctl.importData('km', JSON.stringify(next)))) return;
      const { saved, version } = await flush();
      if (!saved) return setNote({ kind: 'error', text: '大纲已应用到导图，但导图尚未保存到服务器；保存后大纲会随导图一起更新' });
      await saveOutline(caseId, text, version);
      setNote({ kind: 'info', text: '大纲已应用到导图并保存' });
    } catch (e) {
      setNote({ kind: 'error', text: e instanceof ApiFailure || e instanceof Error ? e.message : '大纲保存失败' });
    } finally {
      setBusy(false);
    }
  };

  // Tab indents and Shift+Tab outdents the current line (four spaces or a tab per level). After
  // Esc the next Tab leaves the field, so keyboard users are never trapped.
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') return void (tabLeaves.current = true);
    if (e.key !== 'Tab' || tabLeaves.current || e.ctrlKey || e.altKey || e.metaKey) {
      tabLeaves.current = false;
      return;
    }
    e.preventDefault();
    const el = e.currentTarget;
    const { selectionStart: start, value } = el;
    const lineStart = value.lastIndexOf('\n', start - 1) + 1;
    let updated: string;
    let caret: number;
    if (e.shiftKey) {
      const cut = value.startsWith('\t', lineStart) ? 1 : value.startsWith('    ', lineStart) ? 4 : 0;
      updated = value.slice(0, lineStart) + value.slice(lineStart + cut);
      caret = Math.max(lineStart, start - cut);
    } else {
      updated = value.slice(0, lineStart) + '\t' + value.slice(lineStart);
      caret = start + 1;
    }
    setText(updated);
    requestAnimationFrame(() => el.setSelectionRange(caret, caret));
  };

  return (
    <section className="mind-outline-text" aria-labelledby="mind-outline-title">
      <h2 id="mind-outline-title">大纲文本</h2>
      <p id="mind-outline-help" className="mind-outline-text__help">
        每行一个主题，第一行是中心主题；每一级用一个 Tab 或四个空格缩进（Tab / Shift+Tab 调整缩进，先按 Esc 再按 Tab 可离开输入框）。
      </p>
      <textarea
        ref={field}
        aria-label="大纲文本"
        aria-describedby="mind-outline-help"
        aria-invalid={note?.kind === 'error' || undefined}
        value={text ?? ''}
        disabled={text === null}
        spellCheck={false}
        onChange={(e) => (setText(e.target.value), note?.kind === 'info' && setNote(null))}
        onKeyDown={onKey}
      />
      {note && (
        <p className={`mind-outline-text__note is-${note.kind}`} role={note.kind === 'error' ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
      <div className="mind-outline-text__actions">
        <button type="button" className="mind-toolbar__btn mind-outline-text__apply" disabled={busy || text === null || ctl.state.readOnly} onClick={() => void apply()}>
          {busy ? '正在应用…' : '应用到导图'}
        </button>
        <button type="button" className="mind-toolbar__btn" disabled={busy} onClick={() => void load()}>
          从导图重新载入
        </button>
      </div>
    </section>
  );
}
