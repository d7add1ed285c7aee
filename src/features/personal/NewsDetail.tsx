import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { refreshNews } from '../../app/session/news-store';
import { ListStatus } from '../../app/ui/ListStatus';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import { messageDetail } from './api';
import { PersonalLayout } from './PersonalLayout';
import './news.css';

/** NewsDetail (`/personal/newsDetail?id=`): one message; opening it reads it (server-side). */
export function NewsDetail() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const state = useRemote(() => messageDetail(id).then(unwrap), [id]);
  const m = state.data;

  // detailsMsg marked it read: bring the header dot in line once the answer is in.
  useEffect(() => {
    if (state.status === 'ok') void refreshNews();
  }, [state.status]);

  return (
    <PersonalLayout
      title="消息详情"
      actions={
        <Link href="/personal/myNews" className="btn">
          返回列表
        </Link>
      }
    >
      <ListStatus status={state.status} hasData={!!m} error={state.error} onRetry={state.reload} emptyText="消息不存在" label="消息内容">
        {m && (
          <article className="news-detail" aria-labelledby="news-title">
            <h2 id="news-title" className="news-detail__title">
              {m.title}
            </h2>
            <p className="news-detail__meta">
              {m.sender} · {m.createTime}
            </p>
            {/* Stored text: rendered as text, never as HTML. */}
            <p className="plain-text news-detail__body">{m.content}</p>
            {/* A 新任务 notice says 请在“我的任务”中查看: take the student there in one step. */}
            {m.taskId && (
              <p className="news-detail__link">
                <Link href={withQuery('/task', { id: m.taskId })} className="btn btn--primary">
                  查看任务
                </Link>
              </p>
            )}
          </article>
        )}
      </ListStatus>
    </PersonalLayout>
  );
}
