import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEPTH_ERROR } from '../engine/model/types';
import type { EditorController } from './controller';
import { FieldEditor, input } from './field-harness';
import { keyKind, RefusedInsert } from './refused-insert';
import { actionByName } from './actions';
import { testContext, testController } from './test-kit';

// Tab on a level-4 topic (甲一一 is a11, level 4) is refused: the title typed for the topic that
// was not made, and its Enter, must not rename the topic still selected (an outside walk's title
// went to the selected topic that way, and its next Delete removed a real topic).

const texts = (ctl: EditorController) => [...ctl.model.all()].map((n) => n.text).sort();

async function level4(): Promise<{ ctl: EditorController; el: HTMLTextAreaElement; errors: string[]; before: string[] }> {
  const ctl = await testController();
  const errors: string[] = [];
  ctl.events.on('error', (m) => errors.push(m));
  ctl.select(['a11']);
  const { getByRole } = render(<FieldEditor ctl={ctl} />);
  return { ctl, el: getByRole('textbox') as HTMLTextAreaElement, errors, before: texts(ctl) };
}

async function settled(ctl: EditorController) {
  await vi.waitFor(() => expect(ctl.keys.busy).toBe(false));
  await ctl.settled();
}

describe('keys typed for a topic whose insert was refused', () => {
  it('Tab, a title and Enter on a level-4 topic: refused and said, the title goes nowhere, nothing renamed', async () => {
    const { ctl, el, errors, before } = await level4();
    const keyDown = (key: string) => fireEvent.keyDown(el, { key });
    keyDown('Tab');
    expect(errors).toEqual([DEPTH_ERROR]);
    // as the browser types a printable key: keydown, then (when not prevented) its input
    for (const ch of 'xyz') if (keyDown(ch)) input(el, el.value + ch);
    keyDown('Enter');
    await settled(ctl);
    expect(texts(ctl)).toEqual(before);
    expect(ctl.textEdit.typed).toBeFalsy();
    expect(el.value).toBe('');
    // Enter ended the burst: the student's next key is theirs (typing edits 甲一一).
    if (keyDown('m')) input(el, 'm');
    expect(ctl.textEdit.typed).toEqual({ id: 'a11', text: 'm' });
  });

  it('a title composed with an IME after the refused Tab is dropped, the composition left whole', async () => {
    const { ctl, el, before } = await level4();
    fireEvent.keyDown(el, { key: 'Tab' });
    // the refusal is known before the first key of the title (a worker answering at once)
    await settled(ctl);
    fireEvent.compositionStart(el);
    input(el, 'jia', true);
    input(el, '甲二', true);
    fireEvent.compositionEnd(el);
    input(el, '甲二');
    fireEvent.keyDown(el, { key: 'Enter' });
    await settled(ctl);
    expect(texts(ctl)).toEqual(before);
    expect(el.value).toBe('');
  });

  // (A guard of the queue's order: the refusal answered in the queue's turn drops them as the old dead field did.)
  it('keys that waited behind a Delete for the refused Tab are dropped in their turn; the keys after its Enter act', async () => {
    const { ctl, el } = await level4();
    // 甲一一 gets a sibling at level 4, selected; then, with no gap: Delete, Tab, a title, Enter, ←
    await ctl.run('appendSibling', ['a11', '乙']);
    const sibling = ctl.model.get('a1')!.children[1];
    ctl.select([sibling]);
    for (const key of ['Delete', 'Tab', 'q', 'w', 'Enter', 'ArrowLeft']) if (fireEvent.keyDown(el, { key }) && key.length === 1) input(el, el.value + key);
    await settled(ctl);
    // Deleted; the Tab on the topic then selected (甲一一) was refused, its title and Enter dropped.
    expect(ctl.model.get('a1')!.children).toEqual(['a11']);
    expect(ctl.model.get('a11')!.text).toBe('甲一一');
    // ← came after the burst's Enter: it moved the selection as a key of its own
    expect(ctl.state.selection).toEqual(['a1']);
    expect(el.value).toBe('');
  });

  it('the refusal stands however long the student waits: typed on after a pause, the title still goes nowhere (the toolbar button and Insert too)', async () => {
    const { ctl, el, before } = await level4();
    const ctx = testContext(ctl);
    for (const refuse of [() => fireEvent.keyDown(el, { key: 'Insert' }), () => void actionByName('appendChild').perform(ctx)]) {
      refuse();
      expect(ctl.keys.refused.standing).toBe(DEPTH_ERROR);
      await settled(ctl);
      await new Promise((r) => setTimeout(r, 50));
      for (const ch of 'def') if (fireEvent.keyDown(el, { key: ch })) input(el, el.value + ch);
      expect(ctl.keys.refused.standing).toBe(DEPTH_ERROR);
      fireEvent.keyDown(el, { key: 'Enter' });
      expect(ctl.keys.refused.standing).toBeNull();
      await settled(ctl);
      expect(texts(ctl)).toEqual(before);
    }
  });

  it('another key, or a press on the map, ends the refusal and acts', () => {
    const refused = new RefusedInsert();
    refused.refuse(DEPTH_ERROR);
    expect(refused.drops('text')).toBe(true);
    expect(refused.drops('other')).toBe(false);
    expect(refused.standing).toBeNull();
    expect(refused.drops('text')).toBe(false);
    refused.refuse(DEPTH_ERROR);
    refused.end();
    expect(refused.drops('confirm')).toBe(false);
  });

  it('a key kind: characters, Shift+Enter and Backspace are the title; Enter and Esc end it; shortcuts and arrows are not its', () => {
    const k = (key: string, mods: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) =>
      keyKind({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect([k('a'), k('A', { shiftKey: true }), k('Enter', { shiftKey: true }), k('Backspace')]).toEqual(['text', 'text', 'text', 'text']);
    expect([k('Enter'), k('Escape')]).toEqual(['confirm', 'confirm']);
    expect([k('ArrowUp'), k('z', { ctrlKey: true }), k('Delete'), k('F2')]).toEqual(['other', 'other', 'other', 'other']);
  });
});
