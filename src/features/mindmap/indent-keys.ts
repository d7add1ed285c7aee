import type { KeyboardEvent, MutableRefObject } from 'react';

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta']);

/**
 * Tab indents and Shift+Tab outdents the current line of an outline field (a tab, or four spaces,
 * per level), as in the 大纲. After Esc the next Tab leaves the field, so keyboard users are never
 * trapped. `tabLeaves` is the field's own flag; `setText` takes the new value.
 */
export function indentKey(e: KeyboardEvent<HTMLTextAreaElement>, tabLeaves: MutableRefObject<boolean>, setText: (text: string) => void): void {
  if (e.key === 'Escape') return void (tabLeaves.current = true);
  // Shift pressed on its way to Shift+Tab is not "another key": Esc, Shift+Tab leaves backwards
  // (outside walk: it outdented instead, trapping the keyboard user's way back to the choices).
  if (MODIFIERS.has(e.key)) return;
  if (e.key !== 'Tab' || tabLeaves.current || e.ctrlKey || e.altKey || e.metaKey) {
    tabLeaves.current = false;
    return;
  }
  e.preventDefault();
  const el = e.currentTarget;
  const { selectionStart: start, value } = el;
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  let updated: string;
  let caret: number;
  if (e.shiftKey) {
    const cut = value.startsWith('\t', lineStart) ? 1 : value.startsWith('    ', lineStart) ? 4 : 0;
    updated = value.slice(0, lineStart) + value.slice(lineStart + cut);
    caret = Math.max(lineStart, start - cut);
  } else {
    updated = value.slice(0, lineStart) + '\t' + value.slice(lineStart);
    caret = start + 1;
  }
  // The field's text and caret change now, in this key's turn: keys typed right after it (a burst
  // before the next frame) go on this line. Set later (a frame after React wrote the new value,
  // which puts the caret at the end), they went to the end of the text. React then finds the
  // field already holding the value and leaves the caret alone.
  el.value = updated;
  el.setSelectionRange(caret, caret);
  setText(updated);
}
