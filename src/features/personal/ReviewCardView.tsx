import { NoteMarkdown } from '../../app/ui/NoteMarkdown';
import type { ReviewCard } from './review-api';
import { intervalText } from './review-dates';
import { RATING_KEYS, type RatingNo } from './use-review-session';

const RATINGS: { no: RatingNo; label: string }[] = [
  { no: 1, label: '重来' },
  { no: 2, label: '困难' },
  { no: 3, label: '良好' },
  { no: 4, label: '简单' },
];

/**
 * One card: the front is the node's text under its path in the map; the back is its note
 * (rendered as the editor's note preview renders it) and its children's texts, then the four
 * grades, each with the interval it would give.
 */
export function ReviewCardView({ card, revealed, onReveal, onGrade }: { card: ReviewCard; revealed: boolean; onReveal(): void; onGrade(r: RatingNo): void }) {
  const now = Date.now();
  return (
    <article className="review-card" aria-labelledby="review-card-front">
      <p className="review-card__source">
        {card.kind === 'course' ? '课程' : '案例'} · {card.sourceName}
      </p>
      {card.path.length > 0 && (
        <ol className="review-card__path" aria-label="在导图中的位置">
          {card.path.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ol>
      )}
      <h2 id="review-card-front" className="review-card__front">
        {card.text}
      </h2>
      {!revealed ? (
        <button type="button" className="btn btn--primary review-card__reveal" aria-keyshortcuts="Space" onClick={onReveal}>
          {/* one flex item: the hint follows the words without the button's gap */}
          <span>
            显示答案<span className="review-keyhint">（空格）</span>
          </span>
        </button>
      ) : (
        <>
          <section className="review-card__back" aria-label="答案">
            {card.note && <NoteMarkdown text={card.note} />}
            {card.children.length > 0 && (
              <>
                <h3 className="review-card__sub">下级知识点</h3>
                <ul className="review-card__children">
                  {card.children.map((c, i) => (
                    <li key={i}>{c}</li>
                  ))}
                </ul>
              </>
            )}
            {!card.note && card.children.length === 0 && <p className="review-card__plain">这个知识点没有备注和下级内容：回想它讲了什么，再评分。</p>}
          </section>
          <div className="review-card__grades" role="group" aria-label="评分">
            {RATINGS.map((r) => {
              const interval = intervalText(card.preview[RATING_KEYS[r.no - 1]], now);
              return (
                <button
                  key={r.no}
                  type="button"
                  className={`btn review-grade review-grade--${RATING_KEYS[r.no - 1]}`}
                  aria-label={`${r.label}，${interval}后再复习`}
                  aria-keyshortcuts={String(r.no)}
                  onClick={() => onGrade(r.no)}
                >
                  <span className="review-grade__label">
                    {r.label} <kbd className="review-keyhint">{r.no}</kbd>
                  </span>
                  <span className="review-grade__interval">{interval}</span>
                </button>
              );
            })}
          </div>
        </>
      )}
    </article>
  );
}
