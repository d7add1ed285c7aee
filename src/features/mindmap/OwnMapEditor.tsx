import { useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearchParams } from 'wouter';
import { useTitleDetail } from '../../app/router/document-title';
import { withQuery } from '../../app/router/hash-location';
import { session } from '../../app/session/session-store';
import { ContentRefusal } from '../../app/ui/ContentShell';
import { ListStatus } from '../../app/ui/ListStatus';
import { toast } from '../../app/ui/toast-store';
import { useRemote } from '../../app/ui/use-remote';
import {
  type KmDocument,
  type EditorController,
  ConflictDialog,
  draftKey,
  draftWorthRestoring,
  type Draft,
  MindEditorView,
  useController,
} from '../../mindmap';
import { useVersionHistory, VersionHistoryButton, VersionHistoryPanel } from './VersionHistory';
import { SaveStatus } from './save-status';
import { LeaveButton } from './LeaveButton';
import { useAutosave } from './use-autosave';
import type { MapRoutes } from './autosave-change-saving';
import { drafts, openableDraft } from './map-drafts';
import { openDraftOrServer } from './draft-opening';
import {
  keepOwnVersion,
  ownMapChanges,
  ownVersions,
  saveOwnChanges,
  saveOwnChangesAsPageGoes,
  saveOwnMapAsPageGoes,
  saveOwnMap,
  showOwnMap,
  type OwnMap,
} from './own-map-api';
import { PresenceRoom } from './presence-room';
import { presenceMarks, usePresence } from './use-presence';
import { PresenceBar } from './PresenceBar';
import { MADE_EDITABLE, MADE_READ_ONLY, useLostEdits } from './LostEditsDialog';
import { ShareDialog } from './ShareDialog';
import { mapRefusal, ROLE_LABEL } from './share-api';
import './map-host';

// An own map (我的导图) in the case maps' editor: the same canvas, toolbar, import/export and
// 历史版本, autosaved through useAutosave by change sets on its own routes (/api/mymaps/saveChanges;
// the whole document for a first save or 保留我的版本) under its own draft key, on the live socket
// (kind 'own') with presence, as a shared case map is: tabs and members see each other's edits. What belongs to studying a case —
// progress from the server, 待复习 marks, 回忆练习, the 已学 guard — is not wired: a ✓ on an own
// map is the student's own mark and counts nowhere else.

/** useAutosave's map key for an own map: drafts never share a key with a case's study map. */
const keyOf = (mapId: string) => `own:${mapId}`;
/** Stable (useAutosave's effect depends on it): the key carries the map id. */
const saveByKey = (key: string, doc: KmDocument, version: number, _owner?: string, saveId?: string) =>
  saveOwnMap(key.slice('own:'.length), doc, version, saveId);
const saveByKeyAsPageGoes = (key: string, doc: KmDocument, version: number, _owner: string | undefined, saveId: string) =>
  saveOwnMapAsPageGoes(key.slice('own:'.length), doc, version, saveId);

/** `/personal/myMap?mapId=`: one own map, editable. */
export function OwnMapEditor() {
  const [params] = useSearchParams();
  const mapId = params.get('mapId') ?? '';
  const { user } = useSnapshot(session);
  const studentId = user?.userId ?? '';
  const remote = useRemote(async () => {
    const key = draftKey(studentId, keyOf(mapId));
    const [map, stored] = await Promise.all([
      showOwnMap(mapId),
      drafts()
        .list(key)
        .catch(() => []),
    ]);
    const draft = await openableDraft(stored, (d) => draftWorthRestoring(d, map.document, map.wholeSaveId));
    return { mapId, map, draft };
  }, [mapId, studentId]);
  // An address without a mapId (cut or hand-edited) names no map: said, with the way back, not the API's field name.
  if (!mapId)
    return (
      <div className="container mind-gate">
        <ContentRefusal title="缺少导图信息" text="请从我的导图打开一张导图。" level={1}>
          <Link href="/personal/myMaps" className="btn btn--primary">
            返回我的导图
          </Link>
        </ContentRefusal>
      </div>
    );
  // Data of another map (the address changed) counts as none: never show or save one map under another's address.
  if (remote.data && remote.data.mapId === mapId) return <Screen key={mapId} studentId={studentId} {...remote.data} />;
  return (
    <div className="container mind-gate">
      <ListStatus
        label="我的导图"
        status={remote.status === 'ok' ? 'loading' : remote.status}
        hasData={false}
        error={remote.error}
        onRetry={remote.reload}
        // 导图不存在或已被删除 (a bad or deleted mapId) cannot change on a retry: said as the heading, with the way back
        // (a former member of the map: told the owner removed them or they left, not that the link may be wrong)
        refused={{
          resultCode: remote.status === 'error' ? remote.resultCode : undefined,
          ...mapRefusal(remote.error, { href: '/personal/myMaps', label: '返回我的导图' }),
        }}
      >
        {null}
      </ListStatus>
    </div>
  );
}

type Loaded = { mapId: string; studentId: string; map: OwnMap; draft: Draft | undefined };

function Screen(props: Loaded) {
  const ctl = useController();
  return ctl ? <Editor ctl={ctl} {...props} /> : null;
}

