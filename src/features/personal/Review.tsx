import { useEffect } from 'react';
import { Empty } from '../../app/ui/Empty';
import { PersonalLayout } from './PersonalLayout';
import { ReviewCardView } from './ReviewCardView';
import { dueText } from './review-dates';
import { useReviewSession, type RatingNo } from './use-review-session';
import './review.css';

const isTyping = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/**
 * Review (`/personal/review`, issue 20): the learnt nodes due today, one card at a time. Space
 * shows the answer, 1-4 grade it (重来 困难 良好 简单), Ctrl+Z undoes the last grade. When
 * nothing is due it says when the next card is.
 */
export function Review() {
  const s = useReviewSession();
  const { current, revealed, grade, undo, reveal } = s;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey) return;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        void undo();
        return;
      }
      if (e.ctrlKey || e.metaKey || !current) return;
      // Space on a focused button presses that button; anywhere else it shows the answer.
      if (e.key === ' ' && !revealed && !(e.target instanceof HTMLButtonElement)) {
        e.preventDefault();
        reveal();
      } else if (revealed && ['1', '2', '3', '4'].includes(e.key)) {
        e.preventDefault();
        void grade(Number(e.key) as RatingNo);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, revealed, grade, undo, reveal]);

  const q = s.queue;
  const now = Date.now();
  const total = s.progress.done + s.progress.left;
  return (
    <PersonalLayout
      title="复习"
      actions={
        q && (
          <p className="review__due">
            今日待复习 <strong data-testid="review-due-count">{s.progress.left}</strong> 张
          </p>
        )
      }
    >
      {s.error && (
        <div className="review__error" role="alert">
          {s.error}{' '}
          <button type="button" className="btn btn--small" onClick={s.reload}>
            重试
          </button>
        </div>
      )}
      {!q && !s.error && <p role="status">正在加载复习卡片…</p>}
      {q && (
        <>
          {s.trial && <p className="review__trial">体验账号可以试用复习，评分不会保存。</p>}
          <div className="review__progress">
            <span id="review-progress-label">
              今日进度：已复习 {s.progress.done} 次，还剩 {s.progress.left} 张
            </span>
            <progress aria-labelledby="review-progress-label" max={Math.max(1, total)} value={s.progress.done} />
          </div>
          <div className="review__status" role="status">
            {s.note && (
              <span>
                「{s.note.text}」下次复习：<strong data-testid="review-next-due">{dueText(s.note.dueAt, now)}</strong>
                {s.note.queued && s.pending > 0 && '（离线保存，联网后自动同步）'}
              </span>
            )}
            {s.pending > 0 && <span className="review__pending">有 {s.pending} 条评分待同步</span>}
          </div>
          {current ? (
            <ReviewCardView card={current} revealed={revealed} onReveal={reveal} onGrade={(r) => void grade(r)} />
          ) : (
            <Empty text={s.progress.done > 0 ? '今天的复习完成了' : '现在没有要复习的卡片'}>
              <p className="review__next">
                {q.nextDueAt
                  ? `下一张卡片${dueText(q.nextDueAt, now)}到期（${q.nextDue}）。`
                  : '学会导图中的知识点或学完课程小节后，它们会成为复习卡片；在自己的导图中也可以把节点标记为「需复习」。'}
              </p>
            </Empty>
          )}
          <div className="review__tools">
            <button type="button" className="btn btn--small" onClick={() => void undo()} disabled={!s.canUndo}>
              撤销上一次评分
            </button>
            <p className="review__keys review-keyhint">快捷键：空格 显示答案 · 1-4 评分 · Ctrl+Z 撤销</p>
          </div>
        </>
      )}
    </PersonalLayout>
  );
}
