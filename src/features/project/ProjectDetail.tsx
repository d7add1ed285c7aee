import { NextStepCard } from '../../app/study/NextStepCard';
import { useSnapshot } from 'valtio';
import { Link, useSearchParams } from 'wouter';
import { fetchCase, fetchCaseNodes } from '../../app/cases/case-api';
import { withQuery } from '../../app/router/hash-location';
import { session } from '../../app/session/session-store';
import { BusyButton } from '../../app/ui/BusyAction';
import { DetailHero, Panel, DetailStatus } from '../../app/ui/Detail';
import { useRemote } from '../../app/ui/use-remote';
import { GRADUATED_MSG, refuseGraduated } from './access';
import { fetchRanking } from './api';
import { FILE_TYPE_LABEL, visibleNodes } from './case-helpers';
import { GraduatedRefusal } from './GraduatedRefusal';
import { ProjectNodes } from './ProjectNodes';
import { Ranking } from './Ranking';
import { useCaseStudy } from './use-case-study';
import './project.css';

const DIFFICULTY = ['', '入门', '初级', '中级', '高级', '专家'];

/** /project/detail?id= : intro, knowledge points with resources, apply, ranking; graduated students are refused. */
export function ProjectDetail() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { user } = useSnapshot(session);
  const studentId = user?.userId;
  const detail = useRemote(async () => {
    // The access check runs first: a graduated student must not even load the case (SPEC §6).
    await refuseGraduated(id, studentId);
    const [info, nodes, ranking] = await Promise.all([fetchCase(id), fetchCaseNodes(id), fetchRanking(id)]);
    return { id, info, nodes, ranking };
  }, [id, studentId]);
  const { busy, join, openResource } = useCaseStudy(detail.data?.info, detail.reload, '报名成功，开始学习吧！');

  // useRemote keeps the last data while (and when failing) loading another id: another case's
  // detail (and its 立即报名) must never show under this address
  if (detail.data?.id !== id) {
    if (detail.status === 'error' && detail.error === GRADUATED_MSG) {
      return (
        <div className="container detail-page">
          <GraduatedRefusal level={1} />
        </div>
      );
    }
    return <DetailStatus label="案例详情" remote={detail} back={{ href: '/project/list', label: '返回案例列表' }} />;
  }
  const { info, ranking } = detail.data;
  const nodes = visibleNodes(detail.data.nodes);
  const applied = info.applyStatus === 1;

  const counts = Object.entries(info.resourceCounts ?? {})
    .map(([code, n]) => `${FILE_TYPE_LABEL[Number(code)] ?? '文件'} ${n}`)
    .join(' · ');

  return (
    <div className="container detail">
      <DetailHero
        id="case-title"
        title={info.name}
        cover={info.cover}
        crumbs={
          <>
            <Link href="/project/list">项目案例</Link>
            {info.classifyName && (
              <>
                {' / '}
                <Link href={withQuery('/project/list', { classify: info.classifyId })}>{info.classifyName}</Link>
              </>
            )}
          </>
        }
        facts={[
          `指导教师：${info.teacherName || '—'}`,
          `难度：${DIFFICULTY[info.difficulty] ?? info.difficulty}`,
          `${info.nodeCount} 个知识点`,
          `${info.studyCount} 人在学`,
          counts ? `资源：${counts}` : null,
        ]}
        actions={
          applied ? (
            <>
              <span className="detail__signed">学习中 · 进度 {info.progress}%</span>
              <Link href={withQuery('/project/minder', { caseId: info.caseId })} className="btn btn--primary">
                我的学习导图
              </Link>
              <Link href={withQuery('/project/mindDetail', { caseId: info.caseId })} className="btn">
                知识点详情
              </Link>
            </>
          ) : (
            <BusyButton busy={busy} busyText="报名中…" onClick={() => void join(false)}>
              报名学习
            </BusyButton>
          )
        }
      />
      <div>
        {applied && <NextStepCard caseId={info.caseId} />}
        <Panel id="case-intro" title="案例介绍">
          <p className="panel__text">{info.intro || '暂无介绍'}</p>
        </Panel>
        <Panel id="case-nodes" title="知识点与学习资源">
          {nodes.length ? (
            <ProjectNodes caseId={info.caseId} nodes={nodes} chapters onOpen={(n, r) => void openResource(n, r)} />
          ) : (
            <p className="panel__text">该案例暂未发布知识点</p>
          )}
        </Panel>
      </div>
      <aside>
        <Panel id="case-ranking" title="学习排行">
          <Ranking items={ranking} total={info.studyCount} />
        </Panel>
      </aside>
    </div>
  );
}
