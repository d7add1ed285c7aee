import { createEngineHost } from '../worker/host';
import { localEngine } from '../worker/client';
import { EditorController } from './controller';
import type { ActionContext } from './actions';

/** A controller on the real engine, in-process (no Worker, no canvas), for jsdom tests. */
export async function testController(readOnly = false): Promise<EditorController> {
  const ctl = new EditorController(localEngine(createEngineHost()));
  const km = {
    root: {
      data: { id: 'r', text: '根' },
      children: [
        { data: { id: 'a', text: '甲' }, children: [{ data: { id: 'a1', text: '甲一' }, children: [{ data: { id: 'a11', text: '甲一一' } }] }] },
        { data: { id: 'b', text: '乙' } },
      ],
    },
    template: 'default',
    theme: 'fresh-blue',
    version: '1.4.43',
  };
  await ctl.open(km, readOnly);
  return ctl;
}

export function testContext(ctl: EditorController): ActionContext & { edits: string[] } {
  const edits: string[] = [];
  return {
    ctl,
    edits,
    ui: {
      editText: (id) => edits.push(id),
      beginInsert: () => {},
      endInsert: (id) => edits.push(id),
      toSystemClipboard: () => {},
      paste: () => ctl.io.paste(),
      focusMap: () => {},
      cycleRegion: () => {},
      openDialog: () => {},
      fit: () => {},
      zoom: () => {},
      openFind: () => {},
    },
  };
}
