import type { DbOrTrx } from '../../db/database';
import { newId } from '../../lib/ids';
import type { MemberRole } from '../../../contract/sharing';
import { ROLE_LABEL } from '../../../contract/rules';

// 消息通知 to a member of a shared map (issue 32), or to its owner when a member leaves, written in
// the transaction of the change they tell of: who did it, which map, what changed, and where the
// map is found (or that it is gone).

/** Where a member finds a map shared with them: both kinds are listed on 我的导图's 共享给我的 tab. */
const WHERE = '我的导图 › 共享给我的';

export interface MemberNotice {
  title: string;
  content: string;
}

/** The owner (`owner`: their name) shared map 「map」 with the member. */
export const invited = (owner: string, map: string, role: MemberRole): MemberNotice => ({
  title: `${owner} 与你共享了导图「${map}」`,
  content: `${owner} 邀请你${role === 'edit' ? '一起编辑' : '查看'}导图「${map}」（${ROLE_LABEL[role]}）。在${WHERE}中打开。`,
});

/** The owner changed the member's role from `was` to `role`. */
export const roleChanged = (owner: string, map: string, was: MemberRole, role: MemberRole): MemberNotice => ({
  title: `${owner} 将你在导图「${map}」中的权限改为${ROLE_LABEL[role]}`,
  content:
    `${owner} 将你在导图「${map}」中的权限由${ROLE_LABEL[was]}改为${ROLE_LABEL[role]}：` +
    `${role === 'edit' ? '现在你可以一起编辑这张导图' : '现在你只能查看这张导图，不能再修改'}。在${WHERE}中打开。`,
});

/** The owner removed the member from the map. */
export const removed = (owner: string, map: string): MemberNotice => ({
  title: `${owner} 已将你移出导图「${map}」`,
  content: `${owner} 已将你移出导图「${map}」的共享成员，你不能再打开这张导图，它也不再列在${WHERE}中。`,
});

/** The member (`member`: their name) left the owner's map (退出共享): told to the owner. */
export const left = (member: string, map: string): MemberNotice => ({
  title: `${member} 退出了导图「${map}」的共享`,
  content: `${member} 退出了你的导图「${map}」的共享，不能再打开这张导图。如需继续一起使用，可在导图的「共享」中重新邀请。`,
});

/** Writes the notice to the student's 消息通知 (a member, or the owner told of a leave) (inside the caller's transaction). */
export async function tellMember(trx: DbOrTrx, memberId: string, notice: MemberNotice, now: Date): Promise<void> {
  await trx
    .insertInto('user_messages')
    .values({
      id: newId(),
      student_id: memberId,
      title: notice.title,
      content: notice.content,
      sender: '系统通知',
      msg_type: 1,
      is_look: 0,
      created_at: now,
      read_at: null,
      task_id: null,
    })
    .execute();
}
