import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EditorController } from './controller';
import { FieldEditor, input } from './field-harness';
import { testController } from './test-kit';

// A click on empty canvas clears the selection: keys typed next edit nothing. An outside walk on a
// slow machine saw them rename a topic instead: the Delete answered after the click selected its
// neighbour, and any patch arriving with nothing selected selected the root.

const texts = (ctl: EditorController) => [...ctl.model.all()].map((n) => n.text).sort();

async function typeTitle(ctl: EditorController, el: HTMLTextAreaElement, title: string) {
  for (const ch of title) if (fireEvent.keyDown(el, { key: ch })) input(el, el.value + ch);
  fireEvent.keyDown(el, { key: 'Enter' });
  await vi.waitFor(() => expect(ctl.keys.busy).toBe(false));
  await ctl.settled();
}

describe('a selection the student cleared', () => {
  it('Delete, then a click on empty canvas before its answer: nothing is selected after it, the title typed renames nothing', async () => {
    const ctl = await testController();
    ctl.select(['a1']);
    const el = render(<FieldEditor ctl={ctl} />).getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.keyDown(el, { key: 'Delete' });
    // the pointer's click on empty canvas (pointer.ts), before the worker answered the Delete
    ctl.select([], false);
    await vi.waitFor(() => expect(ctl.model.has('a1')).toBe(false));
    await ctl.settled();
    expect(ctl.state.selection).toEqual([]);
    const before = texts(ctl);
    await typeTitle(ctl, el, 'xyz');
    expect(texts(ctl)).toEqual(before);
  });

  it("stays empty when a later edit is answered (a classmate's, an earlier key's)", async () => {
    const ctl = await testController();
    ctl.select([], false);
    await ctl.run('editText', ['b', '乙改']);
    expect(ctl.state.selection).toEqual([]);
  });

  it('a Delete answered with nothing chosen meanwhile selects the neighbour, as before', async () => {
    const ctl = await testController();
    ctl.select(['a']);
    const el = render(<FieldEditor ctl={ctl} />).getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.keyDown(el, { key: 'Delete' });
    await vi.waitFor(() => expect(ctl.model.has('a')).toBe(false));
    await vi.waitFor(() => expect(ctl.state.selection).toEqual(['b']));
  });
});