function Editor({ ctl, mapId, studentId, map, draft }: Loaded & { ctl: EditorController }) {
  // Who else has this map open (classmates it is shared with, the student's other tabs): heard on the live socket.
  const room = useMemo(() => new PresenceRoom(), []);
  const [role, setRole] = useState(map.access);
  /** Why this page may no longer save (removed, or the map sent to 回收站 elsewhere): said in the header while the page stays. */
  const [closed, setClosed] = useState<string | null>(null);
  const readOnly = role === 'view';
  // Saved by change sets on the own map's routes (a whole save only for a draft without sets, or 保留我的版本).
  const routes = useMemo<MapRoutes>(
    () => ({
      sendChanges: (base, sets) => saveOwnChanges(mapId, base, sets),
      sendChangesAsPageGoes: (base, sets) => saveOwnChangesAsPageGoes(mapId, base, sets),
      fetchChanges: (since) => ownMapChanges(mapId, since),
      show: () => showOwnMap(mapId),
      keepVersion: (version, silent) => keepOwnVersion(mapId, version, silent),
      live: { kind: 'own', mapId, ownerId: map.ownerId },
    }),
    [mapId, map.ownerId],
  );
  const auto = useAutosave(ctl, keyOf(mapId), studentId, draft ? draft.baseVersion : map.version, {
    restoring: !!draft && !readOnly,
    save: saveByKey,
    saveAsPageGoes: saveByKeyAsPageGoes,
    routes,
    room,
    // removed from a classmate's map, or the map sent to 回收站 from another page: said, and the
    // map stays on screen read-only (nothing more can be saved)
    onLiveClosed: (reason) =>
      void (async () => {
        await lostEdits.lose(reason, reason);
        setClosed(reason);
        setRole('view');
        await ctl.open(await ctl.engine.toKm(), true, { keepPlace: true });
      })(),
    onTypingLost: (reason, text) => lostEdits.tell(reason, [text]),
    // the owner changed the role: the map is opened again as it is on the server, editable or not
    onRole: (next) =>
      void (async () => {
        // made 只读: what was not saved yet is not saved later (shown, to be copied)
        if (next === 'view') await lostEdits.lose(MADE_READ_ONLY, `${MADE_READ_ONLY}：这张导图现在只能查看`);
        else await auto.flush();
        setRole(next);
        const server = await showOwnMap(mapId);
        await auto.openServer(server, next === 'view', { keepPlace: true });
        if (next === 'edit') toast.warning(MADE_EDITABLE, 8000);
      })(),
  });
  const lostEdits = useLostEdits(
    () => auto.dropUnsaved(),
    () => ctl.focusMap(),
  );
  const peers = usePresence(ctl, room);
  const attempts = useRef(0);
  useTitleDetail('/personal/myMap', map.title); // the tab says which map: `生物 - 我的导图 - 学图`
  const history = useVersionHistory(auto.state);

  /** Opens the draft (if any) else the server map; a retry (重试) fetches the server map again. */
  const load = async () => {
    const retry = attempts.current++ > 0;
    const server = retry ? await showOwnMap(mapId) : map;
    await openDraftOrServer({
      ctl,
      server,
      draft: retry || readOnly ? undefined : draft,
      readOnly: server.access === 'view',
      openServer: auto.openServer,
      restoring: auto.restoring,
      restoredWhole: auto.restoredWhole,
    });
  };

  const [shareOpen, setShareOpen] = useState(false);
  const shareRef = useMemo(() => ({ kind: 'own' as const, mapId }), [mapId]);

  const linked = map.courseId
    ? { href: withQuery('/course/detail', { id: map.courseId }), text: `课程：${map.courseName}` }
    : map.caseId
      ? { href: withQuery('/project/detail', { id: map.caseId }), text: `案例：${map.caseName}` }
      : null;

  return (
    <div className="mind-page">
      <div className="mind-page__head">
        <h1>{role === 'owner' ? '我的导图' : '共享给我的导图'}</h1>
        {closed ? (
          // kept on a phone too, like a member's role below: why nothing edits any more
          <span className="mind-page__note mind-page__note--keep" role="status">
            {closed}：这里只能查看打开时的内容
          </span>
        ) : (
          <span className={role === 'owner' ? 'mind-page__note' : 'mind-page__note mind-page__note--keep'}>
            {role === 'owner' ? '修改会自动保存' : `由${map.ownerName}共享 · ${ROLE_LABEL[role]}${role === 'edit' ? '，修改会自动保存' : ''}`}
          </span>
        )}
        {closed ? null : map.access === 'owner' ? (
          <button type="button" className="mind-toolbar__btn" aria-haspopup="dialog" onClick={() => setShareOpen(true)}>
            共享
          </button>
        ) : (
          <LeaveButton map={shareRef} ownerId={map.ownerId} flush={auto.flush} leave={auto.leave} then="/personal/myMaps" />
        )}
        {!closed && <VersionHistoryButton history={history} />}
        <PresenceBar ctl={ctl} peers={peers} ownMemberId={room.memberId} />
        {lostEdits.dialog}
        {linked && <Link href={linked.href}>{linked.text}</Link>}
        <Link href="/personal/myMaps">返回我的导图</Link>
      </div>
      <div className="mind-page__main">
        <MindEditorView
          ctl={ctl}
          load={load}
          onError={(m) => toast.error(m)}
          extraMarks={(id) => presenceMarks(peers, id, room.memberId)}
          toolbarExtra={<SaveStatus state={auto.state} retry={auto.retry} />}
        />
        <VersionHistoryPanel history={history} ctl={ctl} source={ownVersions(mapId)} keep={() => auto.keep()} />
      </div>
      <ConflictDialog open={auto.conflict} onServer={() => void auto.takeServer()} onMine={() => void auto.keepMine()} />
      {map.access === 'owner' && <ShareDialog open={shareOpen} onClose={() => setShareOpen(false)} map={shareRef} />}
    </div>
  );
}
