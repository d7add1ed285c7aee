import { useEffect, useRef, useState } from 'react';
import { type KmDocument, type EditorController, download, fileBase, tabDraftKey, type Draft, type AppliedSet, type unsavedTitles } from '../../mindmap';
import { Autosaver, type SaveState } from './autosave';
import { OFFLINE_SAID } from './autosave-deps';
import { changeSavingFor, type MapRoutes } from './autosave-change-saving';
import { keepWorkOnLeave } from './autosave-on-leave';
import { dropUnsavedEdits, replayKeptTitles } from './unsaved-edits';
import { minderDraftKey, pageDrafts } from './map-drafts';
import { tabSignal } from './tab-signal';
import { LiveChannel } from './live-channel';
import type { PresenceRoom } from './presence-room';
import { session } from '../../app/session/session-store';
import { toast } from '../../app/ui/toast-store';
import { EXPERIENCE_MSG, keepMapVersion, saveStuMind, saveStuMindAsPageGoes, showMind } from './api';
import type { ShownMind } from '../../contract/mindmaps';
import { PROGRESS_KEYS } from '../../contract/rules';

/** How often an open map asks for what other tabs or devices saved while its live socket is down (besides a broadcast from a tab of this browser and on focus). */
const CATCH_UP_MS = 10_000;
/** Said when this page's unsaved edits were replayed on a map saved whole by another page. */
const REPLACED_ELSEWHERE = '导图已在其他页面整体替换，已载入并保留你未保存的修改';
const FIRST_SAVED_ELSEWHERE = '导图已在其他页面保存，已载入并保留你未保存的修改';

/** This page's name in the change sets it makes (`<tab>:<n>`). */
function newTabId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// Wires the autosaver to an open ProjectMinder: changes → debounced saveStuMind with the
// version; 409 → conflict choice; offline → draft in IndexedDB; refused → the reason once.
// Leaving keeps the work however it happens (autosave-on-leave.ts); the change-set calls and a
// title lost while typed are in autosave-change-saving.ts; unsaved titles handed on, in
// unsaved-edits.ts; the drafts' store and keys, in map-drafts.ts.

export interface AutosaveOptions {
  /** whole saves (a first save, 保留我的版本); default the case map's saveStuMind */
  save?: (caseId: string, doc: KmDocument, version: number, owner?: string, saveId?: string) => Promise<number>;
  /** `save` as the page goes (a keepalive request, its answer never read); default the case map's */
  saveAsPageGoes?: (caseId: string, doc: KmDocument, version: number, owner: string | undefined, saveId: string) => boolean;
  /** edits saved as change sets, and the live socket (case maps); default true */
  byChanges?: boolean;
  /** who else is on the map, heard on the live socket */
  room?: PresenceRoom | null;
  /** a classmate's case map shared with the student: its owner (default: the student's own) */
  ownerId?: string;
  /** the live socket ended for good (removed from the map, the map deleted): its reason */
  onLiveClosed?(reason: string): void;
  /** the student's role on a shared map changed (the owner made them 只读) */
  onRole?(role: 'edit' | 'view'): void;
  /** A title being typed whose topic another member deleted: said with the text, to be copied. */
  onTypingLost?(reason: string, text: string): void;
  /** a map that is not a case's (我的导图): its routes and its live socket, instead of the case map's */
  routes?: MapRoutes;
  /** a draft is to be opened: the status starts at 未保存 (draft-opening.ts settles it), never 已保存 */
  restoring?: boolean;
}

