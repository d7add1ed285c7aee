import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ContentRefusal } from './ContentShell';
import { ListStatus } from './ListStatus';
import type { RemoteState } from './use-remote';
import './detail.css';

export interface DetailHeroProps {
  id: string;
  title: string;
  cover?: string | null;
  crumbs: ReactNode;
  /** Short facts (teacher, counts …), one list item each. */
  facts: ReactNode[];
  actions?: ReactNode;
}

/** Top card of a detail screen: cover, breadcrumbs, title (the page's h1), facts and the main actions. */
export function DetailHero({ id, title, cover, crumbs, facts, actions }: DetailHeroProps) {
  return (
    <section className="detail__hero" aria-labelledby={id}>
      <div className="detail__cover" aria-hidden="true">
        {cover ? <img src={cover} alt="" /> : [...title][0]}
      </div>
      <div className="detail__info">
        <nav className="detail__crumbs" aria-label="位置">
          {crumbs}
        </nav>
        <h1 id={id} className="detail__title">
          {title}
        </h1>
        <ul className="detail__facts">{facts.map((f, i) => (f ? <li key={i}>{f}</li> : null))}</ul>
        {actions && <div className="detail__actions">{actions}</div>}
      </div>
    </section>
  );
}

/** A titled white panel; the title labels the region. */
export function Panel({ id, title, children, extra }: { id: string; title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <div className="panel__head">
        <h2 id={id} className="panel__title">
          {title}
        </h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

/**
 * What a detail screen shows until its data is there: loading, or the error with a retry, in the
 * same page frame the detail will use. A refusal by the service (a 4xx answer: 课程不存在, 案例不存在,
 * 您已结业，无法进入学习) cannot change on a retry: it is the page's heading with the way back to
 * the list instead.
 */
export function DetailStatus({
  label,
  remote,
  back,
}: {
  label: string;
  remote: Pick<RemoteState<unknown>, 'status' | 'error'> & { resultCode?: number; reload(): void };
  /** the list the detail belongs to */
  back: { href: string; label: string };
}) {
  const refused = remote.status === 'error' && remote.resultCode !== undefined && remote.resultCode >= 400 && remote.resultCode < 500;
  return (
    <div className="container detail-page">
      {refused ? (
        <ContentRefusal title={remote.error} text="请返回列表，选择其他内容继续学习。" level={1}>
          <Link href={back.href} className="btn btn--primary">
            {back.label}
          </Link>
        </ContentRefusal>
      ) : (
        <ListStatus label={label} status={remote.status} hasData={false} error={remote.error} onRetry={remote.reload}>
          {null}
        </ListStatus>
      )}
    </div>
  );
}
