import type { RefObject } from 'react';

// Where the keyboard goes in the editor. Focus rule: after any pointer action on the map, its
// toolbar, menus or dialogs, the focus goes back to the map's keyboard target (the armed edit
// field), so keys always reach the map — but never on a finger's touch (a focused text target
// opens the on-screen keyboard) and never away from a dialog or a line's label field.

/**
 * Focus to the map's keyboard target; `always` = also when the focus is elsewhere (a pointer
 * action on the map). After a menu or dialog closes it waits a frame (their own focus handling
 * runs first); `now` for a pointer action on the map itself, so the very next key is the map's.
 */
export type FocusMap = (always?: boolean, now?: boolean) => void;

/** Whether a dialog is open that `el` is not part of: the page's keys belong to that dialog. */
export function behindDialog(el: Element): boolean {
  return [...document.querySelectorAll('[role=dialog], [role=alertdialog]')].some((d) => !d.contains(el));
}

export function mapFocuser(keyTarget: RefObject<HTMLTextAreaElement | null>, touched: RefObject<boolean>, editing: RefObject<unknown>): FocusMap {
  return (always = true, now = false) => {
    const go = () => {
      const t = keyTarget.current;
      const active = document.activeElement;
      // (a map inside the dialog, 历史版本's preview, takes its keys back like any other)
      if (!t || active === t || behindDialog(t)) return;
      if (active instanceof HTMLElement && active.dataset.keepFocus !== undefined) return; // a line's label field
      if (touched.current && !editing.current) return;
      if (!always && active && active !== document.body) return;
      t.focus({ preventScroll: true });
    };
    if (now) go();
    else requestAnimationFrame(go);
  };
}

/**
 * An opened map takes the keyboard when nothing else has it (the page or its main region), so
 * the keys act on the selected node at once (outside walk: they did nothing until a click). Not
 * on touch screens: a focused text target would open the on-screen keyboard.
 */
export function focusOnOpen(focusMap: FocusMap, phone: boolean, touched: RefObject<boolean>): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (phone || touched.current || window.matchMedia?.('(pointer: coarse)').matches) return;
    if (active && active !== document.body && active.id !== 'main') return;
    focusMap(true, true);
  });
}
