import { Link } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { ListStatus } from '../../app/ui/ListStatus';
import { useRemote } from '../../app/ui/use-remote';
import { ROLE_LABEL } from '../../contract/rules';
import { sharedWithMe } from './my-maps-api';
import { editorHref } from './MyMapRow';

/**
 * 共享给我的 (`/personal/myMaps?view=shared`): the maps classmates shared with the student — their
 * 我的导图 maps, opened in the same editor, and their 我的学习导图 of a case, opened in the study
 * map editor (`/project/minder?caseId=&owner=`); 可编辑 saves the owner's map, 只读 only shows it.
 */
export function SharedMaps() {
  const remote = useRemote(sharedWithMe, []);
  const maps = remote.data ?? [];
  return (
    <ListStatus
      status={remote.status}
      hasData={maps.length > 0}
      error={remote.error}
      onRetry={remote.reload}
      label="共享给我的"
      emptyText="还没有同学共享导图给你。同学在导图里点“共享”，输入你的学号即可邀请你。"
    >
      <ul className="mymaps-list">
        {maps.map((m) => (
          <li key={`${m.ownerId}:${m.mapId}`} className="mymaps-row">
            <div className="mymaps-row__main">
              <Link
                href={m.kind === 'case' ? withQuery('/project/minder', { caseId: m.mapId, owner: m.ownerId }) : editorHref(m.mapId)}
                className="mymaps-row__title"
              >
                {m.title}
              </Link>
              <p className="mymaps-row__meta">
                {m.kind === 'case' ? '学习导图 · ' : ''}由{m.ownerName}共享 · {ROLE_LABEL[m.role]} · 加入于 {m.since}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </ListStatus>
  );
}
