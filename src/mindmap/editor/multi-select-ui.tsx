import { ContextMenu } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import type { EditorController } from './controller';
import { MULTI_HINT } from './multi-select';

// The phone's ways into and out of 多选 (multi-select.ts): an item of the long-press topic menu,
// a button of the 更多 sheet, and the banner over the map while the mode lasts (what a tap does
// now, how many topics are selected, 完成). Every target is 44 px (mindmap.css).

const useMulti = (ctl: EditorController) => useSyncExternalStore(ctl.multi.subscribe, ctl.multi.getState);

/** The topic menu's item: 多选, or 完成多选 while the mode lasts. */
export function MultiSelectItem({ ctl }: { ctl: EditorController }) {
  const on = useMulti(ctl);
  return (
    <ContextMenu.Item className="mind-menu__item" onSelect={() => (on ? ctl.multi.leave() : ctl.multi.enter())}>
      {on ? '完成多选' : '多选'}
    </ContextMenu.Item>
  );
}

/** The 更多 sheet's button; the sheet closes (`onPicked`) so the topics can be tapped. */
export function MultiSelectButton({ ctl, onPicked }: { ctl: EditorController; onPicked(): void }) {
  const on = useMulti(ctl);
  return (
    <button
      type="button"
      className="mind-toolbar__btn mind-multi__start"
      onClick={() => {
        if (on) ctl.multi.leave();
        else ctl.multi.enter();
        onPicked();
      }}
    >
      {on ? '完成多选' : '多选'}
    </button>
  );
}

/** The banner at the top of the map while 多选 lasts; 完成 (or Esc on it) ends the mode. */
export function MultiSelectBanner({ ctl }: { ctl: EditorController }) {
  const on = useMulti(ctl);
  const { selection } = useSyncExternalStore(ctl.subscribe, ctl.getState);
  if (!on) return null;
  return (
    <section
      className="mind-multi"
      aria-label="多选"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        ctl.multi.leave();
      }}
    >
      <span className="mind-multi__hint">
        {MULTI_HINT}
        <span className="mind-multi__count">（已选 {selection.length} 个）</span>
      </span>
      <button type="button" className="mind-multi__done" aria-label="完成多选" onClick={() => ctl.multi.leave()}>
        完成
      </button>
    </section>
  );
}
