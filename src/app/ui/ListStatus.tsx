import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ContentRefusal } from './ContentShell';
import { Empty } from './Empty';
import './list-status.css';

export interface ListStatusProps {
  status: 'loading' | 'ok' | 'error';
  /** Whether there is data to show (with data, a reload keeps it on screen under a thin busy bar). */
  hasData: boolean;
  error?: string;
  onRetry(): void;
  emptyText?: string;
  /** Accessible name of the region, e.g. 课程列表. */
  label: string;
  children: ReactNode;
  /**
   * A detail screen's way back: a refusal by the service (a 4xx answer such as 案例不存在, 考试不存在
   * for a bad or stale id) cannot change on a retry, so it is said as the page's heading with this
   * link to the list instead of 重试. `level`: 1 where the screen has no heading of its own yet.
   * `text`: the line under the heading where the generic 链接可能有误… is wrong (a former member of a shared map).
   */
  refused?: { resultCode?: number; back: { href: string; label: string }; level?: 1 | 2; text?: string };
}

/** A 4xx answer no retry can change (not 401: the login dialog; not 408/429: a retry may pass). */
export const isRefusal = (code: number | undefined): boolean => code !== undefined && code >= 400 && code < 500 && ![401, 408, 429].includes(code);

/**
 * The three states every list shows (loading, empty, error with retry) around its content, so the
 * screens do not each invent them. The region is aria-busy while loading, which screen readers and
 * the end-to-end tests both wait on.
 */
export function ListStatus({ status, hasData, error, onRetry, emptyText, label, children, refused }: ListStatusProps) {
  const busy = status === 'loading';
  let body: ReactNode;
  if (status === 'error' && refused && isRefusal(refused.resultCode)) {
    body = (
      <ContentRefusal title={error || '内容不存在'} text={refused.text ?? '链接可能有误或内容已被移除，请返回列表重新选择。'} level={refused.level ?? 1}>
        <Link href={refused.back.href} className="btn btn--primary">
          {refused.back.label}
        </Link>
      </ContentRefusal>
    );
  } else if (status === 'error') {
    body = (
      <div className="list-status__error" role="alert">
        <p>{error || '加载失败'}</p>
        <button type="button" className="list-status__retry" onClick={onRetry}>
          重试
        </button>
      </div>
    );
  } else if (busy && !hasData) {
    body = (
      <div className="list-status__loading" role="status">
        <span className="list-status__spinner" aria-hidden="true" />
        加载中…
      </div>
    );
  } else if (!hasData) {
    body = <Empty text={emptyText} />;
  } else {
    body = children;
  }
  return (
    <section className={`list-status${busy && hasData ? ' list-status--refreshing' : ''}`} aria-label={label} aria-busy={busy}>
      {body}
    </section>
  );
}
