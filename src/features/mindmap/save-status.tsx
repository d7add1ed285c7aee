import { useEffect, useRef } from 'react';
import { toast } from '../../app/ui/toast-store';
import { OFFLINE_SAID, SAVE_LABEL, type SaveState } from './autosave-deps';

// 我的学习导图's save status (issue 31.7): after a refused save (未能保存) or while offline the
// autosaver waits for the next edit or the network; 重试 beside the status and Ctrl+S (anywhere
// on the page, instead of the browser's "save page") save now.

const RETRYABLE: ReadonlySet<SaveState> = new Set(['refused', 'offline']);

export function SaveStatus({ state, retry }: { state: SaveState; retry(): Promise<void> }) {
  useSaveKey(state, retry);
  return (
    <>
      <span className={`mind-save is-${state}`} role="status" aria-label="保存状态" title={state === 'offline' ? OFFLINE_SAID : undefined}>
        {SAVE_LABEL[state]}
      </span>
      {RETRYABLE.has(state) && (
        <button type="button" className="mind-toolbar__btn" aria-label="重试保存" onClick={() => void retry()}>
          重试
        </button>
      )}
    </>
  );
}

/** Ctrl+S / ⌘S saves now; with nothing left to save it says 已保存 (the status would not change). */
function useSaveKey(state: SaveState, retry: () => Promise<void>): void {
  const latest = useRef({ state, retry });
  latest.current = { state, retry };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      const { state: before, retry: save } = latest.current;
      if (before === 'conflict') return; // the conflict dialog asks first
      void save().then(() => before === 'saved' && toast.success('已保存', 2000));
    };
    // Capture: the map's keyboard target and the edit field stop the keys they handle.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
