import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FieldEditor, input } from './field-harness';
import { testController } from './test-kit';

// A burst whose keys outrun the worker (typing-bursts.e2e.ts), through the field and key queue
// wired as the view wires them (field-harness.tsx).

describe('a burst with an IME composition behind a waiting insert', () => {
  it('Tab, letters, Enter, Enter, Chinese by IME, the first insert answered, Enter: the composed title is kept', async () => {
    const ctl = await testController();
    ctl.select(['b']);
    const { getByRole } = render(<FieldEditor ctl={ctl} />);
    const el = getByRole('textbox') as HTMLTextAreaElement;
    // All before the worker answers the Tab: the new topic's field gets the letters, Enter parks
    // them; the next Enter and the composition on the armed field wait in the key queue.
    fireEvent.keyDown(el, { key: 'Tab' });
    input(el, 'k18x');
    fireEvent.keyDown(el, { key: 'Enter' });
    fireEvent.keyDown(el, { key: 'Enter' });
    fireEvent.compositionStart(el);
    input(el, 'yi', true);
    input(el, '乙18号', true);
    fireEvent.compositionEnd(el);
    expect(ctl.model.get('b')!.children).toEqual([]);
    // The first insert answered: the queued Enter inserts the second topic, the composed text
    // goes into its field. The student sees it there, and that is what the last Enter confirms.
    await vi.waitFor(() => expect(ctl.textEdit.typed?.text).toBe('乙18号'));
    expect(el.value).toBe('乙18号');
    fireEvent.keyDown(el, { key: 'Enter' });
    await vi.waitFor(() => expect(ctl.keys.busy).toBe(false));
    await ctl.settled();
    await vi.waitFor(() => expect(ctl.model.get('b')!.children.map((id) => ctl.model.get(id)!.text)).toEqual(['k18x', '乙18号']));
  });
});

describe('Tab in the edit field', () => {
  it('Tab, letters, Tab, letters, Enter: the first title kept, the second a topic below it (it was joined onto the first)', async () => {
    const ctl = await testController();
    ctl.select(['b']);
    const { getByRole } = render(<FieldEditor ctl={ctl} />);
    const el = getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.keyDown(el, { key: 'Tab' });
    input(el, 'p3');
    fireEvent.keyDown(el, { key: 'Tab' });
    input(el, 'p4');
    fireEvent.keyDown(el, { key: 'Enter' });
    await vi.waitFor(() => expect(ctl.keys.busy).toBe(false));
    await ctl.settled();
    const [p3] = ctl.model.get('b')!.children;
    await vi.waitFor(() => expect(ctl.model.get(p3)!.text).toBe('p3'));
    await vi.waitFor(() => expect(ctl.model.get(p3)!.children.map((id) => ctl.model.get(id)!.text)).toEqual(['p4']));
  });
});

describe('Shift+Tab in the edit field', () => {
  it('Tab, letters, Shift+Tab, letters, Enter: the title kept, the second one a topic inserted above it', async () => {
    const ctl = await testController();
    ctl.select(['b']);
    const { getByRole } = render(<FieldEditor ctl={ctl} />);
    const el = getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.keyDown(el, { key: 'Tab' });
    input(el, '乙1');
    fireEvent.keyDown(el, { key: 'Tab', shiftKey: true });
    input(el, '中间');
    fireEvent.keyDown(el, { key: 'Enter' });
    await vi.waitFor(() => expect(ctl.keys.busy).toBe(false));
    await ctl.settled();
    const [mid] = ctl.model.get('b')!.children;
    await vi.waitFor(() => expect(ctl.model.get(mid)!.text).toBe('中间'));
    expect(ctl.model.get(mid)!.children.map((id) => ctl.model.get(id)!.text)).toEqual(['乙1']);
  });
});

