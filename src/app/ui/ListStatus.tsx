import type { ReactNode } from 'react';
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
}

/**
 * The three states every list shows (loading, empty, error with retry) around its content, so the
 * screens do not each invent them. The region is aria-busy while loading, which screen readers and
 * the end-to-end tests both wait on.
 */
export function ListStatus({ status, hasData, error, onRetry, emptyText, label, children }: ListStatusProps) {
  const busy = status === 'loading';
  let body: ReactNode;
  if (status === 'error') {
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
