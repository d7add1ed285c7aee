import { type RefObject, useEffect, useRef, useState } from 'react';
import type { EditorController } from '../../mindmap';
import type { VersionSource } from './api';
import type { SaveState } from './autosave-deps';
import { HistoryPanel } from './HistoryPanel';

// 历史版本 on a map screen (ProjectMinder, OwnMapEditor): the toggle in the page head, the panel
// beside the map, and the focus handed back to the toggle when the panel closes. What differs per
// screen — whose versions are listed, how the map on screen is kept — comes in as props.

export interface VersionHistory {
  open: boolean;
  /** Changes whenever a save completes: the panel reads its list again (other parts of a screen may follow it too). */
  savedTick: number;
  toggle(): void;
  /** Closes the panel and puts the focus back on its toggle. */
  close(): void;
  button: RefObject<HTMLButtonElement | null>;
}

/** The panel's state on a screen whose autosave is in `saveState`. */
export function useVersionHistory(saveState: SaveState): VersionHistory {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // 历史版本 reads its list again after each completed save.
  const [savedTick, setSavedTick] = useState(0);
  useEffect(() => {
    if (saveState === 'saved') setSavedTick((t) => t + 1);
  }, [saveState]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return { open, savedTick, toggle: () => setOpen(!open), close, button };
}

/** 历史版本 in the page head: opens and closes the panel (pressed while open). */
export function VersionHistoryButton({ history }: { history: VersionHistory }) {
  return (
    <button
      type="button"
      className="mind-toolbar__btn"
      ref={history.button}
      aria-pressed={history.open}
      aria-controls="mind-history-panel"
      onClick={history.toggle}
    >
      历史版本
    </button>
  );
}

interface PanelProps {
  history: VersionHistory;
  ctl: EditorController;
  /** The map whose versions are listed (caseVersions, ownVersions). */
  source: VersionSource;
  /** 保留当前版本: pending edits saved, then the saved map kept; resolves the version kept, 0 none yet, null not saved. */
  keep(): Promise<number | null>;
}

/** The panel's place beside the map (always there, for the toggle's aria-controls), filled while open. */
export function VersionHistoryPanel({ history, ctl, source, keep }: PanelProps) {
  return (
    <div id="mind-history-panel" hidden={!history.open}>
      {history.open && <HistoryPanel ctl={ctl} source={source} keep={keep} savedTick={history.savedTick} onClose={history.close} />}
    </div>
  );
}
