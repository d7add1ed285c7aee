import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ExamSummary } from './api';
import { actionLabel, answerHref, resultText, STATUS_LABELS, timeLimitText } from './exam-status';

/** Where an exam belongs, as the header names the areas (实践训练 items are cases of type 2). */
const SOURCE_LABEL: Record<ExamSummary['sourceKind'], string> = { case: '项目案例', practice: '实践训练', course: '课程' };

/**
 * One exam in a list: title, where it belongs, its rules, the student's status and the next action.
 * `locked` (why the student may not take it yet, e.g. not signed up for the course) replaces the
 * action with that hint: a start link would only lead to the server's refusal.
 */
export function ExamRow({ exam, showSource = true, locked, children }: { exam: ExamSummary; showSource?: boolean; locked?: string; children?: ReactNode }) {
  const result = resultText(exam);
  return (
    <li className="exam-row">
      <div className="exam-row__main">
        <h2 className="exam-row__title">{locked ? exam.title : <Link href={answerHref(exam)}>{exam.title}</Link>}</h2>
        <p className="exam-row__meta">
          <span className="exam-kind">{exam.examType === 1 ? '节点测验' : '课程考试'}</span>
          {showSource && <span>{`${SOURCE_LABEL[exam.sourceKind]}：${exam.sourceName}`}</span>}
          <span>{exam.questionCount} 题</span>
          <span>总分 {exam.totalScore}</span>
          <span>{timeLimitText(exam.timeLimit)}</span>
          {exam.maxAttempts > 1 && <span>可作答 {exam.maxAttempts} 次</span>}
        </p>
        {exam.status === 2 && exam.submitTime && <p className="exam-row__meta">提交时间：{exam.submitTime}</p>}
        {children}
      </div>
      <div className="exam-row__side">
        <span className={`exam-badge exam-badge--s${exam.status}`}>{STATUS_LABELS[exam.status]}</span>
        {result && <span className={`exam-row__result${exam.isPass ? ' exam-row__result--pass' : ''}`}>{result}</span>}
        {locked ? (
          <span className="exam-row__locked">{locked}</span>
        ) : (
          <Link href={answerHref(exam)} className="btn btn--small" aria-label={`${actionLabel(exam)}：${exam.title}`}>
            {actionLabel(exam)}
          </Link>
        )}
      </div>
    </li>
  );
}
