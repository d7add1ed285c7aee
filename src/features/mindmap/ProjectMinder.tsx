import { useEffect, useMemo, useRef, useState } from 'react';
import './map-host';
import { useSnapshot } from 'valtio';
import { Link, useSearchParams } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { session } from '../../app/session/session-store';
import { toast } from '../../app/ui/toast-store';
import { ApiFailure, errorText, useRemote } from '../../app/ui/use-remote';
import { caseVersions, checkIssue, EXPERIENCE_MSG, learntOf, markLearntByHand, queryNodeBasic, showMind, studyNodeIds } from './api';
import { useLiveProgress } from './use-live-progress';
import { useNowGuard } from './use-now-guard';
import {
  type EditorController,
  draftWorthRestoring,
  type Draft,
  ConflictDialog,
  MindEditorView,
  MasteryHeat,
  cardsLeftOut,
  useController,
} from '../../mindmap';
import { MapGate } from './MapGate';
import { useVersionHistory, VersionHistoryButton, VersionHistoryPanel } from './VersionHistory';
import { OutlinePanel } from './OutlinePanel';
import { RecallDialog } from './RecallDialog';
import { NextStepCard } from '../../app/study/NextStepCard';
import { useMapMastery } from './use-map-mastery';
import { useMapReview } from './use-map-review';
import { PresenceRoom } from './presence-room';
import { presenceMarks, usePresence } from './use-presence';
import { PresenceBar } from './PresenceBar';
import { DUE_MARK, ReviewPanel } from './ReviewPanel';
import { assertCaseOpen } from './use-case-gate';
import { userKnown } from '../../app/session/auth-actions';
import { useAutosave } from './use-autosave';
import { drafts, minderDraftKey, openableDraft } from './map-drafts';
import { openDraftOrServer } from './draft-opening';
import { MinderSharing } from './MinderSharing';
import { MADE_EDITABLE, MADE_READ_ONLY, useLostEdits } from './LostEditsDialog';
import { sharedCaseMap } from './share-api';
import type { SharedMap } from '../../contract/sharing';
import { SaveStatus } from './save-status';

const USER_UNREAD = '未能读取登录信息，请检查网络后重试';

/** /project/minder?caseId= : the student's own study map (from the official one until first saved), autosaved. */
export function ProjectMinder() {
  const [params] = useSearchParams();
  const caseId = params.get('caseId') ?? '';
  const { user } = useSnapshot(session);
  const studentId = user?.userId ?? '';
  // ?owner=: a classmate's study map of the case, shared with the student (共享给我的)
  const asked = params.get('owner') ?? '';
  const ownerId = asked && asked !== studentId ? asked : '';
  const remote = useRemote(async () => {
    // A tab opened on the map reads the signed-in user first (the token outlives the tab, the user
    // does not): the drafts read are that student's, so the map waits for it — and loads again
    // once it is known (studentId).
    if (!studentId) {
      if (!(await userKnown())) throw new ApiFailure(USER_UNREAD, 0);
      return new Promise<never>(() => {});
    }
    // Every read starts at once (one round trip, not four in a row, before the map is drawn);
    // they are taken in the order of the gates, so a refusal is said as it was: the case closed,
    // then the share, then no map issued (a later read may fail for the same reason: not shown).
    const key = minderDraftKey(studentId, caseId, ownerId || studentId);
    const mindRead = showMind(caseId, false, ownerId || undefined);
    // (no longer shared: said as the server refuses the map, which knows a former member from anyone else)
    const sharedRead = ownerId ? sharedCaseMap(caseId, ownerId, mindRead) : Promise.resolve(undefined);
    const issueRead = checkIssue(caseId, ownerId || undefined);
    const mapReads = Promise.all([
      mindRead,
      drafts()
        .list(key)
        .catch(() => []),
      queryNodeBasic(caseId),
    ]);
    for (const read of [sharedRead, issueRead, mapReads]) read.catch(() => {});
    await assertCaseOpen(caseId, studentId);
    const shared = await sharedRead;
    const issue = await issueRead;
    if (!issue.issued) throw new ApiFailure('该案例暂未发布思维导图', 404);
    const [mind, stored, nodes] = await mapReads;
    const draft = await openableDraft(stored, (d) => draftWorthRestoring(d, mind.document, mind.wholeSaveId));
    // The official nodes the student kept (same ids) count towards each branch's progress.
    return {
      caseId,
      shared,
      mind,
      draft,
      study: studyNodeIds(nodes),
      official: new Set(nodes.map((n) => n.nodeId)),
      learnt: learntOf(nodes),
    };
  }, [caseId, studentId, ownerId]);
  return (
    <MapGate remote={remote} label="我的学习导图" caseId={caseId}>
      {(d) => <MinderScreen key={`${d.caseId}@${ownerId}`} studentId={studentId} recallAsked={params.get('recall') ?? ''} {...d} />}
    </MapGate>
  );
}

