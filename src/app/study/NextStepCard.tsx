import { useState } from 'react';
import { Link } from 'wouter';
import type { NextStep } from '../../contract/review';
import { withQuery } from '../router/hash-location';
import { useRemote } from '../ui/use-remote';
import { fetchNextStep } from './study-api';
import './next-step.css';

// 下一步 (issue 34 item 3): the one thing to do now on a case map and why, on the case page, the
// study map and 学习中心 — the server decides (review/next-step.ts), every place says the same.
// Extra: a failed fetch leaves it out. `tick` asks again (the map: after a save, grade or recall).

/** Where the step's action goes (the map's 回忆练习 opens through its `recall` query). */
export function nextStepAction(s: NextStep): { label: string; href: string } | null {
  switch (s.kind) {
    case 'review':
      return { label: '去复习', href: '/personal/review' };
    case 'recall':
      return { label: `回忆练习：${s.nodeName}`, href: withQuery('/project/minder', { caseId: s.caseId, recall: s.nodeId }) };
    case 'continue':
    case 'start':
      return { label: `去学习：${s.nodeName}`, href: withQuery('/project/mindDetail', { caseId: s.caseId, nodeId: s.nodeId }) };
    default:
      return null;
  }
}

interface Props {
  caseId: string;
  tick?: string;
  /** On the map itself: start the 回忆练习 here rather than navigating. */
  onRecall?(branchId: string): void;
  compact?: boolean;
  /**
   * Away from the map (学习中心, inside the card that names the case): the step is said to be this
   * map's, as its due count is, while 复习 and the header count every map's due topics.
   */
  away?: boolean;
}

export function NextStepCard({ caseId, tick = '', onRecall, compact = false, away = false }: Props) {
  const step = useRemote(() => fetchNextStep(caseId), [caseId, tick]);
  // On the map the student may put it away; a different step shows again.
  const [dismissed, setDismissed] = useState('');
  const onMap = compact && !away;
  const s = step.data;
  if (!s) return null;
  const key = `${s.kind}:${s.nodeId}:${s.count}`;
  if (onMap && dismissed === key) return null;
  const action = nextStepAction(s);
  return (
    <section className={`next-step${compact ? ' next-step--compact' : ''}${onMap ? ' next-step--map' : ''}`} aria-label="下一步">
      <p className="next-step__says">
        <strong>下一步：</strong>
        {away && s.kind === 'review' && '这张导图'}
        {s.reason}
      </p>
      {action &&
        (s.kind === 'recall' && onRecall ? (
          <button type="button" className="next-step__go" onClick={() => onRecall(s.nodeId)}>
            {action.label}
          </button>
        ) : (
          <Link href={action.href} className="next-step__go">
            {action.label}
          </Link>
        ))}
      {onMap && <button type="button" className="next-step__close" aria-label="收起下一步" title="收起" onClick={() => setDismissed(key)} />}
    </section>
  );
}
