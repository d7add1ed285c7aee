import { FilterChips } from '../../app/ui/FilterChips';
import { useListQuery } from '../../app/ui/list-query';
import { ListStatus } from '../../app/ui/ListStatus';
import { Pager } from '../../app/ui/Pager';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import { pageExams } from './api';
import { ExamRow } from './ExamRow';
import './exam.css';

const KEYS = ['examType'] as const;
const TYPES = [
  { value: '1', label: '节点测验' },
  { value: '2', label: '课程考试' },
] as const;

/** Exam (`/exam/exam`): the student's node exams and course exams with status and score, paged. */
export function Exam() {
  const [filters, update] = useListQuery(KEYS);
  const state = useRemote(() => pageExams(filters.page, { examType: filters.examType }).then(unwrap), [filters.page, filters.examType]);
  const records = state.data?.records ?? [];
  return (
    <div className="container exam-page">
      <header className="exam-head">
        <h1>在线考试</h1>
        <p className="exam-head__meta">所学项目案例的节点测验与已报名课程的课程考试。</p>
      </header>
      <div className="exam-filters">
        <FilterChips label="类型" options={TYPES} value={filters.examType} onChange={(examType) => update({ examType })} />
      </div>
      <ListStatus
        status={state.status}
        hasData={records.length > 0}
        error={state.error}
        onRetry={state.reload}
        emptyText="暂无考试，报名课程或项目案例后即可参加"
        label="考试列表"
      >
        {state.data && (
          <>
            <ul className="exam-list">
              {records.map((e) => (
                <ExamRow key={e.examId} exam={e} />
              ))}
            </ul>
            <Pager page={filters.page} pages={state.data.pages} onChange={(page) => update({ page })} label="考试分页" />
          </>
        )}
      </ListStatus>
    </div>
  );
}
