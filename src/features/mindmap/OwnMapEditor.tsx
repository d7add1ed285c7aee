import { useEffect, useMemo, useRef, useState } from 'react';
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
  download,
  fileBase,
  MindEditorView,
  useController,
} from '../../mindmap';
import { HistoryPanel } from './HistoryPanel';
import { SaveStatus } from './save-status';
import { LeaveButton } from './LeaveButton';
import { drafts, useAutosave } from './use-autosave';
import { keepOwnVersion, ownVersions, saveOwnMap, showOwnMap, type OwnMap } from './own-map-api';
import { ShareDialog } from './ShareDialog';
import { ROLE_LABEL } from './share-api';
import './map-host';

// An own map (我的导图) in the case maps' editor: the same canvas, toolbar, import/export and
// 历史版本, autosaved through useAutosave with its own save (the whole document and the version it
// was edited from, /api/mymaps/save) under its own draft key. What belongs to studying a case —
// progress from the server, 待复习 marks, 回忆练习, the 已学 guard — is not wired: a ✓ on an own
// map is the student's own mark and counts nowhere else.

/** useAutosave's map key for an own map: drafts never share a key with a case's study map. */
const keyOf = (mapId: string) => `own:${mapId}`;
/** Stable (useAutosave's effect depends on it): the key carries the map id. */
const saveByKey = (key: string, doc: KmDocument, version: number) => saveOwnMap(key.slice('own:'.length), doc, version);

const DRAFT_UNREADABLE = '上次未保存的修改无法恢复（内容已损坏），已打开服务器上的导图';

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
        .get(key)
        .catch(() => undefined),
    ]);
    const draft = draftWorthRestoring(stored, map.document) ? stored : undefined;
    if (stored && !draft)
      await drafts()
        .delete(key)
        .catch(() => {});
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
        refused={{ resultCode: remote.status === 'error' ? remote.resultCode : undefined, back: { href: '/personal/myMaps', label: '返回我的导图' } }}
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
  // An own map is saved whole (its route takes the document and the version it replaces).
  const auto = useAutosave(ctl, keyOf(mapId), studentId, draft ? draft.baseVersion : map.version, { save: saveByKey, byChanges: false });
  const attempts = useRef(0);
  useTitleDetail('/personal/myMap', map.title); // the tab says which map: `生物 - 我的导图 - 学图`
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyButton = useRef<HTMLButtonElement>(null);
  const [savedTick, setSavedTick] = useState(0);
  useEffect(() => {
    if (auto.state === 'saved') setSavedTick((t) => t + 1);
  }, [auto.state]);

  /** 保留当前版本, and before an import or a restore: pending edits saved, then the saved map kept. */
  const keep = async (silent = false): Promise<number | null> => {
    await ctl.settled();
    const { saved, version } = await auto.flush();
    return saved ? keepOwnVersion(mapId, version, silent) : null;
  };
  const keepRef = useRef(keep);
  keepRef.current = keep;
  // Declared after useAutosave: this replaces its case-map keep (which would ask the case routes).
  useEffect(() => {
    ctl.beforeReplace = async () => void (await keepRef.current(true));
    return () => void (ctl.beforeReplace = null);
  }, [ctl]);

  const copyOf = (doc: KmDocument, suffix: string) =>
    download(`${fileBase(String(doc.root.data.text ?? ''))}-${suffix}.km`, new Blob([JSON.stringify(doc)], { type: 'application/json' }));
  /** 载入服务器版本: the server's map replaces mine, mine downloaded as a copy. */
  const takeServer = async () => {
    copyOf(await ctl.engine.toKm(), '我的版本');
    const server = await showOwnMap(mapId);
    await ctl.open(server.document, false);
    auto.rebase(server.version);
    await drafts()
      .delete(draftKey(studentId, keyOf(mapId)))
      .catch(() => {});
  };
  /** 保留我的版本: mine saved over the newer one, the server's downloaded as a copy. */
  const keepMine = async () => {
    const server = await showOwnMap(mapId);
    copyOf(server.document, '服务器版本');
    auto.rebase(server.version);
    auto.markDirty();
  };

  const load = async () => {
    const retry = attempts.current++ > 0;
    if (draft && !retry && map.access !== 'view') {
      try {
        await ctl.open(draft.document, false);
        toast.warning('已恢复上次未保存的修改', 6000);
        auto.markDirty();
        return;
      } catch (e) {
        console.warn('draft could not be opened:', e);
        toast.error(DRAFT_UNREADABLE, 8000);
      }
    }
    const server = retry ? await showOwnMap(mapId) : map;
    await ctl.open(server.document, server.access === 'view');
    if (draft || retry) auto.rebase(server.version);
  };

  const [shareOpen, setShareOpen] = useState(false);
  const shareRef = useMemo(() => ({ kind: 'own' as const, mapId }), [mapId]);

  const closeHistory = () => {
    setHistoryOpen(false);
    historyButton.current?.focus();
  };
  const linked = map.courseId
    ? { href: withQuery('/course/detail', { id: map.courseId }), text: `课程：${map.courseName}` }
    : map.caseId
      ? { href: withQuery('/project/detail', { id: map.caseId }), text: `案例：${map.caseName}` }
      : null;

  return (
    <div className="mind-page">
      <div className="mind-page__head">
        <h1>{map.access === 'owner' ? '我的导图' : '共享给我的导图'}</h1>
        <span className="mind-page__note">
          {map.access === 'owner' ? '修改会自动保存' : `由${map.ownerName}共享 · ${ROLE_LABEL[map.access]}${map.access === 'edit' ? '，修改会自动保存' : ''}`}
        </span>
        {map.access === 'owner' ? (
          <button type="button" className="mind-toolbar__btn" aria-haspopup="dialog" onClick={() => setShareOpen(true)}>
            共享
          </button>
        ) : (
          <LeaveButton map={shareRef} ownerId={map.ownerId} flush={auto.flush} then="/personal/myMaps" />
        )}
        <button
          type="button"
          className="mind-toolbar__btn"
          ref={historyButton}
          aria-pressed={historyOpen}
          aria-controls="mind-history-panel"
          onClick={() => setHistoryOpen(!historyOpen)}
        >
          历史版本
        </button>
        {linked && <Link href={linked.href}>{linked.text}</Link>}
        <Link href="/personal/myMaps">返回我的导图</Link>
      </div>
      <div className="mind-page__main">
        <MindEditorView ctl={ctl} load={load} onError={(m) => toast.error(m)} toolbarExtra={<SaveStatus state={auto.state} retry={auto.retry} />} />
        <div id="mind-history-panel" hidden={!historyOpen}>
          {historyOpen && <HistoryPanel ctl={ctl} source={ownVersions(mapId)} keep={() => keep()} savedTick={savedTick} onClose={closeHistory} />}
        </div>
      </div>
      <ConflictDialog open={auto.state === 'conflict'} onServer={() => void takeServer()} onMine={() => void keepMine()} />
      {map.access === 'owner' && <ShareDialog open={shareOpen} onClose={() => setShareOpen(false)} map={shareRef} />}
    </div>
  );
}
