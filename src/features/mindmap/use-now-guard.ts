import { useEffect } from 'react';
import { errorText } from '../../app/ui/use-remote';
import type { EditorController } from '../../mindmap';
import { markMemberNow } from './api';

/**
 * The now guard of a member's page on a classmate's case map (issue 32): 标记正在学 / 取消 is
 * stored by the server as the member's own mark first (markMemberNow), so it is theirs after a
 * reload — the change sets never carry it (the page's overlay, PROGRESS_KEYS). A refusal
 * (removed from the map, graduated, offline) resolves its Chinese text: said, and no mark set.
 */
export function memberNowGuard(caseId: string, owner: string, mark = markMemberNow) {
  return async (nodeId: string, on: boolean): Promise<string | null> => {
    try {
      await mark(caseId, owner, nodeId, on);
      return null;
    } catch (e) {
      return errorText(e);
    }
  };
}

/** Installs memberNowGuard while the page shows `owner`'s map; the owner's own 正在学 is saved with their map (no guard). */
export function useNowGuard(ctl: EditorController, caseId: string, owner: string | undefined): void {
  useEffect(() => {
    if (!owner) return;
    return ctl.events.on('markingNow', memberNowGuard(caseId, owner));
  }, [ctl, caseId, owner]);
}
