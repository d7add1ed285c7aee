// When the autosaver (autosave.ts) saves next: 1.5 s after the last change, and no later than 5 s
// after the first one not yet sent — a student who edits without a pause (a map built key after
// key) is saved as they go, not only once they stop: a crash, a dead battery or the other device
// then loses seconds, not the whole session.

export class SaveTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the first change not yet sent was made. */
  private dirtySince: number | null = null;

  constructor(
    private readonly save: () => void,
    private readonly delayMs = 1500,
    private readonly maxWaitMs = 5000,
  ) {}

  /** A change was made (or edits are left after a save): the save waits for the debounce. */
  changed(): void {
    const now = Date.now();
    this.dirtySince ??= now;
    this.in(Math.max(0, Math.min(this.delayMs, this.dirtySince + this.maxWaitMs - now)));
  }

  /** The save runs `ms` from now (a retry after a network failure), not before. */
  in(ms: number): void {
    this.stop();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.dirtySince = null; // (the save about to run sends every change made so far)
      this.save();
    }, ms);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
