import { useState } from 'react';
import { navigate } from '../../app/router/hash-location';
import { toast } from '../../app/ui/toast-store';
import { errorText } from '../../app/ui/use-remote';
import { leaveMap, type MapRef } from './share-api';

/**
 * 退出共享 on a classmate's map (a 我的导图 map or a case study map), asked once more before it
 * happens (only the owner can invite the student back). The page's pending edits are saved first:
 * what the member saved stays in the owner's map; then the student goes to `then`. `leave`: the
 * page's autosaver's (the map's live socket, closed by the server as the student leaves, is then
 * not said as 你已不是这张导图的成员 next to 已退出共享).
 */
export function LeaveButton({
  map,
  ownerId,
  flush,
  leave,
  then,
}: {
  map: MapRef;
  ownerId: string;
  flush(): Promise<unknown>;
  leave(run: () => Promise<void>): Promise<void>;
  then: string;
}) {
  const [asking, setAsking] = useState(false);
  const onLeave = async () => {
    await flush();
    try {
      await leave(() => leaveMap(map, ownerId));
      toast.success('已退出共享');
      navigate(then);
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  if (!asking)
    return (
      <button type="button" className="mind-toolbar__btn" onClick={() => setAsking(true)}>
        退出共享
      </button>
    );
  return (
    <span role="group" aria-label="退出共享">
      退出后需要创建者重新邀请。
      <button type="button" className="mind-toolbar__btn" onClick={() => void onLeave()}>
        确定退出
      </button>
      <button type="button" className="mind-toolbar__btn" autoFocus onClick={() => setAsking(false)}>
        取消
      </button>
    </span>
  );
}
