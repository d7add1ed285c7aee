import { apiGet, apiPost } from '../../app/http/client';
import { ApiFailure, unwrap } from '../../app/ui/use-remote';
import { ROLE_LABEL } from '../../contract/rules';
import { SHARE_MSG } from '../../contract/rules';
import type { MapKind, MemberList, MemberRole, SharedMap } from '../../contract/sharing';

export { ROLE_LABEL };

// Sharing a map with classmates (src/server/modules/sharing): the owner invites by 学号 and
// manages members; a member may leave (共享给我的 lists them: features/personal/my-maps-api.ts). Every refusal is the
// server's Chinese errMsg (ApiFailure), said in the dialog that asked.

const W = { dedupe: false } as const;

export interface MapRef {
  kind: MapKind;
  mapId: string;
}

export const mapMembers = async (ref: MapRef) => unwrap(await apiGet<MemberList>('/api/share/members', ref, W));

export const inviteMember = async (ref: MapRef, studentNo: string, role: MemberRole) =>
  unwrap(await apiPost<MemberList>('/api/share/invite', { ...ref, studentNo, role }, W));

export const setMemberRole = async (ref: MapRef, memberId: string, role: MemberRole) =>
  unwrap(await apiPost<MemberList>('/api/share/role', { ...ref, memberId, role }, W));

export const removeMember = async (ref: MapRef, memberId: string) => unwrap(await apiPost<MemberList>('/api/share/remove', { ...ref, memberId }, W));

export const leaveMap = async (ref: MapRef, ownerId: string) => void unwrap(await apiPost<null>('/api/share/leave', { ...ref, ownerId }, W));

/** Under the heading 你已不在这张导图的共享成员中: why, and what to do (the owner removed them, or they left). */
export const FORMER_MEMBER_TEXT = '创建者已将你移出这张导图，或你已退出共享；如需继续查看，请联系创建者重新邀请。';

/**
 * The refusal of a map page, as ListStatus says it: a former member of a shared map is told why
 * and led back to 我的导图 (where 共享给我的 is), not told the link may be wrong.
 */
export function mapRefusal(error: string | undefined, back: { href: string; label: string }): { back: { href: string; label: string }; text?: string } {
  if (error !== SHARE_MSG.removed) return { back };
  return { back: { href: '/personal/myMaps', label: '返回我的导图' }, text: FORMER_MEMBER_TEXT };
}

/**
 * A classmate's case map shared with the student, as 共享给我的 lists it; refused when the student is
 * not (or no longer) a member — in the words of the server's refusal of the map read made beside
 * it (`mapRead`), which knows which: a former member 你已不在这张导图的共享成员中, anyone else 无权查看.
 */
export async function sharedCaseMap(caseId: string, ownerId: string, mapRead?: Promise<unknown>): Promise<SharedMap> {
  const { maps } = unwrap(await apiGet<{ maps: SharedMap[] }>('/api/share/sharedWithMe', undefined, W));
  const map = maps.find((m) => m.kind === 'case' && m.mapId === caseId && m.ownerId === ownerId);
  if (map) return map;
  const said = await (mapRead ?? Promise.resolve()).then(
    () => null,
    (e: unknown) => (e instanceof ApiFailure && e.resultCode === 403 ? e : null),
  );
  throw said ?? new ApiFailure(SHARE_MSG.notMember, 403);
}
