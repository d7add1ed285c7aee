import type { EditorController } from '../../mindmap';
import type { Autosaver } from './autosave';

// Leaving keeps the work however it happens, text still being typed in the edit field included:
// pagehide/beforeunload (tab closed or reloaded) keep the draft synchronously, then try to save;
// closing the editor in the app saves BEFORE the controller ends the worker (ctl.beforeClose),
// as the save reads the document from it. Coming back online saves what waited.

/**
 * Listens for the page going away while `saver` saves the map of `ctl`. `close`: the one closing,
 * whichever asks first — the hook's cleanup or the controller's dispose (which waits for it
 * before ending the worker, in either order); `unregister` takes it off the controller.
 */
export function keepWorkOnLeave(ctl: EditorController, saver: Autosaver): { close(): Promise<void>; unregister(): void } {
  // Text still being typed in the edit field is committed first and kept with the draft, with what
  // the keys still waiting for the worker would make (worked out before the commit closes the field).
  const hide = (e: Event) => {
    const ahead = ctl.events.emit('leaving').flat();
    saver.keepNow(ctl.textEdit.commit(), ahead, e.type === 'pagehide');
    if (e.type === 'pagehide') saver.sendAsItGoes(ahead);
    void ctl.settled().then(() => saver.flush());
  };
  // back from the back/forward cache: the page saves again
  const shown = (e: PageTransitionEvent) => e.persisted && saver.back();
  const online = () => saver.state === 'offline' && void saver.flush();
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('beforeunload', hide);
      window.removeEventListener('online', online);
      window.removeEventListener('pageshow', shown);
      saver.keepNow(ctl.textEdit.commit(), ctl.events.emit('leaving').flat(), true);
      // An edit still on its way to the worker (Enter, then a click on a link; the text edit
      // just committed) is applied first, so the last save includes it.
      await ctl.settled();
      saver.keepNow();
      await saver.flush().finally(() => saver.dispose());
    })());
  window.addEventListener('pagehide', hide);
  window.addEventListener('beforeunload', hide);
  window.addEventListener('online', online);
  window.addEventListener('pageshow', shown);
  const unregister = ctl.beforeClose(close);
  return { close, unregister };
}
