import { useMemo, useState } from 'react';
import type { SharedMap } from '../../contract/sharing';
import { LeaveButton } from './LeaveButton';
import { ShareDialog } from './ShareDialog';
import { ROLE_LABEL } from './share-api';

/**
 * The sharing part of 我的学习导图's header. The owner: 共享 (invite classmates by 学号 as 可编辑 or
 * 只读; the dialog manages them). A member on a classmate's map: whose it is and the role, and
 * 退出共享 (the page's pending edits saved first).
 */
export function MinderSharing({
  caseId,
  shared,
  removed = false,
  flush,
  leave,
}: {
  caseId: string;
  shared?: Pick<SharedMap, 'ownerId' | 'ownerName' | 'role'>;
  /** the member was removed while the map was open: said here for as long as the page stays */
  removed?: boolean;
  flush(): Promise<unknown>;
  /** 退出共享 as the autosaver's leave (the live socket's closing is not said as a removal) */
  leave(run: () => Promise<void>): Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const ref = useMemo(() => ({ kind: 'case' as const, mapId: caseId }), [caseId]);
  if (!shared)
    return (
      <>
        <button type="button" className="mind-toolbar__btn" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          共享
        </button>
        <ShareDialog open={open} onClose={() => setOpen(false)} map={ref} />
      </>
    );
  if (removed)
    return (
      <span className="mind-page__note mind-page__note--keep" role="status">
        {shared.ownerName}已把你移出这张导图：这里只能查看打开时的内容
      </span>
    );
  // kept on a phone too (where the page's other notes give way to the map): a 只读 member must see why nothing edits
  return (
    <>
      <span className="mind-page__note mind-page__note--keep">
        由{shared.ownerName}共享 · {ROLE_LABEL[shared.role]}
        {shared.role === 'edit' ? '，修改会自动保存' : ''}
      </span>
      <LeaveButton map={ref} ownerId={shared.ownerId} flush={flush} leave={leave} then="/personal/myMaps?view=shared" />
    </>
  );
}
