import type { FastifyError } from 'fastify';

/**
 * Chinese names of request fields, so a 400 tells the student which input was wrong.
 * Modules add their fields here as they declare schemas.
 */
export const fieldLabels: Record<string, string> = {
  loginName: '登录名',
  password: '密码',
  oldPassword: '原密码',
  newPassword: '新密码',
  loginType: '登录类型',
  currentNum: '页码',
  currentSize: '每页条数',
  name: '姓名',
  sex: '性别',
  phone: '手机号',
  email: '邮箱',
  id: '编号',
  uid: '编号',
  // a course opened from an address with an empty id said "officialCourseId不能为空"
  officialCourseId: '课程编号',
  courseId: '课程编号',
};

export function describeValidationError(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return '参数错误';
  const params = first.params as Record<string, unknown> | undefined;
  const missing = typeof params?.missingProperty === 'string' ? params.missingProperty : undefined;
  const path = (first.instancePath || '').split('/').filter(Boolean);
  const field = missing ?? path[path.length - 1] ?? '';
  const label = fieldLabels[field] ?? field;
  if (!label) return '参数错误';
  if (missing) return `缺少参数：${label}`;
  // A length bound is something the student can act on: say it in words, not as a format error.
  const limit = typeof params?.limit === 'number' ? params.limit : undefined;
  if (first.keyword === 'maxLength' && limit !== undefined) return `${label}不能超过${limit}个字符`;
  if (first.keyword === 'minLength' && limit !== undefined) return limit <= 1 ? `${label}不能为空` : `${label}不能少于${limit}个字符`;
  return `参数格式错误：${label}`;
}
