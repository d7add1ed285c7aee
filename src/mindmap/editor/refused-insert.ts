// A topic that could not be made (Tab on a level-4 topic: 不能插入4级主题以下的节点). The keys the
// student pressed for it — its title and the Enter that would confirm it — were never meant for
// the topic still selected: typed on, they would start editing it and Enter would rename it (an
// outside walk lost a real title that way, then deleted the topic it thought was new). They are
// dropped until the burst ends, as a browser's modal alert swallows them: at Enter or Esc (also
// dropped), at another key or a pointer press, or at a pause long enough to have seen the
// refusal (reading and closing its alert is such a pause).

/** What a key or a piece of text is to the refused topic. */
export type KeyKind = 'text' | 'confirm' | 'other';

/** Past this gap between keys the student has stopped typing for the refused topic. */
export const BURST_GAP_MS = 1000;

export class RefusedInsert {
  private last: number | null = null;

  /**
   * An insert asked for at `at` (ms, performance.now()) was refused. From then on the burst's keys
   * are dropped; an alert the student read and closed took longer than the gap, so the keys
   * typed after it are theirs again.
   */
  refuse(at: number): void {
    this.last = at;
  }

  end(): void {
    this.last = null;
  }

  /** Whether a key pressed at `at` belongs to the refused topic: then it must not act. */
  drops(kind: KeyKind, at: number): boolean {
    if (this.last === null) return false;
    if (kind === 'other' || at - this.last >= BURST_GAP_MS) {
      this.end();
      return false;
    }
    if (kind === 'confirm') this.end();
    else this.last = Math.max(this.last, at);
    return true;
  }
}

/** A key as the refused topic sees it: characters and deleting them are its text, Enter and Esc its end. */
export function keyKind(e: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): KeyKind {
  if (e.ctrlKey || e.metaKey || e.altKey) return 'other';
  if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Escape') return 'confirm';
  // Shift+Enter is a new line of the title; Backspace its correction (on the map it would delete the topic).
  return e.key.length === 1 || e.key === 'Enter' || e.key === 'Backspace' ? 'text' : 'other';
}
