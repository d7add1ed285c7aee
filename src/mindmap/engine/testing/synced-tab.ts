import { MindEditor } from '../editor';
import type { KmDocument } from '../model/types';

/** A tab of the sync tests: `start` loaded (a copy) and syncing by change sets from version 0 as `name`. */
export function syncedTab(start: KmDocument, name: string): MindEditor {
  const ed = new MindEditor();
  ed.load(structuredClone(start));
  ed.startSync(name, 0);
  return ed;
}
