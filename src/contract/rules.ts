/**
 * Field rules of SPEC §5, the one definition: the server checks request input with them and the
 * client's forms check the same before sending. Plain values and functions with no imports, so
 * the browser bundle takes these without the schema builder.
 *
 * No pattern here nests quantifiers: each is run on request input by the server
 * (tests/server/security/redos.test.ts).
 */

/** 11 digits, 1 then 2-9 (SPEC §5 Phone). */
export const PHONE_PATTERN = '^1[2-9]\\d{9}$';
export const PHONE_RE = new RegExp(PHONE_PATTERN);
export const PHONE_MSG = '请输入正确的手机号';
export const isPhone = (s: string): boolean => PHONE_RE.test(s);

const EMAIL_LOCAL = /^[\w.+-]+$/;
const EMAIL_LABEL = /^[A-Za-z0-9-]+$/;
const EMAIL_SUFFIX = /^[A-Za-z]{2,8}$/;
/**
 * Simple address, 2–8 letter suffix, up to two domain parts after the first (SPEC §5), so a
 * university's `name@mail.school.edu.cn` passes: what
 * /^[\w.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+){0,2}\.[A-Za-z]{2,8}$/ accepts, checked part by part so
 * that no pattern nests quantifiers.
 */
export function isEmail(s: string): boolean {
  const at = s.indexOf('@');
  if (at < 0 || !EMAIL_LOCAL.test(s.slice(0, at))) return false;
  const labels = s.slice(at + 1).split('.');
  return labels.length >= 2 && labels.length <= 4 && EMAIL_SUFFIX.test(labels.pop()!) && labels.every((l) => EMAIL_LABEL.test(l));
}
export const EMAIL_MSG = '请输入正确的邮箱';

/**
 * Letters and digits both present, 8–20 characters without spaces: what the message promises and
 * what the server enforces (PASSWORD_PATTERN in request schemas, isPassword in handlers).
 */
export const PASSWORD_PATTERN = '^(?=.*[A-Za-z])(?=.*\\d)\\S{8,20}$';
export const PASSWORD_RE = new RegExp(PASSWORD_PATTERN);
export const PASSWORD_MSG = '必须含有字母数字,8-20个字符';
export const isPassword = (s: string): boolean => PASSWORD_RE.test(s);
/**
 * The forms' check (SPEC §5: "Only the mixed pattern is checked, not the length"): letters and
 * digits both present. A short or long password passes the form and gets the server's message.
 */
export const isPasswordMix = (s: string): boolean => /[A-Za-z]/.test(s) && /\d/.test(s);

/** 我的导图 (issue 33): the per-student limits (the trash counts: it is still stored), said on the list before they bite. */
export const MAX_OWN_MAPS = 300;
export const MAX_OWN_BYTES = 100 * 1024 * 1024;
/** Days a map stays in 回收站 before it is deleted for good. */
export const TRASH_DAYS = 30;
export const MAX_TITLE_CHARS = 200;

/** The study templates a new own map may start from ('blank': one root topic). */
/** The name (root topic) of a blank own map created without one: a name, not the placeholder 中心主题. */
export const UNTITLED_MAP = '未命名导图';

export const OWN_MAP_TEMPLATES = [
  { key: 'blank', name: '空白导图', hint: '只有一个中心主题，从零开始' },
  { key: 'notes', name: '课程笔记', hint: '按章节记要点、例子、疑问和课后小结' },
  { key: 'review', name: '复习提纲', hint: '考试范围、重点难点、易错题和复习计划' },
  { key: 'project', name: '项目分解', hint: '目标、任务拆解、时间安排、风险和交付物' },
] as const;
export type TemplateKey = (typeof OWN_MAP_TEMPLATES)[number]['key'];

/** How a shared map's member role (contract/sharing.ts MemberRole) is named on screen. */
export const ROLE_LABEL: Record<'edit' | 'view', string> = { edit: '可编辑', view: '只读' };

// The live socket's subprotocol and close codes (contract/live.ts has the protocol).
export const LIVE_PROTOCOL = 'xuetu-live.1';
/** Largest frame either way: a save's body limit (a pasted branch is one set). */
export const LiveClose = {
  /** normal close by the server (shutting down: reconnect elsewhere) */
  goingAway: 1001,
  /** a frame that is not JSON or not a LiveIn message */
  malformed: 4400,
  /** session expired (log in again, then reconnect) */
  unauthenticated: 4401,
  /** removed from the map, or the map no longer shared/writable */
  forbidden: 4403,
  /** the map was deleted */
  gone: 4404,
  /** no pong to two pings */
  timeout: 4408,
  /** a frame over LIVE_MAX_FRAME (the WebSocket library's own code, "Max payload size exceeded") */
  tooBig: 1009,
  /** too many messages: reconnect later */
  flood: 4429,
  /** the client reads too slowly (its send buffer stayed full): reconnect and catch up */
  slowConsumer: 4509,
} as const;

// Sharing a map with classmates (contract/sharing.ts): the refusals the page also says itself.
/** Members per map, the owner not counted. */
export const MAX_MAP_MEMBERS = 30;
/** A student's own progress marks on a node (已学, 正在学): on a shared map each member's are their own, never the map's. */
export const PROGRESS_KEYS: readonly string[] = ['isStudy', 'isNow'];

/** The refusals, as sent in errMsg. */
export const SHARE_MSG = {
  unknownStudentNo: '没有找到该学号的同学，请核对后再邀请',
  ambiguousStudentNo: '该学号对应多名同学，请联系老师核对学号',
  self: '不能邀请自己',
  already: '该同学已经是这张导图的成员',
  limit: `每张导图最多共享给 ${MAX_MAP_MEMBERS} 位同学`,
  notOwner: '只有导图的创建者可以管理成员',
  notMember: '你不是这张导图的成员',
  readOnly: '你在这张导图中是只读成员，不能修改',
  noMap: '导图不存在或已被删除',
  /** to a former member (removed by the owner, or left) opening the map again; anyone else gets noMap */
  removed: '你已不在这张导图的共享成员中',
  notApplied: '该同学尚未报名这个案例，报名后才能共享案例导图',
  ownerGone: '导图的创建者已结业或不再学习这个案例，导图不能再修改',
  ownNow: '你自己导图上的正在学随导图一起保存，无需单独标记',
} as const;
