import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { EditorController } from './controller';
import { FindState, findStatus } from './find-state';

// The find and replace bar (Ctrl+F). Enter = next, Shift+Enter = previous, Esc closes (focus goes
// back to the map on the current match). Replace is hidden on read-only maps.

/**
 * Ctrl+F anywhere on the editor's page opens the map's find (not the browser's), wherever the
 * focus is (after a click on the canvas it may be on the page). Keys the editor already handled
 * (defaultPrevented) are left alone.
 */
export function useFindShortcut(open: () => void): void {
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'f') return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

interface Props {
  ctl: EditorController;
  /** Bumped by every Ctrl+F: focuses and selects the query again. */
  focusKey: number;
  onClose(): void;
}

export function FindBar({ ctl, focusKey, onClose }: Props) {
  const find = useMemo(() => new FindState(ctl), [ctl]);
  const view = useSyncExternalStore(find.subscribe, find.getView);
  const readOnly = useSyncExternalStore(ctl.subscribe, () => ctl.state.readOnly);
  const [replacement, setReplacement] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Typed into a field since the map last changed: then Ctrl+Z undoes that typing (the field's
  // own undo), else the map's last step (a 替换 / 全部替换 just made).
  const typed = useRef(false);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [focusKey]);

  // The map changed (an edit, undo, a replace): the matches follow, the camera stays; a replace's
  // 已替换 goes once something else changed the map.
  useEffect(() => {
    let t = 0;
    const off = ctl.model.subscribe(() => {
      typed.current = false;
      find.mapChanged();
      window.clearTimeout(t);
      t = window.setTimeout(() => void find.search(find.view.query, false), 150);
    });
    return () => (off(), window.clearTimeout(t), find.stop());
  }, [ctl, find]);

  const close = () => {
    find.close();
    onClose();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
    const history = historyKey(e);
    // Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z here are the map's undo and redo (a replace is undone where
    // it was made, as one step), except right after typing into a field: then the browser's own
    // undo takes that typing back first, as in any text field.
    if (!history || (history === 'undo' && typed.current)) return;
    e.preventDefault();
    void (history === 'undo' ? ctl.undo() : ctl.redo());
  };
  const type = () => (typed.current = true);
  const onQueryKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void find.step(e.shiftKey ? -1 : 1);
  };
  const none = !view.matches.length;

  return (
    <div className="mind-find" role="search" aria-label="查找和替换" onKeyDown={onKey}>
      <input
        ref={input}
        className="mind-find__input"
        type="text"
        aria-label="查找"
        placeholder="查找主题"
        value={view.query}
        onChange={(e) => (type(), void find.search(e.target.value))}
        onKeyDown={onQueryKey}
      />
      <output className="mind-find__status" role="status" aria-live="polite">
        {findStatus(view)}
      </output>
      <button type="button" className="mind-toolbar__btn" disabled={none} title="上一个（Shift+Enter）" onClick={() => void find.step(-1)}>
        上一个
      </button>
      <button type="button" className="mind-toolbar__btn" disabled={none} title="下一个（Enter）" onClick={() => void find.step(1)}>
        下一个
      </button>
      {!readOnly && (
        <>
          <input
            className="mind-find__input"
            aria-label="替换为"
            placeholder="替换为"
            value={replacement}
            onChange={(e) => (type(), setReplacement(e.target.value))}
          />
          <button type="button" className="mind-toolbar__btn" disabled={none} onClick={() => void find.replaceOne(replacement)}>
            替换
          </button>
          <button
            type="button"
            className="mind-toolbar__btn"
            disabled={none}
            onClick={() => void find.replaceAll(replacement).then(() => input.current?.focus())}
          >
            全部替换
          </button>
        </>
      )}
      <button type="button" className="mind-toolbar__btn" aria-label="关闭查找" title="关闭（Esc）" onClick={close}>
        ×
      </button>
    </div>
  );
}

/** Which history key `e` is: Ctrl+Z undo; Ctrl+Y or Ctrl+Shift+Z redo (Cmd on macOS). */
function historyKey(e: KeyboardEvent): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const k = e.key.toLowerCase();
  if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
  return k === 'y' && !e.shiftKey ? 'redo' : null;
}
