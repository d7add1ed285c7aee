/** Validation rules of SPEC §5, shared by every module that accepts these fields. */
export const PHONE_RE = /^1[2-9]\d{9}$/;
export const PHONE_MSG = '请输入正确的手机号';
const EMAIL_LOCAL = /^[\w.+-]+$/;
const EMAIL_LABEL = /^[A-Za-z0-9-]+$/;
const EMAIL_SUFFIX = /^[A-Za-z]{2,8}$/;
/**
 * Simple address, 2–8 letter suffix, up to two domain parts after the first (SPEC §5): what
 * /^[\w.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+){0,2}\.[A-Za-z]{2,8}$/ accepts, checked part by part so
 * that no pattern nests quantifiers (tests/server/security/redos.test.ts).
 */
export function isEmail(s: string): boolean {
  const at = s.indexOf('@');
  if (at < 0 || !EMAIL_LOCAL.test(s.slice(0, at))) return false;
  const labels = s.slice(at + 1).split('.');
  return labels.length >= 2 && labels.length <= 4 && EMAIL_SUFFIX.test(labels.pop()!) && labels.every((l) => EMAIL_LABEL.test(l));
}
export const EMAIL_MSG = '请输入正确的邮箱';
// The server enforces what the hint promises: letters and digits, 8–20 characters.
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)\S{8,20}$/;
export const PASSWORD_MSG = '必须含有字母数字,8-20个字符';
