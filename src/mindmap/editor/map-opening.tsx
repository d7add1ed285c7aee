import { useState } from 'react';
import type { EditorController } from './controller';
import { userMessage } from './messages';

// A controller's map coming onto the screen: each controller gets its own canvas (stageKey), the
// document opens once that canvas exists, and an opening that fails (a damaged map, a network
// failure) is said in Chinese with 重试, never a busy empty editor — the controller stays un-opened,
// so nothing is autosaved over the stored map. Kept out of MindEditorView.tsx, which lays it out.

/** A key per controller: a new controller gets a new Application and canvas. */
const controllerKeys = new WeakMap<EditorController, number>();
let lastKey = 0;
export function stageKey(ctl: EditorController): number {
  if (!controllerKeys.has(ctl)) controllerKeys.set(ctl, ++lastKey);
  return controllerKeys.get(ctl)!;
}

export interface MapOpening {
  /** The document is open (until then the editor is aria-busy). */
  ready: boolean;
  /** Why the last opening failed, or null. */
  failed: string | null;
  /** Opens the document: once the canvas is ready, again on 重试. */
  open(): Promise<void>;
}

/** `load` opens the document; `opened` runs once it is open (where the focus goes). */
export function useMapOpening(load: () => Promise<void>, opened: () => void): MapOpening {
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  async function open(): Promise<void> {
    setFailed(null);
    try {
      await load();
      setReady(true);
      opened();
    } catch (e) {
      setFailed(userMessage(e, '请检查网络后重试'));
    }
  }
  return { ready, failed, open };
}

/** 导图打开失败：<why> with 重试, over the stage. */
export function OpeningFailed({ reason, onRetry }: { reason: string; onRetry(): void }) {
  return (
    <div className="mind-editor__failed" role="alert">
      <p>导图打开失败：{reason}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
