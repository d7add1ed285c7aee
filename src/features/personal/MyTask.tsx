import { Link } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { ListStatus } from '../../app/ui/ListStatus';
import { Pager } from '../../app/ui/Pager';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import { pageTasks } from './api';
import { PersonalLayout } from './PersonalLayout';
import { usePageParam } from './page-param';
import { deadlineNote, taskStatusLabel } from './task-status';
import './task.css';

/** MyTask (`/personal/myTask`): the student's tasks with status, deadline and overdue marking. */
export function MyTask() {
  const [page, setPage] = usePageParam();
  const state = useRemote(() => pageTasks(page).then(unwrap), [page]);
  const records = state.data?.records ?? [];

  return (
    <PersonalLayout title="我的任务">
      <ListStatus status={state.status} hasData={records.length > 0} error={state.error} onRetry={state.reload} emptyText="暂无任务" label="任务列表">
        {state.data && (
          <>
            <ul className="task-list">
              {records.map((t) => {
                const note = deadlineNote(t.status, t.endTime);
                return (
                  <li key={t.uuid} className={`task-item task-item--s${t.status}`}>
                    <div className="task-item__main">
                      <Link href={withQuery('/task', { id: t.taskId })} className="task-item__title">
                        {t.title}
                      </Link>
                      <p className="task-item__meta">
                        {t.caseName && <span>{t.caseName}</span>}
                        {t.teacherName && <span>发布教师：{t.teacherName}</span>}
                      </p>
                      <p className="task-item__meta">
                        <span>截止时间：{t.endTime || '无'}</span>
                        {note && <span className="task-item__note">{note}</span>}
                      </p>
                    </div>
                    <div className="task-item__side">
                      <span className={`task-badge task-badge--s${t.status}`}>{taskStatusLabel(t.status)}</span>
                      {t.status === 3 && t.score !== null && <span className="task-item__score">{t.score} 分</span>}
                    </div>
                  </li>
                );
              })}
            </ul>
            <Pager page={page} pages={state.data.pages} onChange={setPage} label="任务分页" />
          </>
        )}
      </ListStatus>
    </PersonalLayout>
  );
}
