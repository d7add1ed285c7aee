import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { RESULT_OK } from '../../app/http/client';
import { session } from '../../app/session/session-store';
import { toast } from '../../app/ui/toast-store';
import { submitExam, type Paper } from './api';
import { answeredCount, clearDraft, draftKey, resumeAnswers, saveDraft, toSubmission, type Answers } from './answer-state';
import { announcement, formatClock, localDeadline, spokenClock, useCountdown } from './countdown';
import { QuestionCard } from './QuestionCard';
import { SubmitConfirm } from './SubmitConfirm';
import { useAnswerSync } from './use-answer-sync';

/** The bar's word on the answers: the server's copy as it is, never 已保存 when it was refused. */
const SAVED_SAYS = {
  saved: '答案已自动保存',
  failed: '答案已保存在本机，暂未同步到服务器',
  closed: '本次作答已结束，此页的答案未能保存到服务器',
} as const;
const CLOSED = '本次作答已在其他设备或页面交卷（或考试时间已到），此页的答案没有交上去。你的答案仍显示在下面，也保留在本机；点“查看成绩”查看已记录的结果。';

/**
 * Answering an open attempt: questions, countdown to the server deadline, answers saved locally
 * on every change and on the server shortly after (so a time-out with the tab closed grades them),
 * a confirmation before handing in, and an automatic hand-in at time-out.
 */
export function AnswerForm({ paper, onSubmitted }: { paper: Paper; onSubmitted(): void }) {
  const { user } = useSnapshot(session);
  const attempt = paper.attempt!;
  const key = draftKey(user?.userId ?? 'anon', paper.examId, attempt.attemptNo);
  const [answers, setAnswers] = useState<Answers>(() => resumeAnswers(key, paper.questions, attempt.answers));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState('');
  const [closedHere, setClosed] = useState(false);
  const sending = useRef(false);
  const latest = useRef(answers);
  latest.current = answers;

  useEffect(() => saveDraft(key, answers), [key, answers]);
  const sync = useAnswerSync(paper.examId, paper.questions, answers, attempt.answers, attempt.attemptNo);

  const submit = async (auto: boolean) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setFailed('');
    try {
      const res = await submitExam(paper.examId, toSubmission(paper.questions, latest.current), attempt.attemptNo);
      if (res.resultCode === RESULT_OK) {
        sync.stop();
        clearDraft(key);
        toast.success(auto ? '考试时间已到，已自动交卷' : '交卷成功');
        onSubmitted();
        return;
      }
      // 409: the attempt was closed first — handed in on another device or page (or by an earlier
      // request of this one), or at its time-out. Only when the server holds exactly this page's
      // answers were they the ones graded; otherwise never say 交卷成功: the sheet stays, answers
      // and draft kept, and says what happened.
      if (res.resultCode === 409) {
        sync.stop();
        if (sync.held(latest.current)) {
          clearDraft(key);
          toast.warning('本次作答已结束，服务器已按此页的全部答案记录');
          onSubmitted();
        } else {
          setClosed(true);
          toast.error('本次作答已在别处结束，此页的答案没有交上去');
        }
        return;
      }
      setFailed(res.errMsg || '交卷失败，请重试');
      toast.error(res.errMsg || '交卷失败，请重试');
    } catch {
      setFailed('网络异常，答案已保存在本机，请重试交卷');
      toast.error('网络异常，答案已保存在本机，请重试交卷');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const deadline = useMemo(() => (attempt.remainingSeconds === null ? null : localDeadline(attempt.remainingSeconds)), [attempt.remainingSeconds]);
  const left = useCountdown(deadline, () => void submit(true));
  const done = answeredCount(paper.questions, answers);
  const timeUp = left === 0;
  // The server closed the attempt (a save or the hand-in answered 409): nothing more can be saved.
  const closed = closedHere || sync.state === 'closed';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && !timeUp) setConfirming(true);
  };

  return (
    <form className="exam-sheet" onSubmit={onSubmit} aria-labelledby="exam-title">
      <div className="exam-bar" role="group" aria-label="答题进度">
        <span>
          已答 {done} / {paper.questions.length} 题
        </span>
        {left !== null && (
          <span className={`exam-clock${left <= 60 ? ' exam-clock--urgent' : ''}`} role="timer" aria-label={`剩余时间 ${spokenClock(left)}`}>
            剩余时间 <strong>{formatClock(left)}</strong>
          </span>
        )}
        <span className={`exam-bar__saved${sync.state === 'saved' ? '' : ' is-warning'}`}>{SAVED_SAYS[closed ? 'closed' : sync.state]}</span>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {left !== null ? announcement(left) : ''}
      </p>
      {paper.questions.map((q, i) => (
        <QuestionCard
          key={q.questionId}
          question={q}
          index={i}
          value={answers[q.questionId] ?? ''}
          disabled={busy || timeUp || closed}
          onChange={(v) => setAnswers((a) => ({ ...a, [q.questionId]: v }))}
        />
      ))}
      {failed && (
        <p className="exam-error" role="alert">
          {failed}
        </p>
      )}
      {closed && (
        <p className="exam-error" role="alert">
          {CLOSED}
        </p>
      )}
      <div className="exam-actions">
        {closed ? (
          <button type="button" className="btn btn--primary btn--lg" onClick={onSubmitted}>
            查看成绩
          </button>
        ) : timeUp ? (
          <button type="button" className="btn btn--primary btn--lg" onClick={() => void submit(true)} disabled={busy}>
            {busy ? '正在交卷…' : '重新交卷'}
          </button>
        ) : (
          <button type="submit" className="btn btn--primary btn--lg" disabled={busy}>
            {busy ? '正在交卷…' : '交卷'}
          </button>
        )}
      </div>
      <SubmitConfirm open={confirming} onOpenChange={setConfirming} unanswered={paper.questions.length - done} onConfirm={() => void submit(false)} />
    </form>
  );
}
