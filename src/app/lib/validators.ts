import { EMAIL_MSG, isEmail, isPasswordMix, isPhone, PASSWORD_MSG, PHONE_MSG } from '../../contract/rules';

/**
 * Field rules of SPEC §5 with their exact messages. A validator returns the message to show, or
 * null when the value passes. Optional fields pass when empty. The rules themselves are the
 * server's (src/contract/rules.ts); the password form checks only the letter/digit mix (SPEC §5).
 */
export type Validator = (value: string) => string | null;

export const MESSAGES = {
  loginNameRequired: '请输入手机号',
  passwordRequired: '请输入密码',
  phone: PHONE_MSG,
  email: EMAIL_MSG,
  required: '输入不可以为空',
  passwordMix: PASSWORD_MSG,
  captchaWrong: '验证码错误！',
} as const;

export const validatePhone: Validator = (v) => (v === '' || isPhone(v) ? null : MESSAGES.phone);

export const validateEmail: Validator = (v) => (v === '' || isEmail(v) ? null : MESSAGES.email);

export const validatePassword: Validator = (v) => {
  if (v === '') return MESSAGES.required;
  // SPEC §5: the form checks the mix only; the length is the server's check (same message).
  return isPasswordMix(v) ? null : MESSAGES.passwordMix;
};

export const requireLoginName: Validator = (v) => (v.trim() === '' ? MESSAGES.loginNameRequired : null);

export const requirePassword: Validator = (v) => (v === '' ? MESSAGES.passwordRequired : null);
