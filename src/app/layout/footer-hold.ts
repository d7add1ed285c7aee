import { useLayoutEffect } from 'react';
import { ui } from '../ui-store';

/**
 * Keeps the layout's footer off screen while `waiting` (SPEC §2 activity area: the footer appears
 * once data has loaded), so a short page does not show the footer jumping down as content arrives.
 * Released when the screen unmounts.
 */
export function useHoldFooter(waiting: boolean): void {
  useLayoutEffect(() => {
    if (!waiting) return;
    ui.footerHeld = true;
    return () => {
      ui.footerHeld = false;
    };
  }, [waiting]);
}
