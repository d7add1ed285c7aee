import { useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import { fetchCase, fetchCaseNodes, type CaseNode } from '../../app/cases/case-api';
import { withQuery } from '../../app/router/hash-location';
import { BusyButton } from '../../app/ui/BusyAction';
import { DetailHero, Panel, DetailStatus } from '../../app/ui/Detail';
import { useRemote } from '../../app/ui/use-remote';
import { fetchNodeResources } from './api';
import { visibleNodes } from './case-helpers';
import { ProjectNodes } from './ProjectNodes';
import { useCaseStudy } from './use-case-study';
import './project.css';

/** The step 继续练习 resumes: the first not yet done that has resources, else the first with any. */
export function nextStep(steps: readonly CaseNode[]): CaseNode | undefined {
  const withResources = steps.filter((s) => s.resourceCount > 0);
  return withResources.find((s) => s.isStudy !== 1) ?? withResources[0];
}

/**
 * /practiceDetail?id= : a practice item opens like a case (issue 18 item 6): what the training is,
 * its steps (the map's chapters and topics) with their resources and ✓ progress, 继续练习 at the
 * next unfinished step's first resource, and the student's own map as an option.
 */
export function PracticeDetail() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useRemote(async () => {
    // A practice is a case of type 2 and its steps are its map's nodes (DESIGN §4).
    const [info, nodes] = await Promise.all([fetchCase(id), fetchCaseNodes(id)]);
    return { id, info, nodes };
  }, [id]);
  // the experience account and finished practices are refused by the service with its own message
  const { busy, run, join, openResource, applied } = useCaseStudy(detail.data?.info, detail.reload, '已加入练习，按步骤完成吧！', 'warning');
  const stepsRef = useRef<HTMLDivElement>(null);

  if (detail.data?.id !== id) {
    return <DetailStatus label="实践训练详情" remote={detail} back={{ href: '/practice', label: '返回实践训练' }} />;
  }
  const { info } = detail.data;
  const steps = visibleNodes(detail.data.nodes);
  const done = steps.filter((s) => s.isStudy === 1).length;
  const percent = steps.length ? Math.round((done / steps.length) * 100) : 0;

  const resume = () =>
    run(async () => {
      const step = nextStep(steps);
      // a link would open in a tab after the await, which browsers block: resume at a resource shown here
      const first = step ? (await fetchNodeResources(info.caseId, step.nodeId)).find((r) => Number(r.fileSuffixCode) !== 2) : undefined;
      if (step && first) await openResource(step, first);
      else stepsRef.current?.scrollIntoView({ block: 'start' });
    });

  return (
    <div className="container detail">
      <DetailHero
        id="practice-title"
        title={info.name}
        cover={info.cover}
        crumbs={<Link href="/practice">实践训练</Link>}
        facts={[
          `指导教师：${info.teacherName || '—'}`,
          `${steps.length} 个步骤`,
          `${info.studyCount} 人练习`,
          applied ? `已完成 ${done}/${steps.length}` : null,
        ]}
        actions={
          applied ? (
            <>
              <BusyButton busy={busy} busyText="打开中…" onClick={() => void resume()}>
                继续练习
              </BusyButton>
              <Link href={withQuery('/project/minder', { caseId: info.caseId })} className="btn">
                我的练习导图
              </Link>
            </>
          ) : info.applyStatus === 2 ? (
            <span className="detail__signed">已完成该训练</span>
          ) : (
            <BusyButton busy={busy} busyText="加入中…" onClick={() => void join(true, true)}>
              开始练习
            </BusyButton>
          )
        }
      />
      <div ref={stepsRef}>
        <Panel id="practice-intro" title="训练说明">
          <p className="panel__text">{info.intro || '暂无说明'}</p>
        </Panel>
        <Panel id="practice-steps" title="训练步骤">
          {steps.length ? (
            <ProjectNodes caseId={info.caseId} nodes={steps} onOpen={(n, r) => void openResource(n, r)} />
          ) : (
            <p className="panel__text">步骤正在准备中</p>
          )}
        </Panel>
      </div>
      <aside>
        <Panel id="practice-progress" title="练习进度">
          {applied ? (
            <>
              <div className="practice-progress" role="progressbar" aria-label="练习进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                <span style={{ width: `${percent}%` }} />
              </div>
              <p className="panel__text">
                已完成 {done} / {steps.length} 个步骤（{percent}%）
              </p>
              <p className="panel__text">打开步骤中的资源即完成该步骤；也可以在我的练习导图中整理思路。</p>
            </>
          ) : (
            <p className="panel__text">{info.applyStatus === 2 ? '你已完成该训练' : `共 ${steps.length} 个步骤，开始练习后在这里查看进度`}</p>
          )}
        </Panel>
      </aside>
    </div>
  );
}
