import type { Review } from './api';
import { attemptsLeft, keysText, TIMEOUT_TEXT, TYPE_LABELS } from './exam-status';

/** The graded review: score, pass state, and per question right/wrong, the student's and the correct answer. */
export function ReviewView({ review, onRetake }: { review: Review; onRetake?: () => void }) {
  const left = attemptsLeft(review);
  const right = review.questions.filter((q) => q.isRight).length;
  return (
    <section className="exam-review" aria-labelledby="exam-review-title">
      <div className={`exam-score${review.isPass ? ' exam-score--pass' : ' exam-score--fail'}`}>
        <h2 id="exam-review-title" className="visually-hidden">
          考试成绩
        </h2>
        <p className="exam-score__num">
          <strong>{review.score}</strong> / {review.totalScore} 分
        </p>
        <p className="exam-score__state">
          {review.isPass ? '通过' : '未通过'}（及格 {review.passScore} 分）{review.isTimeout ? ` · ${TIMEOUT_TEXT}` : review.isOvertime ? ' · 超时提交' : ''}
        </p>
        <p className="exam-score__meta">
          答对 {right} / {review.questions.length} 题 · 第 {review.attemptNo} 次作答 · 提交时间 {review.submitTime}
        </p>
        {review.isOvertime === 1 && <p className="exam-score__note">超过截止时间提交的答卷照常评分，但不计为通过。</p>}
        {review.isTimeout === 1 && <p className="exam-score__note">考试时间已到而未交卷，系统已按截止前保存的答案自动交卷并评分。</p>}
        {onRetake && review.canStart === 1 && left > 0 && (
          <button type="button" className="btn btn--primary" onClick={onRetake}>
            重新作答（还可作答 {left} 次）
          </button>
        )}
      </div>
      <ol className="exam-review__list">
        {review.questions.map((q, i) => (
          <li key={q.questionId} className={`exam-rq exam-rq--${q.isRight ? 'right' : 'wrong'}`}>
            <p className="exam-q__stem">
              <span className="exam-q__no">{i + 1}.</span>
              <span className="exam-q__type">{TYPE_LABELS[q.qType]}</span>
              {q.stem}
              <span className="exam-q__score">（{q.score} 分）</span>
            </p>
            {q.qType !== 3 && (
              <ul className="exam-rq__options">
                {q.options.map((o) => (
                  <li
                    key={o.key}
                    className={q.rightAnswer.includes(o.key) ? 'exam-rq__opt--right' : q.userAnswer.includes(o.key) ? 'exam-rq__opt--wrong' : undefined}
                  >
                    {o.key}. {o.text}
                  </li>
                ))}
              </ul>
            )}
            <p className="exam-rq__verdict">
              <span className={`exam-tag exam-tag--${q.isRight ? 'right' : 'wrong'}`}>{q.isRight ? '回答正确' : '回答错误'}</span>
              <span>你的答案：{keysText(q.userAnswer, q.options, q.qType)}</span>
              <span>正确答案：{keysText(q.rightAnswer, q.options, q.qType)}</span>
            </p>
            {q.analysis && <p className="exam-rq__analysis">解析：{q.analysis}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
