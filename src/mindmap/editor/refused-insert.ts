// A topic that could not be made (Tab on a level-4 topic: 不能插入4级主题以下的节点). The keys the
// student types next were meant for it — its title and the Enter that would confirm it — never for
// the topic still selected: typed on, they would start editing it and Enter would rename it (an
// outside walk lost a real title that way, then deleted the topic it thought was new; another
// renamed it after a pause, so no time limit makes the keys the student's again). While the
// refusal stands, shown beside the topic (RefusedNotice), text goes nowhere; Enter or Esc closes
// it (and is dropped too), another key or a press on the map closes it and acts.

/** What a key or a piece of text is to the refused topic. */
export type KeyKind = 'text' | 'confirm' | 'other';

export class RefusedInsert {
  private message: string | null = null;
  private listeners = new Set<() => void>();

  /** The refusal standing (its message), or null. */
  get standing(): string | null {
    return this.message;
  }

  refuse(message: string): void {
    this.message = message;
    this.listeners.forEach((f) => f());
  }

  end(): void {
    if (this.message === null) return;
    this.message = null;
    this.listeners.forEach((f) => f());
  }

  /** Whether a key or text of this kind belongs to the refused topic: then it must not act. */
  drops(kind: KeyKind): boolean {
    if (this.message === null) return false;
    if (kind === 'text') return true;
    this.end();
    return kind === 'confirm';
  }

  subscribe = (f: () => void): (() => void) => {
    this.listeners.add(f);
    return () => void this.listeners.delete(f);
  };
}

/** A key as the refused topic sees it: characters and deleting them are its text, Enter and Esc its end. */
export function keyKind(e: { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): KeyKind {
  if (e.ctrlKey || e.metaKey || e.altKey) return 'other';
  if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Escape') return 'confirm';
  // Shift+Enter is a new line of the title; Backspace its correction (on the map it would delete the topic).
  return e.key.length === 1 || e.key === 'Enter' || e.key === 'Backspace' ? 'text' : 'other';
}
