import { fireEvent } from '@testing-library/react';
import { useRef } from 'react';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import type { EditorController } from './controller';
import { handleMapKey } from './keyboard';
import { queuedInput } from './queued-input';
import { useTextEdit } from './text-edit';
import { TextEditOverlay } from './TextEditOverlay';
import { testContext } from './test-kit';

// The edit field, the key queue and the real engine together, wired as MindEditorView wires them
// (for jsdom tests of key bursts: burst-ime.test.tsx, refused-insert.test.tsx). The engine answers
// only when the test awaits, so a test picks the moment each answer lands between the keys.

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

export function FieldEditor({ ctl }: { ctl: EditorController }) {
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
      onType={(v) => !queued.typeLater(v) && (!!editing.current || (!!ctl.primary && field.open(ctl.primary, v, true)) || ctl.relations.typeLabel(v))}
      onText={(v, composing) => editing.current && ctl.textEdit.typing(editing.current.id, v, composing)}
      onDefer={() => ctl.keys.pause()}
      onCommit={field.commit}
      onCancel={field.cancel}
    />
  );
}

/** Text the field gets as the browser gives it: its value set, then an input event. */
export function input(el: HTMLTextAreaElement, value: string, isComposing = false) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value);
  fireEvent(el, new InputEvent('input', { bubbles: true, isComposing }));
}
