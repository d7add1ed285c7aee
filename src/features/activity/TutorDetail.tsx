import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { RESULT_OK } from '../../app/http/client';
import { useHoldFooter } from '../../app/layout/footer-hold';
import { getLocal, setLocal, STORAGE_KEYS } from '../../app/lib/storage';
import { avatarUrl } from '../../app/ui/avatar';
import { Panel } from '../../app/ui/Detail';
import { ListStatus } from '../../app/ui/ListStatus';
import { toast } from '../../app/ui/toast-store';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import { cancelSignUp, pageTutors, tutorDetail, wholeTutorList, type SignUpStatus, type Tutor } from './api';
import { detailHref } from './ActivityArea';
import { ConfirmDialog } from '../../app/ui/ConfirmDialog';
import { SignUpDialog } from './SignUpDialog';
import { findActiveSignUp, STATUS_LABEL, statusActions } from './signup-rules';
import { TutorVideo } from './TutorVideo';
import './activity.css';

/** The last tutor shown (SPEC §3 stores the tutor detail locally): shown at once on a reload. */
function cachedTutor(uid: string): Tutor | undefined {
  const t = getLocal<Tutor>(STORAGE_KEYS.tutorDetail);
  return t && t.uuid === uid ? t : undefined;
}

/** TutorDetail (`/tutorDetail?id&uid&isSignIn&isDone`): résumé, intro video and sign-up (SPEC §2, §4). */
export function TutorDetail() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const uid = params.get('uid') || id;
  const state = useRemote(() => tutorDetail(uid).then(unwrap), [uid]);
  const cached = useMemo(() => cachedTutor(uid), [uid]);
  // Cancel success sets status 3 here (SPEC §4) until the next load answers.
  const [override, setOverride] = useState<{ status: SignUpStatus; application?: Tutor['application'] }>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [busy, setBusy] = useState(false);

  const loaded = state.data ?? cached;
  const tutor = loaded && override ? { ...loaded, ...override } : loaded;
  useHoldFooter(!tutor && state.status === 'loading');

  useEffect(() => setOverride(undefined), [state.data]);
  useEffect(() => {
    if (tutor && state.data) setLocal(STORAGE_KEYS.tutorDetail, tutor);
  }, [tutor, state.data]);

  const cancel = async () => {
    setBusy(true);
    try {
      const res = await cancelSignUp(uid);
      if (res.resultCode === RESULT_OK) {
        // 重新报名 starts from the cancelled application, which the detail brings: the button
        // appears with it, so a quick click never opens the form from the profile instead.
        const fresh = await tutorDetail(uid).then(unwrap, () => undefined);
        setOverride({ status: 3, application: fresh?.application });
        toast.success('取消导师报名成功！');
        state.reload();
      } else toast.error(res.errMsg);
    } catch {
      toast.error('取消失败，请检查网络后重试');
    } finally {
      setBusy(false);
    }
  };

  const submitted = () => {
    setDialogOpen(false);
    toast.success('导师报名信息提交成功！');
    state.reload();
  };

  return (
    <div className="container tutor-detail">
      <nav className="tutor-detail__crumbs" aria-label="位置">
        <Link href="/activity">导师活动</Link> / <span aria-current="page">导师详情</span>
      </nav>
      <ListStatus
        status={tutor ? 'ok' : state.status}
        hasData={!!tutor}
        error={state.error}
        onRetry={state.reload}
        label="导师详情"
        refused={{ resultCode: state.status === 'error' ? state.resultCode : undefined, back: { href: '/activity', label: '返回导师活动' } }}
      >
        {tutor && (
          <>
            <TutorHeader
              tutor={tutor}
              onCancel={() => setConfirmCancel(true)}
              onApply={() => setDialogOpen(true)}
              busy={busy}
              isSignIn={params.get('isSignIn') ?? tutor.isSignIn}
              isDone={params.get('isDone')}
            />
            <Panel id="tutor-intro-title" title="导师介绍">
              <TutorIntro tutor={tutor} />
            </Panel>
            <SignUpDialog open={dialogOpen} onOpenChange={setDialogOpen} teacherId={id || tutor.uuid} application={tutor.application} onSubmitted={submitted} />
            <ConfirmDialog
              open={confirmCancel}
              onOpenChange={setConfirmCancel}
              title="取消导师报名？"
              description={`确定取消向${tutor.name}老师提交的报名申请吗？取消后可以重新报名。`}
              cancelLabel="暂不取消"
              confirmLabel="确定取消"
              onConfirm={() => void cancel()}
            />
          </>
        )}
      </ListStatus>
    </div>
  );
}

