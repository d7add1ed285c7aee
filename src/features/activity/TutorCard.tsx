import { Link } from 'wouter';
import { avatarUrl } from '../../app/ui/avatar';
import type { TutorItem } from './api';

/** One tutor in the activity list: the whole card opens the tutor's detail. */
export function TutorCard({ tutor, href }: { tutor: TutorItem; href: string }) {
  const full = tutor.signStatus === 1;
  return (
    <li className="tutor-card">
      <Link href={href} className="tutor-card__link" aria-label={full ? `${tutor.name}（已满）` : tutor.name}>
        <img className="tutor-card__avatar" src={avatarUrl(tutor.avatar, tutor.sex)} alt="" width={88} height={88} loading="lazy" />
        {full && (
          <span className="tutor-card__badge" aria-hidden="true">
            已满
          </span>
        )}
        <span className="tutor-card__name">{tutor.name}</span>
        <span className="tutor-card__position">{tutor.technicalPosition}</span>
        <span className="tutor-card__intro">{tutor.intro}</span>
        <span className="tutor-card__more" aria-hidden="true">
          查看详情
        </span>
      </Link>
    </li>
  );
}
