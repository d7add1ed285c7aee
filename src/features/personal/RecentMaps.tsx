import './my-maps.css';
import { Link } from 'wouter';
import { ListStatus } from '../../app/ui/ListStatus';
import { useRemote } from '../../app/ui/use-remote';
import { withQuery } from '../../app/router/hash-location';
import { listMaps, sharedWithMe } from './my-maps-api';
import { editorHref } from './MyMapRow';

const SHOWN = 3;

/** 我的学习's block for 我的导图: the last edited own maps, the way to all of them, and to the maps classmates shared (共享给我的). */
export function RecentMaps() {
  const remote = useRemote(() => listMaps(), []);
  const maps = remote.data?.maps ?? [];
  const shared = useRemote(sharedWithMe, []).data?.length ?? 0;
  return (
    <section className="study-block" aria-labelledby="my-maps">
      <h2 id="my-maps" className="study-block__title">
        我的导图
      </h2>
      <ListStatus
        status={remote.status}
        hasData={maps.length > 0}
        error={remote.error}
        onRetry={remote.reload}
        emptyText="还没有自己的导图"
        label="最近编辑的导图"
      >
        <ul className="mymaps-recent">
          {maps.slice(0, SHOWN).map((m) => (
            <li key={m.mapId}>
              <Link href={editorHref(m.mapId)}>{m.title}</Link>
              <span className="mymaps-recent__time">最后编辑 {m.updateTime}</span>
            </li>
          ))}
        </ul>
      </ListStatus>
      <Link href="/personal/myMaps" className="btn btn--small">
        {maps.length ? `全部导图（${maps.length} 张）` : '新建我的导图'}
      </Link>
      {shared > 0 && (
        <Link href={withQuery('/personal/myMaps', { view: 'shared' })} className="btn btn--small mymaps-recent__shared">
          共享给我的（{shared} 张）
        </Link>
      )}
    </section>
  );
}
