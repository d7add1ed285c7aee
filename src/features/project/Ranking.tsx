import { avatarUrl } from '../../app/ui/avatar';
import type { RankItem } from './api';

/**
 * 学习排行: the case's learners — every student who joined it, the `total` its "N 人在学" counts —
 * ranked by knowledge points learnt, top 10 (names come masked from the server).
 */
export function Ranking({ items, total }: { items: readonly RankItem[]; total: number }) {
  if (!items.length) return <p className="panel__text">还没有同学报名，快来成为第一名吧</p>;
  return (
    <>
      <p className="panel__text ranking__note">
        {total > items.length ? `${total} 位在学同学中已学知识点最多的 ${items.length} 位` : `${total} 位在学同学，按已学知识点排名`}
      </p>
      <ol className="ranking">
        {items.map((r) => (
          <li key={r.rank} className="ranking__item">
            <span className={`ranking__no${r.rank <= 3 ? ' ranking__no--top' : ''}`}>{r.rank}</span>
            <img className="ranking__avatar" src={avatarUrl(r.userPicUrl, 0)} alt="" width={28} height={28} />
            <span className="ranking__name">{r.username}</span>
            <span className="ranking__count">已学 {r.studyCount} 个知识点</span>
          </li>
        ))}
      </ol>
    </>
  );
}
