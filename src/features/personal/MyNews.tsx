import { useState } from 'react';
import { Link } from 'wouter';
import { RESULT_OK } from '../../app/http/client';
import { withQuery } from '../../app/router/hash-location';
import { refreshNews } from '../../app/session/news-store';
import { ListStatus } from '../../app/ui/ListStatus';
import { Pager } from '../../app/ui/Pager';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import { toast } from '../../app/ui/toast-store';
import { markAllMessagesRead, markMessageRead, pageMessages, type Message } from './api';
import { PersonalLayout } from './PersonalLayout';
import { usePageParam } from './page-param';
import './news.css';

/** MyNews (`/personal/myNews`): the inbox, newest first, unread ones marked; 全部已读 marks all. */
export function MyNews() {
  const [page, setPage] = usePageParam();
  const state = useRemote(() => pageMessages(page).then(unwrap), [page]);
  const [busy, setBusy] = useState(false);
  const records = state.data?.records ?? [];

  const markAll = async () => {
    setBusy(true);
    try {
      const res = await markAllMessagesRead();
      if (res.resultCode === RESULT_OK) {
        toast.success('已全部标记为已读');
        state.reload();
        void refreshNews();
      } else toast.error(res.errMsg);
    } catch {
      toast.error('操作失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  // Mark read on open so the header dot is right even before the detail screen loads.
  const open = (m: Message) => {
    if (m.isLook !== 0) return;
    void markMessageRead(m.uuid)
      .then(() => refreshNews())
      .catch(() => undefined);
  };

  return (
    <PersonalLayout
      title="消息通知"
      actions={
        <button type="button" className="btn" onClick={() => void markAll()} disabled={busy || records.length === 0}>
          全部已读
        </button>
      }
    >
      <ListStatus status={state.status} hasData={records.length > 0} error={state.error} onRetry={state.reload} emptyText="暂无消息" label="消息列表">
        {state.data && (
          <>
            <ul className="news-list">
              {records.map((m) => (
                <li key={m.uuid} className={m.isLook === 0 ? 'news-item news-item--unread' : 'news-item'}>
                  <Link href={withQuery('/personal/newsDetail', { id: m.uuid })} className="news-item__link" onClick={() => open(m)}>
                    {m.isLook === 0 && <span className="news-item__dot" aria-hidden="true" />}
                    {m.isLook === 0 && <span className="visually-hidden">未读：</span>}
                    <span className="news-item__title">{m.title}</span>
                    <span className="news-item__meta">
                      {m.sender} · {m.createTime}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <Pager page={page} pages={state.data.pages} onChange={setPage} label="消息分页" />
          </>
        )}
      </ListStatus>
    </PersonalLayout>
  );
}
