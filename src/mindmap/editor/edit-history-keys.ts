import type { KeyboardEvent } from 'react';
import { actionForKey } from './actions';

// The map's history keys (撤销 Ctrl+Z, 重做 Ctrl+Y / Ctrl+Shift+Z) as the action registry names
// them: the open edit field hands them to the map while nothing has been typed into it.

export function isHistoryKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'code'>): boolean {
  const name = actionForKey(e)?.name;
  return name === 'undo' || name === 'redo';
}
