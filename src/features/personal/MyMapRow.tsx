import { Link } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import type { OwnMapEntry } from '../../contract/mymaps';
import { OWN_MAP_PATH } from './my-maps-api';
import { purgeDate } from './my-maps-text';

/** Where a map opens in the editor. */
export const editorHref = (mapId: string) => withQuery(OWN_MAP_PATH, { mapId });

function linkText(m: OwnMapEntry): string {
  if (m.courseName) return `关联课程：${m.courseName}`;
  if (m.caseName) return `关联案例：${m.caseName}`;
  return '';
}

export interface RowActions {
  rename(m: OwnMapEntry): void;
  duplicate(m: OwnMapEntry): void;
  link(m: OwnMapEntry): void;
  remove(m: OwnMapEntry): void;
  restore(m: OwnMapEntry): void;
  purge(m: OwnMapEntry): void;
}

/** One map of the list, of the search results (with the topics found) or of 回收站. */
export function MapRow({ map: m, trashDays, topics, actions }: { map: OwnMapEntry; trashDays: number; topics?: string[]; actions: RowActions }) {
  const inTrash = m.deleteTime !== '';
  const linked = linkText(m);
  return (
    <li className="mymaps-row">
      <div className="mymaps-row__main">
        {inTrash ? (
          <span className="mymaps-row__title">{m.title}</span>
        ) : (
          <Link href={editorHref(m.mapId)} className="mymaps-row__title">
            {m.title}
          </Link>
        )}
        <p className="mymaps-row__meta">
          {inTrash ? `删除于 ${m.deleteTime}，将于 ${purgeDate(m.deleteTime, trashDays)} 后永久删除` : `最后编辑 ${m.updateTime}`} · {m.nodeCount} 个主题
          {linked && ` · ${linked}`}
        </p>
        {topics && topics.length > 0 && (
          <ul className="mymaps-row__topics" aria-label={`${m.title}中找到的主题`}>
            {topics.map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="mymaps-row__actions">
        {inTrash ? (
          <>
            <button type="button" className="btn btn--small" aria-label={`恢复 ${m.title}`} onClick={() => actions.restore(m)}>
              恢复
            </button>
            <button type="button" className="btn btn--small mymaps-danger" aria-label={`彻底删除 ${m.title}`} onClick={() => actions.purge(m)}>
              彻底删除
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn btn--small" aria-label={`重命名 ${m.title}`} onClick={() => actions.rename(m)}>
              重命名
            </button>
            <button type="button" className="btn btn--small" aria-label={`复制 ${m.title}`} onClick={() => actions.duplicate(m)}>
              复制
            </button>
            <button type="button" className="btn btn--small" aria-label={`关联 ${m.title}`} onClick={() => actions.link(m)}>
              关联
            </button>
            <button type="button" className="btn btn--small mymaps-danger" aria-label={`删除 ${m.title}`} onClick={() => actions.remove(m)}>
              删除
            </button>
          </>
        )}
      </div>
    </li>
  );
}
