import type { CDPSession } from 'playwright-core';

// Keys as a keyboard sends them, through CDP: a keyDown (with the text it types) and a keyUp per
// key, Chinese through an IME composition. `burst` sends them with no gap between them — what a
// queue of keys after a busy frame looks like.

export type Step = [method: string, params: Record<string, unknown>];

/** keyDown (with the text a printable key or Enter types) and keyUp of one key. */
export function key(name: string, code: string, vk: number, text?: string): Step[] {
  const common = { key: name, code, windowsVirtualKeyCode: vk, nativeVirtualKeyCode: vk };
  return [
    ['Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', ...common, ...(text ? { text, unmodifiedText: text } : {}) }],
    ['Input.dispatchKeyEvent', { type: 'keyUp', ...common }],
  ];
}
export const TAB = key('Tab', 'Tab', 9);
export const ENTER = key('Enter', 'Enter', 13, '\r');
/** Lower-case letters and digits typed key by key. */
export const typed = (word: string): Step[] =>
  [...word].flatMap((c) => (/\d/.test(c) ? key(c, `Digit${c}`, c.charCodeAt(0), c) : key(c, `Key${c.toUpperCase()}`, c.toUpperCase().charCodeAt(0), c)));
/** Chinese through an IME: a composition, then its committed text. */
export const composed = (pinyin: string, text: string): Step[] => [
  ['Input.imeSetComposition', { text: pinyin, selectionStart: pinyin.length, selectionEnd: pinyin.length }],
  ['Input.insertText', { text }],
];

/** Sends every step at once: none waits for the page to answer (or paint) the one before. */
export async function burst(cdp: CDPSession, steps: Step[]): Promise<void> {
  await Promise.all(steps.map(([m, p]) => cdp.send(m as 'Input.dispatchKeyEvent', p as never)));
}
