import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FieldEditor, input } from './field-harness';
import { testController } from './test-kit';

// The page goes (tab closed, reloaded, the editor closed) while an IME composition is under way in
// the edit field: what it commits as it goes (autosave-on-leave: ctl.textEdit.commit) is the text
// the student had typed, never the pinyin of a composition they had not chosen a word for. (An
// outside walk closed a page mid-composition: the title was saved as 复习ji'suan.)

async function fieldOn(id: string) {
  const ctl = await testController();
  ctl.select([id]);
  const { getByRole } = render(<FieldEditor ctl={ctl} />);
  return { ctl, el: getByRole('textbox') as HTMLTextAreaElement };
}

/** '复习' typed on topic b (the field opens with it), then a composition begun after it. */
async function typedThenComposing() {
  const { ctl, el } = await fieldOn('b');
  input(el, '复习');
  await vi.waitFor(() => expect(ctl.textEdit.typed).toMatchObject({ id: 'b', text: '复习' }));
  fireEvent.compositionStart(el);
  input(el, '复习ji', true);
  return { ctl, el };
}

const leave = async (ctl: Awaited<ReturnType<typeof testController>>) => {
  const sent = ctl.textEdit.commit();
  await ctl.settled();
  return sent;
};

describe('a composition under way as the page goes', () => {
  it('in a field typed in: the text before the composition is committed, not its pinyin', async () => {
    const { ctl, el } = await typedThenComposing();
    input(el, "复习ji'suan", true);
    expect(await leave(ctl)).toMatchObject({ id: 'b', text: '复习' });
    expect(ctl.model.get('b')!.text).toBe('复习');
  });

  it('in the field a composition opened on a topic: the title stays as it was', async () => {
    const { ctl, el } = await fieldOn('b');
    fireEvent.compositionStart(el);
    await vi.waitFor(() => expect(ctl.textEdit.typed?.id).toBe('b'));
    input(el, 'fu', true);
    input(el, "fu'xi", true);
    expect(await leave(ctl)).toBeNull();
    expect(ctl.model.get('b')!.text).toBe('乙');
  });

  it('a composition ended (a word chosen) is the student’s text: committed as the page goes', async () => {
    const { ctl, el } = await typedThenComposing();
    input(el, '复习计算', true);
    fireEvent.compositionEnd(el);
    input(el, '复习计算1');
    fireEvent.compositionStart(el);
    input(el, '复习计算1m', true);
    expect(await leave(ctl)).toMatchObject({ id: 'b', text: '复习计算1' });
    expect(ctl.model.get('b')!.text).toBe('复习计算1');
  });
});
