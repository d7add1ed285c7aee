import type { EditorController } from './controller';

// 多选 on a phone: a finger has no Shift or Ctrl, so a mode (the long-press menu's 多选, or
// 更多's) in which each tap on a topic adds it to the selection or takes it out again
// (EditorController.toggleSelect, as Ctrl+click); the action bar, 更多 and the long-press menu
// then act on the whole selection (删除, 标记已学, 概要 over a run of siblings). 完成 (the
// banner's, multi-select-ui.tsx) or a tap on empty canvas ends it and keeps the selection.

export const MULTI_HINT = '多选：点按主题加入或移出选择';
export const MULTI_DONE = '已退出多选';

/** The 多选 tool (tools.ts) with what is said on entering and leaving it, for the phone's menus and banner. */
export class MultiSelect {
  constructor(private readonly ctl: Pick<EditorController, 'say' | 'tools'>) {}

  subscribe = (fn: () => void): (() => void) => this.ctl.tools.subscribe(fn);

  getState = (): boolean => this.ctl.tools.is('multi');

  get active(): boolean {
    return this.ctl.tools.is('multi');
  }

  /** Starts the mode (said: what a tap now does); any other temporary tool (linking) ends. */
  enter(): void {
    if (this.active || !this.ctl.tools.use('multi')) return;
    this.ctl.say(MULTI_HINT);
  }

  /** Ends the mode; the selection stays. */
  leave(): void {
    if (this.ctl.tools.leave('multi')) this.ctl.say(MULTI_DONE);
  }
}
