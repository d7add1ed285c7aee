import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { DetailHero, Panel, DetailStatus } from '../../app/ui/Detail';
import { StudyMark } from '../../app/ui/StudyMark';
import { toast } from '../../app/ui/toast-store';
import { errorText, useRemote } from '../../app/ui/use-remote';
import { fetchPractice, fetchSteps, startPractice } from './api';
import './practice.css';

/** /practiceDetail?id= : what the training is, its steps with progress, and 开始练习. */
export function PracticeDetail() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useRemote(async () => {
    const [info, steps] = await Promise.all([fetchPractice(id), fetchSteps(id)]);
    return { info, steps };
  }, [id]);
  const [busy, setBusy] = useState(false);

  if (!detail.data) {
    return <DetailStatus label="实践训练详情" remote={detail} />;
  }
  const { info } = detail.data;
  // Steps are the map's chapters and topics; the root repeats the title and deeper nodes are prompts.
  const steps = detail.data.steps.filter((s) => s.level > 1 && s.level <= 3);
  const done = steps.filter((s) => s.isStudy === 1).length;

  const start = async () => {
    setBusy(true);
    try {
      await startPractice(info.caseId);
      toast.success('已加入练习，按步骤完成吧！');
      detail.reload();
    } catch (e) {
      // the experience account and finished practices are refused by the service with its own message
      toast.warning(errorText(e));
    } finally {
      setBusy(false);
    }
  };

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
            <button type="button" className="btn btn--primary" onClick={() => void start()} disabled={busy}>
              {busy ? '加入中…' : '开始练习'}
            </button>
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
