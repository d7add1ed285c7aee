import './study-mark.css';

export type StudyState = 'todo' | 'done' | 'doing';

/** SPEC §2 marker rule: isStudy 0 (or missing) not started, 1 done, anything else in progress. */
export function studyState(isStudy: number | string | null | undefined): StudyState {
  const v = Number(isStudy ?? 0);
  if (v === 0 || Number.isNaN(v)) return 'todo';
  return v === 1 ? 'done' : 'doing';
}

export const STUDY_STATE_LABEL: Record<StudyState, string> = { todo: '未开始', done: '已学完', doing: '学习中' };

/** The small round marker beside a section or node; its label is announced, the colour is decoration. */
export function StudyMark({ isStudy }: { isStudy: number | string | null | undefined }) {
  const s = studyState(isStudy);
  return <span className={`study-mark study-mark--${s}`} role="img" aria-label={STUDY_STATE_LABEL[s]} title={STUDY_STATE_LABEL[s]} />;
}