type Loaded = {
  caseId: string;
  /** a classmate's map shared with the student: whose, and the student's role on it */
  shared?: SharedMap;
  studentId: string;
  mind: Awaited<ReturnType<typeof showMind>>;
  draft: Draft | undefined;
  study: string[];
  /** The official map's node ids: a ✓ on one of them is the server's to grant. */
  official: ReadonlySet<string>;
  /** Learnt on the server when opened; later ones arrive live (use-live-progress). */
  learnt: string[];
  /** ?recall=<branch>: 下一步's 回忆练习, started once the map is open. */
  recallAsked: string;
};

function MinderScreen(props: Loaded) {
  const ctl = useController();
  return ctl ? <MinderEditor ctl={ctl} {...props} /> : null;
}

function MinderEditor({ ctl, caseId, shared, studentId, mind, draft, study, official, learnt, recallAsked }: Loaded & { ctl: EditorController }) {
  // The experience account (customerType 1) may try the editor; the server refuses its saves
  // with the SPEC §6 message, which the autosaver says once.
  const startVersion = draft ? draft.baseVersion : mind.version;
  // Who else has this map open (classmates it is shared with, the student's other tabs): heard on the live socket.
  const room = useMemo(() => new PresenceRoom(), []);
  const [role, setRole] = useState(shared?.role ?? 'edit');
  /** removed from the classmate's map while it was open (said in the header, not only a toast) */
  const [removed, setRemoved] = useState(false);
  const readOnly = role === 'view';
  const owner = shared?.ownerId;
  const auto = useAutosave(ctl, caseId, studentId, startVersion, {
    restoring: !!draft,
    room,
    ownerId: owner,
    // removed from a classmate's map: said, and the map stays on screen read-only (nothing more can be saved)
    onLiveClosed: (reason) =>
      void (async () => {
        if (!shared) return void toast.warning(reason, 8000);
        await lostEdits.lose(reason, reason);
        setRole('view');
        setRemoved(true);
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
        const server = await showMind(caseId, false, owner);
        await auto.openServer(server, next === 'view', { keepPlace: true });
        await ctl.doc.setStudyNodes(study);
        if (next === 'edit') toast.warning(MADE_EDITABLE, 8000);
      })(),
  });
  const lostEdits = useLostEdits(
    () => auto.dropUnsaved(),
    () => ctl.focusMap(),
  );
  const peers = usePresence(ctl, room);
  const [outline, setOutline] = useState(false);
  const attempts = useRef(0);
  useStudyGuard(ctl, caseId, official);
  useNowGuard(ctl, caseId, owner);
  useLiveProgress(ctl, caseId, learnt);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [reviewTick, setReviewTick] = useState(0);
  const [recallBranch, setRecallBranch] = useState<string | null>(null);
  const reviewButton = useRef<HTMLButtonElement>(null);
  const closeReview = () => {
    setReviewOpen(false);
    reviewButton.current?.focus();
  };
  // 历史版本 reads its list again after each completed save; mastery and 下一步 follow the same tick.
  const history = useVersionHistory(auto.state);
  const { savedTick } = history;

  // Review cards follow the saved map (a node marked 已学 gets one): asked again after each save.
  const review = useMapReview(caseId, auto.state === 'saved', reviewTick);

  // Due nodes carry the 待复习 mark on the canvas too (the outline tree's rows say it).
  useEffect(() => ctl.doc.setReviewDue(review.due), [ctl, review.due]);
  // Mastery follows the same events as the review marks: a save, a grade, a 回忆练习.
  const mastery = useMapMastery(ctl, caseId, `${savedTick}:${reviewTick}`);
  const [heat, setHeat] = useState(false);
  useEffect(() => ctl.doc.setHeatMap(heat), [ctl, heat]);

  /** Opens the draft (if any) else the server map; a retry (重试) fetches the server map again. */
  const load = async () => {
    const retry = attempts.current++ > 0;
    const server = retry ? await showMind(caseId) : mind;
    const afterOpen = () => ctl.doc.setStudyNodes(study);
    await openDraftOrServer({
      ctl,
      server,
      draft: retry ? undefined : draft,
      readOnly,
      afterOpen,
      openServer: auto.openServer,
      restoring: auto.restoring,
      restoredWhole: auto.restoredWhole,
    });
  };

  const asked = useRef(recallAsked);
  const loadThenRecall = async () => {
    await load();
    const branch = asked.current;
    asked.current = '';
    if (branch && ctl.model.get(branch)) setRecallBranch(branch);
  };

  return (
    <div className="mind-page">
      <div className="mind-page__head">
        <h1>{shared ? '共享给我的学习导图' : '我的学习导图'}</h1>
        {!shared && <span className="mind-page__note">{mind.isOfficial ? '从官方导图开始，修改后自动保存为你的导图' : '修改会自动保存'}</span>}
        <MinderSharing caseId={caseId} shared={shared && { ...shared, role }} removed={removed} flush={auto.flush} leave={auto.leave} />
        <PresenceBar ctl={ctl} peers={peers} ownMemberId={room.memberId} />
        {lostEdits.dialog}
        {!shared && (
          <button type="button" className="mind-toolbar__btn" aria-pressed={outline} aria-controls="mind-outline-panel" onClick={() => setOutline(!outline)}>
            编辑大纲
          </button>
        )}
        <button
          type="button"
          className="mind-toolbar__btn"
          ref={reviewButton}
          aria-pressed={reviewOpen}
          aria-controls="mind-review-panel"
          onClick={() => setReviewOpen(!reviewOpen)}
        >
          待复习 {review.due.size}
        </button>
        <button type="button" className="mind-toolbar__btn" aria-pressed={heat} aria-controls="mind-mastery-panel" onClick={() => setHeat(!heat)}>
          掌握度
        </button>
        {!shared && <VersionHistoryButton history={history} />}
        <Link href={withQuery('/project/mindDetail', { caseId })}>知识点详情</Link>
        <Link href={withQuery('/project/detail', { id: caseId })}>返回案例</Link>
      </div>
      <NextStepCard caseId={caseId} compact tick={`${savedTick}:${reviewTick}:${review.due.size}`} onRecall={setRecallBranch} />
      <div id="mind-mastery-panel" hidden={!heat}>
        {heat && <MasteryHeat ctl={ctl} data={mastery} />}
      </div>
      <div className="mind-page__main">
        <MindEditorView
          ctl={ctl}
          load={loadThenRecall}
          onError={(m) => (m === EXPERIENCE_MSG ? toast.warning(m) : toast.error(m))}
          extraMarks={(id) => [...(review.due.has(id) ? [DUE_MARK] : []), ...presenceMarks(peers, id, room.memberId)]}
          retiredByImport={() => cardsLeftOut(ctl, [...review.due, ...review.scheduled])}
          onRecall={setRecallBranch}
          toolbarExtra={<SaveStatus state={auto.state} retry={auto.retry} />}
        />
        <div id="mind-review-panel" hidden={!reviewOpen}>
          {reviewOpen && <ReviewPanel ctl={ctl} caseId={caseId} review={review} onChanged={() => setReviewTick((t) => t + 1)} onClose={closeReview} />}
        </div>
        <VersionHistoryPanel history={history} ctl={ctl} source={caseVersions(caseId)} keep={() => auto.keep()} />
        <div id="mind-outline-panel" hidden={!outline}>
          {outline && <OutlinePanel ctl={ctl} caseId={caseId} flush={auto.flush} />}
        </div>
      </div>
      {recallBranch && (
        <RecallDialog ctl={ctl} caseId={caseId} branchId={recallBranch} onClose={() => setRecallBranch(null)} onRecorded={() => setReviewTick((t) => t + 1)} />
      )}
      <ConflictDialog open={auto.conflict} onServer={() => void auto.takeServer()} onMine={() => void auto.keepMine()} />
    </div>
  );
}

/**
 * 标记已学 on a node of the official map goes to the server first (issue 22 item 4): a node with
 * required resources is refused with what remains, and no ✓ is set; a node without them is
 * recorded, so the tick counts wherever progress is shown. Taking a ✓ back is recorded too, so
 * the case percentage drops everywhere (and the ✓ does not come back on the next open). The
 * student's own new nodes are theirs.
 */
function useStudyGuard(ctl: EditorController, caseId: string, official: ReadonlySet<string>) {
  useEffect(
    () =>
      ctl.events.on('markingLearnt', async (ids, on) => {
        for (const id of ids) {
          if (!official.has(id)) continue;
          try {
            await markLearntByHand(caseId, id, on);
          } catch (e) {
            return errorText(e);
          }
        }
        return null;
      }),
    [ctl, caseId, official],
  );
}
