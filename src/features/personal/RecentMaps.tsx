import './my-maps.css';
import { Link } from 'wouter';
import { ListStatus } from '../../app/ui/ListStatus';
import { useRemote } from '../../app/ui/use-remote';
import { listMaps } from './my-maps-api';
import { editorHref } from './MyMapRow';

const SHOWN = 3;

/** 我的学习's block for 我的导图: the last edited own maps and the way to all of them. */
export function RecentMaps() {
  const remote = useRemote(() => listMaps(), []);
  const maps = remote.data?.maps ?? [];
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
    </section>
  );
}
