import { Link } from 'wouter';
import { avatarUrl } from '../../app/ui/avatar';
import type { TutorItem } from './api';

/**
 * One tutor in the activity list. The name is the link (so its accessible name is what is seen);
 * the link's ::after covers the card, so a click anywhere on it opens the tutor's detail.
 */
export function TutorCard({ tutor, href }: { tutor: TutorItem; href: string }) {
  const full = tutor.signStatus === 1;
  return (
    <li className="tutor-card">
      <div className="tutor-card__body">
        <img className="tutor-card__avatar" src={avatarUrl(tutor.avatar, tutor.sex)} alt="" width={88} height={88} loading="lazy" />
        <h2 className="tutor-card__name">
          <Link href={href} className="tutor-card__link">
            {tutor.name}
            {full && (
              <>
                {' '}
                <span className="tutor-card__badge">已满</span>
              </>
            )}
          </Link>
        </h2>
        <span className="tutor-card__position">{tutor.technicalPosition}</span>
        <p className="tutor-card__intro">{tutor.intro}</p>
        <span className="tutor-card__more" aria-hidden="true">
          查看详情
        </span>
      </div>
    </li>
  );
}
