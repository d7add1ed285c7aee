/**
 * Field rules of SPEC §5 with their exact messages. A validator returns the message to show, or
 * null when the value passes. Optional fields pass when empty.
 */
export type Validator = (value: string) => string | null;

export const MESSAGES = {
  loginNameRequired: '请输入手机号',
  passwordRequired: '请输入密码',
  phone: '请输入正确的手机号',
  email: '请输入正确的邮箱',
  required: '输入不可以为空',
  passwordMix: '必须含有字母数字,8-20个字符',
  captchaWrong: '验证码错误！',
} as const;

const PHONE = /^1[2-9]\d{9}$/;
// name@host.suffix or name@host.part.suffix: a 2-8 letter suffix, at most two parts after '@'.
const EMAIL = /^[\w.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)?\.[A-Za-z]{2,8}$/;
// Letters and digits both present. SPEC §5: only this is checked, not the 8-20 length in the hint.
const LETTERS_AND_DIGITS = /^(?=.*[A-Za-z])(?=.*\d).+$/;

export const validatePhone: Validator = (v) => (v === '' || PHONE.test(v) ? null : MESSAGES.phone);

export const validateEmail: Validator = (v) => (v === '' || EMAIL.test(v) ? null : MESSAGES.email);

export const validatePassword: Validator = (v) => {
  if (v === '') return MESSAGES.required;
  return LETTERS_AND_DIGITS.test(v) ? null : MESSAGES.passwordMix;
};

export const requireLoginName: Validator = (v) => (v.trim() === '' ? MESSAGES.loginNameRequired : null);

export const requirePassword: Validator = (v) => (v === '' ? MESSAGES.passwordRequired : null);
