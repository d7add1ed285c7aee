import { formatFileSize } from '../../app/lib/format';
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { SignedDownloadLink } from '../../app/files/SignedDownloadLink';
import { ListStatus } from '../../app/ui/ListStatus';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import { PersonalLayout } from './PersonalLayout';
import { taskResult, type TaskResult } from './api';
import { canSubmit, deadlineNote, taskStatusLabel } from './task-status';
import { TaskSubmitForm } from './TaskSubmitForm';
import './task.css';

/** MyTaskDetail (`/task?id=`): the task, the student's submission, and the teacher's result. */
export function MyTaskDetail() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const state = useRemote(() => taskResult(id).then(unwrap), [id]);
  const t = state.data;
  const [editing, setEditing] = useState(false);

  return (
    <PersonalLayout
      title="任务详情"
      actions={
        <Link href="/personal/myTask" className="btn">
          返回列表
        </Link>
      }
    >
      <ListStatus status={state.status} hasData={!!t} error={state.error} onRetry={state.reload} emptyText="任务不存在" label="任务内容">
        {t && (
          <TaskBody
            task={t}
            editing={editing || ((t.status === 0 || t.status === 1) && !t.answer)}
            onEdit={() => setEditing(true)}
            onSubmitted={() => {
              setEditing(false);
              state.reload();
            }}
          />
        )}
      </ListStatus>
    </PersonalLayout>
  );
}

function TaskBody({ task: t, editing, onEdit, onSubmitted }: { task: TaskResult; editing: boolean; onEdit(): void; onSubmitted(): void }) {
  const note = deadlineNote(t.status, t.endTime);
  return (
    <article className="task-detail" aria-labelledby="task-title">
      <h2 id="task-title" className="news-detail__title">
        {t.title}
      </h2>
      <p className="task-detail__meta">
        <span className={`task-badge task-badge--s${t.status}`}>{taskStatusLabel(t.status)}</span>
        <span>截止时间：{t.endTime || '无'}</span>
        {note && <span className="task-item__note">{note}</span>}
      </p>
      <section aria-labelledby="task-content">
        <h2 id="task-content">任务内容</h2>
        <p className="plain-text task-detail__box">{t.content}</p>
      </section>

      {t.status === 3 && (
        <section aria-labelledby="task-review">
          <h2 id="task-review">批阅结果</h2>
          <div className="task-detail__box">
            <p>得分：{t.score ?? '无'}</p>
            <p className="plain-text">教师评语：{t.comment || '无'}</p>
          </div>
        </section>
      )}

      <section aria-labelledby="task-submission">
        <h2 id="task-submission">我的提交</h2>
        {editing && canSubmit(t.status) ? (
          <TaskSubmitForm taskId={t.taskId} initialAnswer={t.answer ?? ''} onSubmitted={onSubmitted} />
        ) : t.answer ? (
          <div className="task-detail__box">
            <p className="plain-text">{t.answer}</p>
            {t.fileId && (
              <p>
                附件：{t.fileName || '未命名文件'}
                {t.fileSize > 0 && <span className="task-detail__meta"> （{formatFileSize(t.fileSize)}）</span>}{' '}
                <SignedDownloadLink fileId={t.fileId}>下载附件</SignedDownloadLink>
              </p>
            )}
            {/* An answer saved but never handed in (进行中) has no submission time: say it is a draft. */}
            <p className="task-detail__meta">{t.submitTime ? `提交时间：${t.submitTime}` : '草稿，尚未提交'}</p>
            {canSubmit(t.status) && (
              <button type="button" className="btn" onClick={onEdit}>
                {t.submitTime ? '重新提交' : '继续编辑并提交'}
              </button>
            )}
          </div>
        ) : (
          <p className="task-detail__box">{t.status === 4 ? '任务已截止，未提交。' : '尚未提交。'}</p>
        )}
      </section>
    </article>
  );
}
