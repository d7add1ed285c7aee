import { toast } from '../host';
import type { EditorController } from './controller';

// A read-only map (知识点详情) refuses an edit out loud (issue 31.5): a key, a double click or a
// paste that would change it says so, politely (a warning toast and the editor's live region),
// once per burst of attempts — keys pressed again within QUIET_MS of the last one say nothing
// more, so holding Delete or typing a word is one message, not one per key.

export const READ_ONLY_MSG = '当前导图为只读，不能修改';
const QUIET_MS = 2000;
const lastAttempt = new WeakMap<EditorController, number>();

export function refuseReadOnly(ctl: EditorController, now = Date.now()): void {
  const last = lastAttempt.get(ctl);
  lastAttempt.set(ctl, now);
  if (last !== undefined && now - last < QUIET_MS) return;
  toast.warning(READ_ONLY_MSG);
  ctl.say(READ_ONLY_MSG);
}
