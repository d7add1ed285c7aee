import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import type { EditorController } from './controller';
import { handleMapKey } from './keyboard';
import { queuedInput } from './queued-input';
import { useTextEdit } from './text-edit';
import { TextEditOverlay } from './TextEditOverlay';
import { testContext, testController } from './test-kit';

// The edit field, the key queue and the real engine together, wired as MindEditorView wires them,
// for a burst whose keys outrun the worker (typing-bursts.e2e.ts): the engine answers only when
// the test awaits, so the test picks the moment each answer lands between the keys.

/** What the field needs of the canvas: a box for every topic (jsdom draws nothing). */
const canvas = {
  store: { node: () => ({ style: { shape: 'rect', paddingX: 8, fontSize: 14 } }), boxOf: () => ({ x: 0, y: 0, w: 100, h: 30 }) },
  camera: { zoom: 1, tx: 0, ty: 0 },
  width: 800,
  height: 600,
  panBy: () => {},
  reveal: () => {},
  paintNow: () => {},
} as unknown as MindmapCanvas;

function Editor({ ctl }: { ctl: EditorController }) {
  const canvasRef = useRef<MindmapCanvas | null>(canvas);
  const stage = useRef<HTMLElement | null>(null);
  const field = useTextEdit(ctl, canvasRef, stage, false);
  const ctx = testContext(ctl);
  ctx.ui.beginInsert = field.beginInsert;
  ctx.ui.endInsert = field.endInsert;
  const deps = { ctx, openNodeMenu: () => {}, cycleRegion: () => {}, pasteFallback: () => {} };
  const queued = queuedInput(ctl, field, (k) => handleMapKey(k, deps));
  const { editing } = field;
  return (
    <TextEditOverlay
      edit={field.edit}
      anchor={{ left: 0, top: 0, width: 10, height: 10 }}
      label="导图"
      hintId="hint"
      readOnly={false}
      inputRef={null}
      onMapKey={(e) => queued.key(e, true, () => handleMapKey(e, deps))}
      onMapPaste={() => {}}
      onType={(v) => !queued.typeLater(v) && (!!editing.current || (!!ctl.primary && field.open(ctl.primary, v, true)))}
      onText={(v) => editing.current && ctl.trackTextEdit(editing.current.id, v)}
      onDefer={() => ctl.keys.pause()}
      onCommit={field.commit}
      onCancel={field.cancel}
    />
  );
}

/** Text the field gets as the browser gives it: its value set, then an input event. */
function input(el: HTMLTextAreaElement, value: string, isComposing = false) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value);
  fireEvent(el, new InputEvent('input', { bubbles: true, isComposing }));
}

describe('a burst with an IME composition behind a waiting insert', () => {
  it('Tab, letters, Enter, Enter, Chinese by IME, the first insert answered, Enter: the composed title is kept', async () => {
    const ctl = await testController();
    ctl.select(['b']);
    const { getByRole } = render(<Editor ctl={ctl} />);
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
    await vi.waitFor(() => expect(ctl.typedText?.text).toBe('乙18号'));
    expect(el.value).toBe('乙18号');
    fireEvent.keyDown(el, { key: 'Enter' });
    await vi.waitFor(() => expect(ctl.keys.busy).toBe(false));
    await ctl.settled();
    await vi.waitFor(() => expect(ctl.model.get('b')!.children.map((id) => ctl.model.get(id)!.text)).toEqual(['k18x', '乙18号']));
  });
});
