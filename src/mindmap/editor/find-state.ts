import type { EditorController } from './controller';

// Find and replace (Ctrl+F) over the map's titles. The worker answers the query (collapsed
// subtrees included, preorder); every match is marked on the canvas, the current one is selected
// and the camera centres on it (its collapsed ancestors open: a view change, no undo step).
// Replace one / replace all are each one replaceText command, so one undo step.

export interface FindView {
  query: string;
  matches: string[];
  /** Index of the current match, -1 when there is none. */
  index: number;
  /** The last replace's result ('' otherwise). */
  done: string;
}

export class FindState {
  view: FindView = { query: '', matches: [], index: -1, done: '' };
  private seq = 0;
  /** A replace is under way (its own changes of the map keep its 已替换). */
  private replacing = false;
  /** The map's version when the last replace finished. */
  private doneAt = -1;
  private listeners = new Set<() => void>();

  constructor(private readonly ctl: EditorController) {}

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getView = (): FindView => this.view;

  private set(v: Partial<FindView>): void {
    this.view = { ...this.view, ...v };
    for (const fn of this.listeners) fn();
  }

  /** Runs the query; the current match stays current when it still matches. */
  async search(query: string, follow = true): Promise<void> {
    const seq = ++this.seq;
    const newQuery = query !== this.view.query;
    // The field shows view.query: it must take the typed text now, not when the worker answers.
    if (newQuery) this.set({ query, done: '' });
    const matches = query ? await this.ctl.engine.find(query) : [];
    if (seq !== this.seq) return; // a newer query (the user kept typing) answers instead
    const current = this.view.matches[this.view.index];
    let index = current ? matches.indexOf(current) : -1;
    if (index < 0 && matches.length) index = Math.min(Math.max(this.view.index, 0), matches.length - 1);
    const moved = matches[index] !== current || newQuery;
    this.set({ matches, index });
    this.ctl.camera.highlight(matches);
    if (follow && moved && index >= 0) await this.ctl.camera.focusNode(matches[index]);
  }

  /** Next (1) or previous (-1) match, wrapping around; the camera follows. */
  async step(dir: 1 | -1): Promise<void> {
    const n = this.view.matches.length;
    if (!n) return;
    const index = (this.view.index + dir + n) % n;
    this.set({ index, done: '' });
    await this.ctl.camera.focusNode(this.view.matches[index]);
  }

  /**
   * The map changed: after an undo, a redo or another edit, "已替换 N 个主题" no longer describes
   * it (the status goes back to the matches).
   */
  mapChanged(): void {
    if (this.view.done && !this.replacing && this.ctl.model.version !== this.doneAt) this.set({ done: '' });
  }

  /** Runs a replace; the map changes it makes itself (the edit, opening the next match) keep its status. */
  private async asReplace(work: () => Promise<void>): Promise<void> {
    this.replacing = true;
    try {
      await work();
    } finally {
      this.replacing = false;
      this.doneAt = this.ctl.model.version;
    }
  }

  /** Replaces in the current match's title, then moves on to the match now at that place. */
  replaceOne(replacement: string): Promise<void> {
    const id = this.view.matches[this.view.index];
    if (!id) return Promise.resolve();
    return this.asReplace(async () => {
      const changed = (await this.ctl.run('replaceText', [[id], this.view.query, replacement])) as string[] | undefined;
      this.view = { ...this.view, matches: this.view.matches.filter((m) => m !== id) };
      await this.search(this.view.query, false);
      this.set({ done: changed?.length ? '已替换 1 个主题' : '' });
      const next = this.view.matches[this.view.index];
      if (next) await this.ctl.camera.focusNode(next);
    });
  }

  /** Replaces in every match at once: one undo step. */
  replaceAll(replacement: string): Promise<void> {
    if (!this.view.matches.length) return Promise.resolve();
    return this.asReplace(async () => {
      const changed = (await this.ctl.run('replaceText', [this.view.matches, this.view.query, replacement])) as string[] | undefined;
      await this.search(this.view.query, false);
      this.set({ done: changed ? `已替换 ${changed.length} 个主题` : '' });
    });
  }

  /** Closing the bar: answers still on their way are dropped, the marks go. */
  close(): void {
    this.stop();
    this.ctl.camera.highlight([]);
  }

  /** Unmounting with the editor: only drop late answers (the canvas may be gone already). */
  stop(): void {
    this.seq++;
  }
}

/** The status line under the find field. */
export function findStatus(v: FindView): string {
  if (v.done) return v.done;
  if (!v.query) return '';
  if (!v.matches.length) return '没有找到匹配的主题';
  return `第 ${v.index + 1} / ${v.matches.length} 个`;
}
