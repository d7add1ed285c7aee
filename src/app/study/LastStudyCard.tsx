import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { navigate } from '../router/hash-location';
import { reviewDue } from '../session/review-due';
import { session } from '../session/session-store';
import { useRemote } from '../ui/use-remote';
import { NextStepCard } from './NextStepCard';
import { describeLastRecord, isCase, LINE_LABEL, lastRecordAction, lastRecordMapPath, type LastRecord } from './last-study';
import { addStudyRecord, fetchLastRecord } from './study-api';
import './last-study.css';

/**
 * The last-study-record card (SPEC §2 study centre panel), shown at the bottom of the study-centre
 * panel and on Home. It appears once the record has loaded; a fetch error is silently ignored
 * (SPEC §8), so the card simply stays away.
 */
export function LastStudyCard({ compact = false, nextStep = false }: { compact?: boolean; nextStep?: boolean }) {
  const { user } = useSnapshot(session);
  // the badge moved (a grade here or in another tab, a card come due): 下一步's due count may have too
  const { count: due } = useSnapshot(reviewDue);
  const userId = user?.userId ?? '';
  const last = useRemote(() => (userId ? fetchLastRecord(userId) : Promise.resolve(null)), [userId]);
  const record = last.data;
  if (!record) return null;
  const view = describeLastRecord(record);
  const onMap = lastRecordMapPath(record);

  // Synchronous up to window.open, so the new tab is a direct answer to the click (no popup block).
  const resume = (r: LastRecord) => {
    const action = lastRecordAction(r);
    if (action.kind === 'go') {
      navigate(action.to);
      return;
    }
    window.open(action.url, '_blank', 'noopener');
    if (action.record && userId) addStudyRecord({ ...action.record, studentId: userId }).then(last.reload, () => {});
  };

  return (
    <section className={`last-study${compact ? ' last-study--compact' : ''}`} aria-labelledby="last-study-title">
      <h2 id="last-study-title" className="last-study__head">
        最近学习
      </h2>
      <p className="last-study__title">
        <span className="last-study__label">{view.label}</span>
        <span className="last-study__name">{view.title}</span>
      </p>
      {view.node && <p className="last-study__row">节点：{view.node}</p>}
      <p className="last-study__row">
        {LINE_LABEL[view.line.kind]}：{view.line.text}
        {view.line.duration && <span className="last-study__time">{view.line.duration}</span>}
      </p>
      <div className="last-study__foot">
        <span className={`last-study__marker last-study__marker--${view.marker === '已完成' ? 'done' : view.marker === '未开始' ? 'todo' : 'doing'}`}>
          {view.marker}
        </span>
        {onMap && (
          <Link href={onMap} className="last-study__map" aria-label={`在导图中查看：${view.node ?? view.title}`}>
            在导图中查看
          </Link>
        )}
        <button type="button" className="last-study__go" onClick={() => resume(record)} aria-label={`继续学习：${view.title}`}>
          继续学习
        </button>
      </div>
      {nextStep && isCase(record) && <NextStepCard caseId={record.caseId} compact away tick={String(due)} />}
    </section>
  );
}
