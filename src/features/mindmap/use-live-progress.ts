import { useEffect } from 'react';
import { learntNodeIds } from './api';
import type { EditorController } from '../../mindmap';

/** How often an open, visible map asks for learnt nodes (focus and tab switches ask at once). */
export const LIVE_POLL_MS = 5000;

/**
 * Issue 22: a resource completed in another tab shows on the open map within seconds, without a
 * reload. On focus, on the tab becoming visible and every LIVE_POLL_MS while visible, the learnt
 * nodes are fetched; those new since the last look get their ✓ through syncLearnt (not an undo
 * step, allowed read-only, the student's own edits untouched), and the roll-up follows.
 * `initial`: the learnt ids the map was opened with.
 */
export function useLiveProgress(ctl: EditorController, caseId: string, initial: readonly string[]): void {
  useEffect(() => {
    const known = new Set(initial);
    let busy = false;
    let gone = false;
    const look = async () => {
      if (busy || gone || document.visibilityState !== 'visible') return;
      busy = true;
      try {
        const learnt = await learntNodeIds(caseId);
        const fresh = learnt.filter((id) => !known.has(id));
        if (fresh.length && !gone) {
          await ctl.execute('syncLearnt', [fresh]);
          for (const id of fresh) known.add(id);
        }
      } catch (e) {
        console.warn('live progress:', e);
      } finally {
        busy = false;
      }
    };
    const onVisible = () => void look();
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(onVisible, LIVE_POLL_MS);
    return () => {
      gone = true;
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [ctl, caseId, initial]);
}
