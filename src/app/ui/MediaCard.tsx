import type { ReactNode } from 'react';
import { Link } from 'wouter';
import './media-card.css';

export interface MediaCardProps {
  href: string;
  title: string;
  /** Cover image URL; without one a tinted panel with the title's first character stands in. */
  cover?: string | null;
  /** Small label over the cover (分类, 已报名 …). */
  tag?: string;
  /** One line under the title: teacher, counts … */
  meta?: ReactNode;
  /** Two-line clamped description. */
  desc?: string;
}

/**
 * The catalogue card shared by course, case, practice and Home lists. The link is the title and its
 * ::after stretches over the card, so the whole card is one target whose accessible name is the
 * visible title (WCAG 2.5.3: an aria-label of the title on a link holding the whole card's text is a
 * label-content-name mismatch). All stored text renders as text.
 */
export function MediaCard({ href, title, cover, tag, meta, desc }: MediaCardProps) {
  return (
    <article className="media-card">
      <div className="media-card__cover" aria-hidden="true">
        {cover ? <img src={cover} alt="" loading="lazy" /> : <span className="media-card__initial">{[...title][0] ?? '学'}</span>}
        {tag && <span className="media-card__tag">{tag}</span>}
      </div>
      <div className="media-card__body">
        <h3 className="media-card__title">
          <Link href={href} className="media-card__link">
            {title}
          </Link>
        </h3>
        {desc && <p className="media-card__desc">{desc}</p>}
        {meta && <div className="media-card__meta">{meta}</div>}
      </div>
    </article>
  );
}

/** The responsive grid the cards sit in: 4 across on desktop, 2 on tablets, 1 on phones. */
export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="card-grid" role="list" aria-label={label}>
      {children}
    </div>
  );
}

export function CardGridItem({ children }: { children: ReactNode }) {
  return (
    <div className="card-grid__item" role="listitem">
      {children}
    </div>
  );
}
