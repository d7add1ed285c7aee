import { BusyButton } from '../../app/ui/BusyAction';
import type { Paper } from './api';
import { attemptsLeft, timeLimitText } from './exam-status';

/** Before the first question: what the exam is and how it is timed; the start button starts the clock. */
export function ExamIntro({ paper, busy, onStart }: { paper: Paper; busy: boolean; onStart(): void }) {
  const left = attemptsLeft(paper);
  return (
    <section className="exam-intro" aria-labelledby="exam-intro-title">
      <h2 id="exam-intro-title" className="exam-intro__title">
        考试说明
      </h2>
      {paper.intro && <p className="exam-intro__text">{paper.intro}</p>}
      <dl className="exam-facts">
        <div>
          <dt>题目数量</dt>
          <dd>{paper.questionCount} 题</dd>
        </div>
        <div>
          <dt>总分</dt>
          <dd>{paper.totalScore} 分</dd>
        </div>
        <div>
          <dt>及格分</dt>
          <dd>{paper.passScore} 分</dd>
        </div>
        <div>
          <dt>考试时长</dt>
          <dd>{timeLimitText(paper.timeLimit)}</dd>
        </div>
        <div>
          <dt>作答次数</dt>
          <dd>
            共 {paper.maxAttempts} 次，剩余 {left} 次
          </dd>
        </div>
      </dl>
      <ul className="exam-intro__rules">
        {paper.timeLimit > 0 && <li>点击“开始作答”后开始计时，计时不会暂停；时间到将自动交卷。</li>}
        <li>作答过程中答案会自动保存在本机，刷新页面不会丢失。</li>
        <li>交卷后立即评分，可查看每题的正确答案与解析。</li>
      </ul>
      {paper.canStart ? (
        <BusyButton busy={busy} busyText="正在开始…" onClick={onStart} className="btn btn--primary btn--lg">
          开始作答
        </BusyButton>
      ) : (
        <p className="exam-intro__closed">该考试的作答次数已用完。</p>
      )}
    </section>
  );
}