interface HeaderProps {
  tutor: Tutor;
  isSignIn: string | number | null;
  isDone: string | null;
  busy: boolean;
  onCancel(): void;
  onApply(): void;
}

function TutorHeader({ tutor, isSignIn, isDone, busy, onCancel, onApply }: HeaderProps) {
  const { label, action } = statusActions({ status: tutor.status, signStatus: tutor.signStatus, isSignIn, isDone });
  const facts: [string, string][] = [
    ['职称', tutor.technicalPosition],
    ['出生日期', tutor.birthday],
    ['学历', tutor.education],
    ['学位', tutor.degree],
    ['一级学科', tutor.firstDiscipline],
    ['二级学科', tutor.secondaryDiscipline],
  ];
  return (
    <section className="tutor-head" aria-labelledby="tutor-name">
      <img className="tutor-head__avatar" src={avatarUrl(tutor.avatar, tutor.sex)} alt={`${tutor.name}的头像`} width={120} height={120} />
      <div className="tutor-head__info">
        <h1 id="tutor-name" className="tutor-head__name">
          {tutor.name}
          {tutor.signStatus === 1 && <span className="tutor-badge">已满</span>}
        </h1>
        <dl className="tutor-head__facts">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v || '—'}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="tutor-head__actions">
        {label && <span className={`tutor-status tutor-status--${tutor.status}`}>{label}</span>}
        {action === 'cancel' && (
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            取消申请
          </button>
        )}
        {(action === 'apply' || action === 'reapply') && (
          <button type="button" className="btn btn--primary" onClick={onApply}>
            {action === 'apply' ? '立即报名' : '重新报名'}
          </button>
        )}
        {!label &&
          !action &&
          (Number(tutor.signStatus) === 1 ? <p className="tutor-head__why">该导师名额已满，请选择其他导师</p> : <OtherSignUp tutorId={tutor.uuid} />)}
      </div>
    </section>
  );
}

/**
 * Why there is no 立即报名 (issue 18 item 8): the student already has an application with another
 * tutor (one at a time, SPEC §3): name it, with its status and a link to it.
 */
function OtherSignUp({ tutorId }: { tutorId: string }) {
  const other = useRemote(async () => {
    const first = unwrap(await pageTutors(1));
    return (await findActiveSignUp(first, wholeTutorList)) ?? null;
  }, [tutorId]);
  if (other.status === 'loading') return null;
  const t = other.data;
  return (
    <p className="tutor-head__why" role="note">
      {t && t.uuid !== tutorId ? (
        <>
          你已报名导师 {t.name}（{STATUS_LABEL[t.status as SignUpStatus]}），同一时间只能报名一位导师。
          <Link href={detailHref(t, t)}>查看我的导师报名</Link>
        </>
      ) : (
        <>
          你已有导师报名，同一时间只能报名一位导师。<Link href="/activity">查看导师活动</Link>
        </>
      )}
    </p>
  );
}

function TutorIntro({ tutor }: { tutor: Tutor }) {
  const sections: [string, string][] = [
    ['工作经历', tutor.workExperience],
    ['研究领域', tutor.field],
    ['科研项目', tutor.projectInfo],
    ['论文/专利', tutor.patentWorks],
    ['获奖情况', tutor.awardInfo],
    ['联系方式', [tutor.phone, tutor.email].filter(Boolean).join(' | ')],
  ];
  return (
    <div className="tutor-intro">
      {tutor.videoIntro && <TutorVideo videoId={tutor.videoIntro} title={`${tutor.name}的介绍视频`} />}
      {sections.map(([title, text]) => (
        <section key={title} className="tutor-intro__section">
          <h3>{title}</h3>
          <p>{text || '暂无'}</p>
        </section>
      ))}
    </div>
  );
}
