import { avatarUrl } from '../../app/ui/avatar';
import type { RankItem } from './api';

/** 学习排行: the case's top learners by knowledge points learnt (names come masked from the server). */
export function Ranking({ items }: { items: readonly RankItem[] }) {
  if (!items.length) return <p className="panel__text">暂无排行，快来成为第一名吧</p>;
  return (
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
  );
}
