import { Type, type Static } from 'typebox';
import { Id } from './common';

export { MAX_MAP_MEMBERS, SHARE_MSG } from './rules';

// Sharing a map with classmates (issue 32, server modules/sharing/). A map is named by its kind and
// ref: 'case' — the owner's 我的学习导图 of case `mapId` (a case id); 'own' — the owner's map
// `mapId` of 我的导图. The owner manages members; a member reads (只读, 'view') or also edits
// (可编辑, 'edit') the owner's map through the map's usual routes, naming the owner:
// mindStudent/* take `studentId` (query and body) = the owner's id; mymaps/* take the map id as
// before. Every refusal is an envelope with a Chinese errMsg (SHARE_MSG).

export const MapKind = Type.Union([Type.Literal('case'), Type.Literal('own')]);
export type MapKind = Static<typeof MapKind>;
export const MemberRole = Type.Union([Type.Literal('edit'), Type.Literal('view')]);
export type MemberRole = Static<typeof MemberRole>;

/** 学号 as typed (students.student_no). */
export const StudentNo = Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' });

export const MapRef = { kind: MapKind, mapId: Id };
export const InviteBody = Type.Object({ ...MapRef, studentNo: StudentNo, role: MemberRole });
export type InviteBody = Static<typeof InviteBody>;
export const MembersQuery = Type.Object(MapRef);
export const RoleBody = Type.Object({ ...MapRef, memberId: Id, role: MemberRole });
export const RemoveBody = Type.Object({ ...MapRef, memberId: Id });
/** A member leaving names the owner (a member may be on maps of several owners with one case id). */
export const LeaveBody = Type.Object({ ...MapRef, ownerId: Id });

export const Member = Type.Object({
  studentId: Type.String(),
  name: Type.String(),
  studentNo: Type.String(),
  role: MemberRole,
  /** yyyy-MM-dd HH:mm:ss */
  since: Type.String(),
});
export type Member = Static<typeof Member>;

export const MemberList = Type.Object({
  owner: Type.Object({ studentId: Type.String(), name: Type.String() }),
  members: Type.Array(Member),
  /** MAX_MAP_MEMBERS, for the dialog to say how many are left */
  max: Type.Integer(),
});
export type MemberList = Static<typeof MemberList>;

/** One entry of 共享给我的 (我的学习). */
export const SharedMap = Type.Object({
  kind: MapKind,
  mapId: Type.String(),
  ownerId: Type.String(),
  ownerName: Type.String(),
  /** The map's title (its root topic), or the case's name while the owner has not saved a copy. */
  title: Type.String(),
  role: MemberRole,
  since: Type.String(),
});
export type SharedMap = Static<typeof SharedMap>;
export const SharedMapList = Type.Object({ maps: Type.Array(SharedMap) });
