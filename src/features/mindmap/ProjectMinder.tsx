import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearchParams } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { session } from '../../app/session/session-store';
import { toast } from '../../app/ui/toast-store';
import { ApiFailure, useRemote } from '../../app/ui/use-remote';
import { checkIssue, EXPERIENCE_MSG, showMind } from './api';
import { SAVE_LABEL } from './editor/autosave';
import type { EditorController } from './editor/controller';
import { draftKey, draftWorthRestoring, type Draft } from './editor/draft-store';
import { ConflictDialog } from './editor/dialogs';
import { MindEditorView } from './editor/MindEditorView';
import { MapGate } from './MapGate';
import { OutlinePanel } from './OutlinePanel';
import { useController } from './use-controller';
import { assertCaseOpen } from './use-case-gate';
import { drafts, useAutosave } from './use-autosave';

/** /project/minder?caseId= : the student's own study map (from the official one until first saved), autosaved. */
export function ProjectMinder() {
  const [params] = useSearchParams();
  const caseId = params.get('caseId') ?? '';
  const { user } = useSnapshot(session);
  const studentId = user?.userId ?? '';
  const remote = useRemote(async () => {
    await assertCaseOpen(caseId, studentId);
    const issue = await checkIssue(caseId);
    if (!issue.issued) throw new ApiFailure('该案例暂未发布思维导图', 404);
    const key = draftKey(studentId, caseId);
    const [mind, stored] = await Promise.all([showMind(caseId), drafts().get(key).catch(() => undefined)]);
    if (stored && !draftWorthRestoring(stored, mind.document)) await drafts().delete(key).catch(() => {});
    return { mind, draft: draftWorthRestoring(stored, mind.document) ? stored : undefined };
  }, [caseId, studentId]);
  return (
    <MapGate remote={remote} label="我的学习导图">
      {(d) => <MinderScreen key={caseId} caseId={caseId} studentId={studentId} {...d} />}
    </MapGate>
  );
}

type Loaded = { caseId: string; studentId: string; mind: Awaited<ReturnType<typeof showMind>>; draft: Draft | undefined };

function MinderScreen(props: Loaded) {
  const ctl = useController();
  return ctl ? <MinderEditor ctl={ctl} {...props} /> : null;
}

const DRAFT_UNREADABLE = '上次未保存的修改无法恢复（内容已损坏），已打开服务器上的导图';

function MinderEditor({ ctl, caseId, studentId, mind, draft }: Loaded & { ctl: EditorController }) {
  // The experience account (customerType 1) may try the editor; the server refuses its saves
  // with the SPEC §6 message, which the autosaver says once.
  const startVersion = draft ? draft.baseVersion : mind.version;
  const auto = useAutosave(ctl, caseId, studentId, startVersion);
  const [outline, setOutline] = useState(false);
  const attempts = useRef(0);

  /** Opens the draft (if any) else the server map; a retry (重试) fetches the server map again. */
  const load = async () => {
    const retry = attempts.current++ > 0;
    if (draft && !retry) {
      try {
        await ctl.open(draft.document, false);
        toast.warning('已恢复上次未保存的修改', 6000);
        auto.markDirty();
        return;
      } catch (e) {
        // Said, not dropped: the draft stays stored until a save of the server map replaces it.
        console.warn('draft could not be opened:', e);
        toast.error(DRAFT_UNREADABLE, 8000);
      }
    }
    const server = retry ? await showMind(caseId) : mind;
    await ctl.open(server.document, false);
    if (draft || retry) auto.rebase(server.version);
  };

  return (
    <div className="mind-page">
      <div className="mind-page__head">
        <h1>我的学习导图</h1>
        <span className="mind-page__note">{mind.isOfficial ? '从官方导图开始，修改后自动保存为你的导图' : '修改会自动保存'}</span>
        <button type="button" className="mind-toolbar__btn" aria-pressed={outline} aria-controls="mind-outline-panel" onClick={() => setOutline(!outline)}>
          编辑大纲
        </button>
        <Link href={withQuery('/project/mindDetail', { caseId })}>知识点详情</Link>
        <Link href={withQuery('/project/detail', { id: caseId })}>返回案例</Link>
      </div>
      <div className="mind-page__main">
        <MindEditorView
          ctl={ctl}
          load={load}
          onError={(m) => (m === EXPERIENCE_MSG ? toast.warning(m) : toast.error(m))}
          toolbarExtra={
            <span className={`mind-save is-${auto.state}`} role="status" aria-label="保存状态">
              {SAVE_LABEL[auto.state]}
            </span>
          }
        />
        <div id="mind-outline-panel" hidden={!outline}>
          {outline && <OutlinePanel ctl={ctl} caseId={caseId} flush={auto.flush} />}
        </div>
      </div>
      <ConflictDialog open={auto.conflict} onServer={() => void auto.takeServer()} onMine={() => void auto.keepMine()} />
    </div>
  );
}
