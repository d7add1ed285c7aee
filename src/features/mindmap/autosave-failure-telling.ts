// What a failed save tells the student (autosave.ts), and how often: a refusal once, not once per
// save, until a save goes through or the student asks again (重试 / Ctrl+S); going offline once a
// spell, not per retry (the draft holds the work meanwhile).

export class FailureTelling {
  /** The refusal last told to the student; the same one is not repeated until a save succeeds. */
  private refusal: string | null = null;
  /** Going offline was told; told again only after a save went through. */
  private offlineTold = false;

  /** A save went through: the next failure of either kind is told again. */
  saved(): void {
    this.refusal = null;
    this.offlineTold = false;
  }

  /** 重试 / Ctrl+S: a refusal that comes again is said again, as the student asked. */
  askedAgain(): void {
    this.refusal = null;
  }

  /** The server refused a save with `message`: `tell` it, unless it was the refusal last told. */
  refused(message: string, tell: (message: string) => void): void {
    if (this.refusal !== message) tell(message);
    this.refusal = message;
  }

  /** A save failed for the network: `tell` it, unless told since the last save that went through. */
  offline(tell: () => void): void {
    if (!this.offlineTold) tell();
    this.offlineTold = true;
  }
}
