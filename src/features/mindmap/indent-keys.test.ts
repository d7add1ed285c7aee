import { describe, expect, it, vi } from 'vitest';
import type { KeyboardEvent } from 'react';
import { indentKey } from './indent-keys';

function key(field: HTMLTextAreaElement, k: string, shiftKey = false) {
  const e = { key: k, shiftKey, ctrlKey: false, altKey: false, metaKey: false, preventDefault: vi.fn(), currentTarget: field };
  return e as unknown as KeyboardEvent<HTMLTextAreaElement> & { preventDefault: ReturnType<typeof vi.fn> };
}

describe('indent keys in an outline field', () => {
  it('Tab indents, Shift+Tab outdents; after Esc, Tab or Shift+Tab (Shift pressed first) leaves the field', () => {
    const field = document.createElement('textarea');
    field.value = '栈';
    field.setSelectionRange(1, 1);
    const flag = { current: false };
    const set = vi.fn();
    const tab = key(field, 'Tab');
    indentKey(tab, flag, set);
    expect(tab.preventDefault).toHaveBeenCalled();
    expect(field.value).toBe('\t栈');
    // Esc, then Shift (its own keydown), then Tab with Shift: the browser moves the focus back
    indentKey(key(field, 'Escape'), flag, set);
    indentKey(key(field, 'Shift', true), flag, set);
    const back = key(field, 'Tab', true);
    indentKey(back, flag, set);
    expect(back.preventDefault).not.toHaveBeenCalled();
    expect(field.value).toBe('\t栈');
    // any other key in between makes Tab indent again
    indentKey(key(field, 'Escape'), flag, set);
    indentKey(key(field, 'a'), flag, set);
    const again = key(field, 'Tab', true);
    indentKey(again, flag, set);
    expect(again.preventDefault).toHaveBeenCalled();
    expect(field.value).toBe('栈');
  });
});
