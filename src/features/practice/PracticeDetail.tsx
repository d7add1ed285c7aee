import { Link, useSearchParams } from 'wouter';
import { applyCase, fetchCase, fetchCaseNodes } from '../../app/cases/case-api';
import { withQuery } from '../../app/router/hash-location';
import { BusyButton, useBusyAction } from '../../app/ui/BusyAction';
import { DetailHero, Panel, DetailStatus } from '../../app/ui/Detail';
import { StudyMark } from '../../app/ui/StudyMark';
import { toast } from '../../app/ui/toast-store';
import { useRemote } from '../../app/ui/use-remote';
import './practice.css';

/** /practiceDetail?id= : what the training is, its steps with progress, and 开始练习. */
export function PracticeDetail() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useRemote(async () => {
    // A practice is a case of type 2 and its steps are its map's nodes (DESIGN §4).
    const [info, steps] = await Promise.all([fetchCase(id), fetchCaseNodes(id)]);
    return { info, steps };
  }, [id]);
  // the experience account and finished practices are refused by the service with its own message
  const { busy, run } = useBusyAction('warning');

  if (!detail.data) {
    return <DetailStatus label="实践训练详情" remote={detail} />;
  }
  const { info } = detail.data;
  // Steps are the map's chapters and topics; the root repeats the title and deeper nodes are prompts.
  const steps = detail.data.steps.filter((s) => s.level > 1 && s.level <= 3);
  const done = steps.filter((s) => s.isStudy === 1).length;

  // Starting a practice joins it directly; there is no approval step for practice.
  const start = () =>
    run(async () => {
      await applyCase(info.caseId, true);
      toast.success('已加入练习，按步骤完成吧！');
      detail.reload();
    });

  return (
    <div className="container detail">
      <DetailHero
        id="practice-title"
        title={info.name}
        cover={info.cover}
        crumbs={<Link href="/practice">实践训练</Link>}
        facts={[`指导教师：${info.teacherName || '—'}`, `${steps.length || info.nodeCount} 个步骤`, `${info.studyCount} 人练习`, info.applyStatus === 1 ? `已完成 ${done}/${steps.length}` : null]}
        actions={
          info.applyStatus === 1 ? (
            <Link href={withQuery('/project/minder', { caseId: info.caseId })} className="btn btn--primary">
              继续练习
            </Link>
          ) : info.applyStatus === 2 ? (
            <span className="detail__signed">已完成该训练</span>
          ) : (
            <BusyButton busy={busy} busyText="加入中…" onClick={() => void start()}>
              开始练习
            </BusyButton>
          )
        }
      />
      <div>
        <Panel id="practice-intro" title="训练说明">
          <p className="panel__text">{info.intro || '暂无说明'}</p>
        </Panel>
      </div>
      <aside>
        <Panel id="practice-steps" title="训练步骤">
          {steps.length ? (
            <ol className="practice-steps">
              {steps.map((s) => (
                <li key={s.nodeId} className={s.level === 2 ? 'practice-steps__chapter' : undefined} style={{ paddingLeft: `${Math.max(0, s.level - 2) * 14}px` }}>
                  <StudyMark isStudy={s.isStudy} />
                  <span>{s.text || '未命名步骤'}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="panel__text">步骤正在准备中</p>
          )}
        </Panel>
      </aside>
    </div>
  );
}