describe('a title confirmed on a topic just inserted', () => {
  // The worker answered the insert, but the copy kept on leaving may not have read it yet: the
  // title confirmed (Enter, or the page going with the field open) says where its topic was made.
  it('Tab, the insert answered, letters, Enter: the confirmed title carries the insert', async () => {
    const ctl = await testController();
    ctl.select(['b']);
    const confirmed: unknown[] = [];
    ctl.events.on('textConfirmed', (t) => void confirmed.push(t));
    const { getByRole } = render(<FieldEditor ctl={ctl} />);
    const el = getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.keyDown(el, { key: 'Tab' });
    await vi.waitFor(() => expect(ctl.textEdit.typed?.id).toBeTruthy());
    const id = ctl.textEdit.typed!.id;
    input(el, 'n1');
    fireEvent.keyDown(el, { key: 'Enter' });
    expect(confirmed).toEqual([{ id, text: 'n1', at: { name: 'appendChild', at: 'b' } }]);
  });

  it('Tab, the insert answered, letters, the page going: what the field commits carries the insert; a later F2 on it does not', async () => {
    const ctl = await testController();
    ctl.select(['b']);
    const { getByRole } = render(<FieldEditor ctl={ctl} />);
    const el = getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.keyDown(el, { key: 'Tab' });
    await vi.waitFor(() => expect(ctl.textEdit.typed?.id).toBeTruthy());
    const id = ctl.textEdit.typed!.id;
    input(el, 'n2');
    expect(ctl.textEdit.commit()).toEqual({ id, text: 'n2', at: { name: 'appendChild', at: 'b' } });
    await ctl.settled();
    ctl.textEdit.track(id, 'n3');
    expect(ctl.textEdit.commit()).toEqual({ id, text: 'n3' });
  });
});

describe('the page going while keys wait for the worker', () => {
  it('Tab, letters, Enter, Tab, then letters, Enter, Enter twice, none answered: the page can say every topic they make, in a chain', async () => {
    const ctl = await testController();
    const queuedTold: string[][] = [];
    ctl.events.on('keysQueued', () =>
      queuedTold.push(
        ctl.events
          .emit('leaving')
          .flat()
          .map((k) => k.text),
      ),
    );
    ctl.select(['b']);
    const { getByRole } = render(<FieldEditor ctl={ctl} />);
    const el = getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.keyDown(el, { key: 'Tab' });
    input(el, 'q1');
    fireEvent.keyDown(el, { key: 'Enter' });
    fireEvent.keyDown(el, { key: 'Tab' });
    for (const t of ['q2', 'q3']) {
      input(el, t);
      fireEvent.keyDown(el, { key: 'Enter' });
      fireEvent.keyDown(el, { key: 'Enter' });
    }
    // the first insert is not answered: everything after its Tab waits
    expect(ctl.model.get('b')!.children).toEqual([]);
    const kept = ctl.events.emit('leaving').flat();
    // each key queued was told as it was (autosave keeps the draft with what they make then)
    expect(queuedTold.at(-1)).toEqual(kept.map((k) => k.text));
    expect(kept.map((k) => [k.at?.name, k.text])).toEqual([
      ['appendChild', 'q1'],
      ['appendChild', 'q2'],
      ['appendSibling', 'q3'],
      ['appendSibling', '分支主题'],
    ]);
    // each placed next to the one before it: b, then the first new topic, then the second …
    expect(kept[0].at!.at).toBe('b');
    for (let i = 1; i < kept.length; i++) expect(kept[i].at!.at).toBe(kept[i - 1].id);
    // nothing is on its way once the keys have run: the page keeps only what its field holds
    await vi.waitFor(() => expect(ctl.keys.busy).toBe(false));
    await ctl.settled();
    expect(ctl.events.emit('leaving').flat()).toEqual([]);
    // and each topic was made under the id it was kept by (named as its key was pressed): a save
    // that got through as the page went and the kept titles made again on reopening meet on one topic
    for (const k of kept) {
      const parent = k.at!.name === 'appendChild' ? k.at!.at : ctl.model.get(k.at!.at)?.parentId;
      expect([ctl.model.get(k.id!)?.text, ctl.model.get(k.id!)?.parentId]).toEqual([k.text, parent]);
    }
  });
});