export function useAutosave(ctl: EditorController, caseId: string, studentId: string, version: number, opts: AutosaveOptions = {}) {
  const { byChanges = true, room = null } = opts;
  const ownerId = opts.ownerId ?? studentId;
  /** the owner's id on the wire when the map is a classmate's */
  const owner = ownerId === studentId ? undefined : ownerId;
  const said = useRef(opts);
  said.current = opts;
  const [state, setState] = useState<SaveState>(opts.restoring ? 'dirty' : 'saved');
  const [conflict, setConflict] = useState<KmDocument | null>(null);
  const key = minderDraftKey(studentId, caseId, ownerId);
  const ref = useRef<Autosaver | null>(null);
  /** Stops the editor-event listeners of the saver now listening. */
  const listening = useRef<(() => void) | null>(null);
  const tab = useRef<string>('');
  /** How many of a draft's sets the last opening replayed (not on the server yet). */
  const replayed = useRef(0);
  /** the map's live socket now (退出共享 tells it the leave is on purpose) */
  const liveRef = useRef<LiveChannel | null>(null);
  tab.current ||= newTabId();
  /** This page's draft (its own key: another page's never writes over it) and the drafts it opened. */
  const [mine] = useState(() => pageDrafts());
  const ownKey = tabDraftKey(key, tab.current);

  // Created in the effect (not memoised) so a StrictMode re-run gets a live saver.
  /** The map as saved now: the case map's showMind, or the routes'. */
  const showServer = () => said.current.routes?.show() ?? showMind(caseId, false, owner);

  useEffect(() => {
    const routes = said.current.routes;
    const changes = byChanges
      ? changeSavingFor(ctl, { caseId, owner, routes, tab: () => tab.current, typingLost: () => said.current.onTypingLost })
      : undefined;
    const saver = new Autosaver(
      {
        snapshot: () => ctl.engine.toKm(),
        save: (doc, v, saveId) => (said.current.save ?? saveStuMind)(caseId, doc, v, owner, saveId),
        saveAsPageGoes: (doc, v, saveId) => (said.current.saveAsPageGoes ?? saveStuMindAsPageGoes)(caseId, doc, v, owner, saveId),
        drafts: mine.store,
        key: ownKey,
        canSave: () => ctl.opened,
        keysAhead: () => ctl.events.emit('leaving').flat(),
        changes,
      },
      version,
    );
    const signal = tabSignal(key, () => void saver.catchUp());
    saver.onSaved = (v) => signal.post(v);
    // other devices' (and members') saves as they happen; the poll below rests while it is open
    const live = byChanges
      ? new LiveChannel({
          kind: routes?.live.kind ?? 'case',
          caseId: routes?.live.mapId ?? caseId,
          ownerId: routes?.live.ownerId ?? ownerId,
          since: () => saver.version,
          token: () => session.token,
          onNews: (sets) => void saver.catchUp(sets as AppliedSet[] | undefined),
          room: room ?? undefined,
          onClosed: (reason) => said.current.onLiveClosed?.(reason),
          onRole: (role) => said.current.onRole?.(role),
        })
      : null;
    live?.start();
    liveRef.current = live;
    const visible = () => document.visibilityState === 'visible' && !live?.live && void saver.catchUp();
    const shown = () => document.visibilityState === 'visible' && void saver.catchUp();
    const poll = setInterval(visible, CATCH_UP_MS);
    document.addEventListener('visibilitychange', shown);
    saver.onNotices = (list) => {
      for (const m of list) toast.warning(m, 8000);
      ctl.say(list.join('；'));
    };
    saver.onReload = async () => {
      // Saved whole elsewhere (an import, a restore, another tab's first save): that map, with
      // this page's unsaved sets on it — taken, the map replaced, replayed and synced in one step
      // in the engine (ctl.reopen): a title confirmed while the map reloads is among those sets or
      // made on the new map, never made in between and lost (or shown and never saved).
      // (a page still on the official map meets the student's first save: nothing was replaced)
      const first = saver.version === 0;
      const server = await showServer();
      const r = await ctl.reopen(server.document, { tab: tab.current, version: server.version, ...(owner ? { overlay: PROGRESS_KEYS } : {}) });
      replayed.current = r.pending;
      for (const m of r.notices) toast.warning(m, 8000);
      if (r.taken) toast.warning(first ? FIRST_SAVED_ELSEWHERE : REPLACED_ELSEWHERE, 6000);
      return server.version;
    };
    ref.current = saver;
    saver.onState = setState;
    saver.onConflict = setConflict;
    saver.onError = (m) => (m === EXPERIENCE_MSG ? toast.warning(m) : toast.error(m));
    saver.onOffline = () => toast.warning(OFFLINE_SAID);
    // This run's saver takes the editor's events from the last run's (which stays subscribed
    // while its page closes: the edits its last save must hold still reach it).
    listening.current?.();
    const off = [
      ctl.events.on('change', () => saver.markDirty()),
      ctl.events.on('textEditOpen', () => saver.prime()),
      // A title confirmed with Enter is in what a closing page leaves behind at once, not only
      // once the worker answers and the document is read again.
      ctl.events.on('textConfirmed', (t) => saver.confirm(t)),
      ctl.events.on('insertConfirmed', (at, text, name) => saver.confirmInsert(at, text, name)),
      ctl.events.on('keysQueued', () => saver.keepTyped()),
    ];
    const stopListening = () => off.forEach((f) => f());
    listening.current = stopListening;
    const { close, unregister } = keepWorkOnLeave(ctl, saver);
    return () => {
      clearInterval(poll);
      document.removeEventListener('visibilitychange', shown);
      live?.close();
      if (liveRef.current === live) liveRef.current = null;
      // the last save below is still announced to the other tabs; the signal closes after it
      void close().finally(() => {
        signal.close();
        unregister();
        if (listening.current === stopListening) {
          stopListening();
          listening.current = null;
        }
      });
    };
  }, [ctl, caseId, studentId, key, ownKey, version, byChanges, room, owner]);

  /**
   * Opens the server's map (`server`): edits are saved as change sets from its version on, with
   * `draft`'s unsaved sets replayed on it first. The load, the replay and the start of syncing are
   * one engine step (ctl.open's sync), so an edit made as the map appears is saved like any other
   * (as separate calls it could be made on the map before it synced: shown, never sent). Resolves
   * whether anything of the draft was not on the server yet (its sets skipped, a closing page's
   * last save having brought them: nothing was restored).
   */
  const openServer = async (
    server: Pick<ShownMind, 'version'> & { document: KmDocument },
    readOnly: boolean,
    { draft, keepPlace, from = draft?.from }: { draft?: Draft; keepPlace?: boolean; from?: Draft['from'] } = {},
  ): Promise<boolean> => {
    replayed.current = 0;
    mine.adopt(from, ownKey);
    if (byChanges) {
      // a classmate's map: this student's 已学 / 正在学 are their own (recorded by the server apart), never the map's
      const overlay = owner ? { overlay: PROGRESS_KEYS } : {};
      const sync = { tab: tab.current, version: server.version, sets: draft?.sets ?? [], seq: draft?.seq ?? 0, ...overlay };
      const r = await ctl.open(server.document, readOnly, { keepPlace, sync });
      replayed.current = r.pending;
      for (const m of r.notices) toast.warning(m, 8000);
    } else await ctl.open(server.document, readOnly, { keepPlace });
    ref.current?.resolve(server.version, replayed.current > 0);
    const restored = (await replayKeptTitles(ctl, draft?.typed ?? [])) + replayed.current > 0;
    // (nothing of the drafts opened was left to save: the server had all of it)
    if (!restored) await mine.release();
    return restored;
  };

  const base = () => fileBase(ctl.model.get(ctl.model.rootId)?.text ?? '');
  const keepCopy = (doc: KmDocument, suffix: string) => download(`${base()}-${suffix}.km`, new Blob([JSON.stringify(doc)], { type: 'application/json' }));

  /** 载入服务器版本: the server's map replaces mine; mine is downloaded as a copy. */
  const takeServer = async () => {
    if (conflict) keepCopy(conflict, '我的版本');
    const server = await showServer();
    await openServer(server, false);
    await mine.store.delete(ownKey);
    setConflict(null);
  };

  /** 保留我的版本: mine is saved over the newer one; the server's is downloaded as a copy. */
  const keepMine = async () => {
    const server = await showServer();
    keepCopy(server.document, '服务器版本');
    ref.current?.resolve(server.version, true);
    setConflict(null);
  };

  /**
   * 退出共享 on this page: `run` leaves the map, and the live socket the server closes for it is
   * not said as a removal (你已不是这张导图的成员) — unless the leave fails.
   */
  const leave = async (run: () => Promise<void>): Promise<void> => {
    const live = liveRef.current;
    live?.leaving();
    try {
      await run();
    } catch (e) {
      live?.leaving(false);
      throw e;
    }
  };

  /** Saves pending edits now; resolves whether the map on the server is the one on screen, and its version. */
  const flush = async (): Promise<{ saved: boolean; version: number }> => {
    const saver = ref.current;
    if (!saver) return { saved: false, version: version };
    await saver.flush();
    return { saved: saver.state === 'saved', version: saver.version };
  };

  /**
   * Keeps the map as saved now as a version (保留当前版本; before a restore or an import), edits
   * still pending saved first. Resolves the version kept (0: no map of one's own yet), or null
   * when the map on screen could not be saved (offline, refused, in conflict): nothing to keep.
   */
  const keep = async (silent = false): Promise<number | null> => {
    await ctl.settled();
    // A study map never saved shows the official map (version 0): it is saved as the student's
    // own first, so what an import or a restore replaces can be restored after a reload too.
    const saver = ref.current;
    if (saver && saver.version === 0 && saver.state === 'saved') saver.markDirty();
    const { saved, version: v } = await flush();
    if (!saved) return null;
    if (v === 0) return 0;
    const routes = said.current.routes;
    return routes ? routes.keepVersion(v, silent) : keepMapVersion(caseId, v, silent);
  };

  // An import or a restore replaces the whole map: what was there is kept as a version first.
  const keepRef = useRef(keep);
  keepRef.current = keep;
  useEffect(() => ctl.events.on('replacing', async () => void (await keepRef.current(true))), [ctl]);

  /** The map on screen is the server's `version` (opened instead of a draft, or reloaded) and is saved whole from it (maps not saved by change sets). */
  const rebase = (v: number) => ref.current?.resolve(v, false);

  /** 重试 beside the status, and Ctrl+S: save pending edits now (an edit on its way to the worker first). */
  const retry = async () => {
    await ctl.settled();
    await ref.current?.retry();
  };

  /** This student may no longer edit the map: what the page had not saved is dropped, and said as its titles (unsaved-edits.ts). */
  const dropUnsaved = (): Promise<ReturnType<typeof unsavedTitles>> => dropUnsavedEdits(ctl, () => ref.current, { drafts: mine.store, key: ownKey, byChanges });

  return {
    state,
    retry,
    restoring: () => ref.current?.restoring(),
    restoredWhole: (draft: Draft) => {
      mine.adopt(draft.from, ownKey);
      ref.current?.restoredWhole(draft.sending ?? []);
    },
    rebase,
    openServer,
    flush,
    leave,
    keep,
    conflict: conflict !== null,
    takeServer,
    keepMine,
    dropUnsaved,
  };
}
