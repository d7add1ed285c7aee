import { useEffect, useState, type DependencyList, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ListStatus } from '../../app/ui/ListStatus';
import { useBusyAction } from '../../app/ui/BusyAction';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import { examReview, startExam, type Paper } from './api';
import { AnswerForm } from './AnswerForm';
import { ExamIntro } from './ExamIntro';
import { STATUS_LABELS, timeLimitText } from './exam-status';
import { ReviewView } from './ReviewView';
import './exam.css';

/**
 * The whole life of one exam on one screen, shared by Answer (node exams) and CourseAnswer (course
 * exams): intro → start → answering → graded review (→ retake when allowed). `refused` replaces the
 * generic error (whose 重试 cannot help) when the server answers 403, with the way forward.
 */
export function AnswerSheet({
  load,
  deps,
  back,
  refused,
}: {
  load: () => Promise<Paper>;
  deps: DependencyList;
  back: { href: string; label: string };
  refused?: (errMsg: string) => ReactNode;
}) {
  const remote = useRemote(load, deps);
  const [started, setStarted] = useState<Paper | null>(null);
  const { busy, run } = useBusyAction();
  useEffect(() => setStarted(null), [remote.data]);
  const paper = started ?? remote.data;

  const start = async () => {
    if (!paper) return;
    const opened = await run(async () => unwrap(await startExam(paper.examId)));
    if (opened) setStarted(opened);
  };

  let body = null;
  if (paper?.attempt) body = <AnswerForm key={`${paper.examId}-${paper.attempt.attemptNo}`} paper={paper} onSubmitted={remote.reload} />;
  else if (paper?.isSubmit) body = <ReviewLoader examId={paper.examId} onRetake={() => void start()} />;
  else if (paper) body = <ExamIntro paper={paper} busy={busy} onStart={() => void start()} />;

  return (
    <div className="container exam-page">
      <nav className="exam-crumbs" aria-label="面包屑">
        <Link href="/exam/exam">在线考试</Link> <span aria-hidden="true">/</span> <Link href={back.href}>{back.label}</Link>
      </nav>
      {refused && remote.status === 'error' && remote.resultCode === 403 ? (
        refused(remote.error)
      ) : (
        <ListStatus
          status={remote.status}
          hasData={!!paper}
          error={remote.error}
          onRetry={remote.reload}
          label="考试"
          refused={{ resultCode: remote.status === 'error' ? remote.resultCode : undefined, back: { href: back.href, label: `返回${back.label}` } }}
        >
          {paper && (
            <>
              <header className="exam-head">
                <h1 id="exam-title">{paper.title}</h1>
                <p className="exam-head__meta">
                  <span>{paper.examType === 1 ? '节点测验' : '课程考试'}</span>
                  <span>{paper.sourceName}</span>
                  <span>{timeLimitText(paper.timeLimit)}</span>
                  <span className={`exam-badge exam-badge--s${paper.status}`}>{STATUS_LABELS[paper.status]}</span>
                </p>
              </header>
              {body}
            </>
          )}
        </ListStatus>
      )}
    </div>
  );
}

function ReviewLoader({ examId, onRetake }: { examId: string; onRetake(): void }) {
  const review = useRemote(() => examReview(examId).then(unwrap), [examId]);
  return (
    <ListStatus status={review.status} hasData={!!review.data} error={review.error} onRetry={review.reload} label="考试结果">
      {review.data && <ReviewView review={review.data} onRetake={onRetake} />}
    </ListStatus>
  );
}
