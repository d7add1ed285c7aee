import { useSyncExternalStore } from 'react';
import type { RefusedInsert } from './refused-insert';

// The refusal of an insert shown at the selected topic (just below it), for
// as long as the keys typed for that topic are dropped (refused-insert.ts): the student sees why
// their typing does nothing, and how to go on. Screen readers hear the refusal in the live region.

interface Props {
  refused: RefusedInsert;
  /** The selected topic's box on the stage. */
  anchor: { left: number; top: number; width: number; height: number };
}

export function RefusedNotice({ refused, anchor }: Props) {
  const message = useSyncExternalStore(refused.subscribe, () => refused.standing);
  if (!message) return null;
  return (
    // below the topic, whichever side of the root it is on (beside it, it covered the next level)
    <div className="mind-refused" aria-hidden="true" style={{ left: Math.max(8, anchor.left), top: anchor.top + anchor.height + 8 }}>
      <strong>{message}</strong>
      <span>输入的文字不会保存，按 Enter 或 Esc 继续</span>
    </div>
  );
}
