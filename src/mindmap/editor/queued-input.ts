import { flushSync } from 'react-dom';
import type { EditorController } from './controller';
import { keyPress, typesText, type KeyPress } from './key-queue';
import { keyKind } from './refused-insert';
import type { QueuedInput } from './keys-ahead';
import type { useTextEdit } from './text-edit';
import { newId } from '../engine/model/ids';

// The view's side of the key queue (key-queue.ts): while an earlier key waits for the worker,
// a key on the map's keyboard target or a tree row, and text typed or composed into the armed
// field, are queued instead of acting on a selection that is about to change; in their turn they
// act on the state then — a key that finds the edit field open (the topic it waited for) is the
// field's key, and runs without waiting for that topic's answer, so nothing typed later can
// reach the open field before it. Each queued step is rendered before the next (flushSync), so the field a step
// opens is the one the next native key reaches. Keys and text meant for a topic whose insert was
// refused are dropped in their turn (refused-insert.ts), whether they waited or not.

type TextEdit = ReturnType<typeof useTextEdit>;

export function queuedInput(ctl: EditorController, field: TextEdit, mapKey: (k: KeyPress) => void) {
  // With the edit field open a step is the field's and needs no answer: it runs as soon as the keys
  // before it have — but Tab, which goes on to insert under the field's topic, waits until that
  // topic is made (run early, it inserted under the topic selected before).
  const later = (step: () => void, input: QueuedInput, needsTopic = false) =>
    ctl.keys.run(
      () => flushSync(step),
      () => !!field.editing.current && (!needsTopic || !!field.editing.current.id),
      input,
    );
  const refused = ctl.keys.refused;
  return {
    /**
     * A key for the map: handled `now` unless keys are waiting. `typesHere`: a printable key's
     * text reaches the armed field as input (onType queues it), so only other keys queue here.
     */
    key(e: KeyPress, typesHere: boolean, now: () => void): void {
      if (!ctl.keys.busy) return refused.drops(keyKind(e)) ? e.preventDefault() : now();
      const printable = typesText(e);
      if (printable && typesHere) return;
      e.preventDefault();
      const k = keyPress(e);
      // A key that may insert a topic names it now: a page going away before it runs keeps the
      // topic it would make under the id it will be made with (keys-ahead.ts).
      const id = !printable && (k.key === 'Tab' || k.key === 'Enter') && !k.shiftKey ? newId() : undefined;
      later(
        () =>
          ctl.keys.naming(id, () => {
            // An open field is the topic's own (a later insert's, F2): its keys are never the refused one's.
            if (!field.editing.current && refused.drops(keyKind(k))) return;
            if (printable) field.typeQueued(k.key);
            else if (field.editing.current) {
              // Tab in the field: its title is kept and Tab goes on to the map, as typed straight away (TextEditOverlay)
              if (field.keyQueued(k.key, k.shiftKey)) mapKey(k);
            } else mapKey(k);
          }),
        printable ? { text: k.key } : { key: k.key, shift: k.shiftKey, ...(id ? { id } : {}) },
        k.key === 'Tab',
      );
    },
    /** Text the armed field got: queued while keys wait (true), dropped when meant for a refused topic (true), or false to take it now. */
    typeLater(text: string): boolean {
      if (!ctl.keys.busy) return refused.drops('text');
      if (text)
        later(
          () => {
            if (field.editing.current || !refused.drops('text')) field.typeQueued(text);
          },
          { text },
        );
      return true;
    },
  };
}
