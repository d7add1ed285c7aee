import type { KeyboardEvent } from 'react';
import { RefusedInsert } from './refused-insert';
import type { QueuedInput } from './keys-ahead';
import { newId } from '../engine/model/ids';

// Keys apply in the order they were pressed, even while the worker is busy. A key whose result
// the next keys depend on (Tab/Enter insert a topic the next keys act on and type into; Delete,
// undo and redo move the selection) holds the queue until its command is answered; the keys
// pressed meanwhile wait here, none dropped or reordered, and run then against the state it left
// (kityminder's receiver, made to survive a burst of keys after a busy frame). Text typed into
// the edit field of a topic still being inserted needs no answer: it goes on into the field.

interface Waiting {
  intent(): void;
  /** It can run while a key still waits for its answer (it needs none: text for the open field). */
  ready(): boolean;
  /** The key or text it applies (what a page going away works out it would have made: keys-ahead.ts). */
  input?: QueuedInput;
}

export class KeyQueue {
  /** Keys pressed for a topic whose insert was refused (refused-insert.ts). */
  readonly refused = new RefusedInsert();
  private waiting: Waiting[] = [];
  private holds = 0;
  private name: string | null = null;

  /** `onQueued`: a key or text was queued behind one the worker has not answered (the draft keeps what it would make). */
  constructor(private readonly onQueued: () => void = () => {}) {}

  /**
   * Runs `step` with `id` as the name of the topic an insert it makes gets (a Tab or Enter named
   * when it was queued, so what a page going away keeps names the topic it makes: keys-ahead.ts).
   */
  naming(id: string | undefined, step: () => void): void {
    this.name = id ?? null;
    try {
      step();
    } finally {
      this.name = null;
    }
  }

  /** The id for the topic an insert makes now: the name its key was given when queued, else a new one. */
  takeName(): string {
    const id = this.name ?? newId();
    this.name = null;
    return id;
  }

  /** An earlier key still waits for the worker, or keys are queued behind one. */
  get busy(): boolean {
    return this.holds > 0 || this.waiting.length > 0;
  }

  /**
   * Runs `intent` now, or after the keys queued before it when busy; `ready` says when it needs
   * no answer to run (then only the keys before it hold it back); `input`: the key or text it is.
   */
  run(intent: () => void, ready: () => boolean = () => false, input?: QueuedInput): void {
    if (!this.busy) return intent();
    this.waiting.push({ intent, ready, input });
    this.drain();
    if (input && this.waiting.length) this.onQueued();
  }

  /** The keys and texts waiting, in order, up to the first that is not a key or a text. */
  get queued(): QueuedInput[] {
    const out: QueuedInput[] = [];
    for (const w of this.waiting) {
      if (!w.input) break;
      out.push(w.input);
    }
    return out;
  }

  /** The keys after the one being handled wait until `answered` settles (either way). */
  hold(answered: Promise<unknown>): void {
    this.holds++;
    const release = () => {
      this.holds--;
      this.drain();
    };
    answered.then(release, release);
  }

  /** Holds the queue until the returned function is called (a composition under way in the field). */
  pause(): () => void {
    let resume!: () => void;
    this.hold(new Promise<void>((r) => (resume = r)));
    return resume;
  }

  private drain(): void {
    while (this.waiting.length && (this.holds === 0 || this.waiting[0].ready())) {
      const next = this.waiting.shift()!;
      try {
        next.intent();
      } catch (e) {
        // One key's failure must not strand the keys behind it.
        console.error('key:', e);
      }
    }
  }
}

/** What a queued key needs of its event, kept after the event itself is gone. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey' | 'preventDefault'>;

export function keyPress(e: KeyPress): KeyPress {
  const { key, code, shiftKey, ctrlKey, metaKey, altKey } = e;
  return { key, code, shiftKey, ctrlKey, metaKey, altKey, preventDefault: () => {} };
}

/** A key that types a character (its text comes as the field's input, not as a key to queue). */
export const typesText = (e: KeyPress): boolean => e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
